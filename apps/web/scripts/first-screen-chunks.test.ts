import { describe, expect, it } from 'vitest';
import { firstScreenModules, staticClosure } from './first-screen-chunks.ts';
import { API_CLIENT, EXECUTE_SCREEN, PLAN_SCREEN, SIGNED_OUT_SCREENS } from './first-screens.ts';

const [contractModule = '', httpClient = ''] = API_CLIENT;
const [signedOut = ''] = SIGNED_OUT_SCREENS;

/** A module graph by static imports: main → react; plan and execute share list → dnd and field. */
const graph: Record<string, string[]> = {
  main: ['react'],
  react: [],
  [contractModule]: ['zod', 'react'],
  [httpClient]: ['zod'],
  zod: [],
  [PLAN_SCREEN]: ['list', 'card', contractModule],
  [EXECUTE_SCREEN]: ['list', 'row', contractModule],
  list: ['dnd', 'field', 'react'],
  dnd: [],
  field: [],
  card: [],
  row: [],
  [signedOut]: ['field', contractModule],
};
const importsOf = (id: string) => graph[id] ?? [];

describe('the modules of a first screen', () => {
  it('follow static imports to the end, each once', () => {
    expect([...staticClosure([PLAN_SCREEN], importsOf)].sort()).toEqual(
      ['card', contractModule, 'dnd', 'field', 'list', PLAN_SCREEN, 'react', 'zod'].sort(),
    );
  });

  it('put the contract and its client together, without what the entry holds', () => {
    expect([...firstScreenModules('main', importsOf).contract].sort()).toEqual(
      [contractModule, httpClient, 'zod'].sort(),
    );
  });

  it('put in the lists what Plan and Execute both import, but not what the login screens do', () => {
    expect([...firstScreenModules('main', importsOf).lists].sort()).toEqual(['dnd', 'list']);
  });
});
