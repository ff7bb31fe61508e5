import { describe, expect, it } from 'vitest';
import {
  firstScreenModules,
  staticClosure,
  wholeContractImporters,
} from './first-screen-chunks.ts';
import {
  API_CLIENT,
  EXECUTE_SCREEN,
  PLAN_SCREEN,
  SIGNED_OUT_SCREENS,
  WHOLE_CONTRACT,
} from './first-screens.ts';

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

  it('put the rest of each screen with it, and what the login shares with them apart', () => {
    const modules = firstScreenModules('main', importsOf);
    expect([...modules.plan].sort()).toEqual(['card', PLAN_SCREEN].sort());
    expect([...modules.execute].sort()).toEqual([EXECUTE_SCREEN, 'row'].sort());
    expect(modules.withLogin).toContain('field');
    expect(modules.withLogin).not.toContain(contractModule);
  });

  it('name what imports the whole contract statically on the way to a first list, and nothing else', () => {
    expect(wholeContractImporters('main', importsOf)).toEqual([]);
    // The login screens and other lazy screens may; they are not on a first screen's way.
    const withLinks: typeof graph = { ...graph, [signedOut]: ['field', WHOLE_CONTRACT] };
    expect(wholeContractImporters('main', (id) => withLinks[id] ?? [])).toEqual([]);
    const withLeak: typeof graph = { ...graph, row: [WHOLE_CONTRACT] };
    expect(wholeContractImporters('main', (id) => withLeak[id] ?? [])).toEqual(['row']);
  });
});
