import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SETTING_NAMES } from './config.ts';

const readme = fs.readFileSync(path.resolve(import.meta.dirname, '../../../README.md'), 'utf8');

/** The names in the first column of the README's table under "## Settings". */
function documentedSettings(): string[] {
  const section = readme.split(/^## /m).find((part) => part.startsWith('Settings\n'));
  if (!section) throw new Error('README.md has no "## Settings" section');
  const firstCells = section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => line.split('|')[1]!);
  return firstCells.flatMap((cell) => [...cell.matchAll(/`(\w+)`/g)].map((match) => match[1]!));
}

describe("the README's settings table", () => {
  it('names every setting the server reads, and none it does not', () => {
    const documented = documentedSettings();
    expect(SETTING_NAMES.length).toBeGreaterThan(50);
    expect(SETTING_NAMES.filter((name) => !documented.includes(name))).toEqual([]);
    expect(documented.filter((name) => !SETTING_NAMES.includes(name))).toEqual([]);
  });
});
