import { describe, expect, it } from 'vitest';
import { createTurns } from './one-at-a-time.ts';

describe('createTurns', () => {
  it('gives turns one at a time, in the order they were asked for', async () => {
    const turns = createTurns();
    const log: string[] = [];
    const hold = async (name: string, release: Promise<void>) => {
      const giveBack = await turns.take();
      log.push(`${name} in`);
      await release;
      log.push(`${name} out`);
      giveBack();
      giveBack(); // twice changes nothing
    };
    let releaseA!: () => void;
    const a = hold('a', new Promise<void>((resolve) => (releaseA = resolve)));
    const b = hold('b', Promise.resolve());
    const c = hold('c', Promise.resolve());
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual(['a in']);
    releaseA();
    await Promise.all([a, b, c]);
    expect(log).toEqual(['a in', 'a out', 'b in', 'b out', 'c in', 'c out']);
  });
});
