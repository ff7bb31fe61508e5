import { describe, expect, it } from 'vitest';
import { carriedEntryIds } from './focus.ts';

const entry = (id: string, seconds: number) => ({ id, seconds });

describe('carriedEntryIds', () => {
  // Newest first: c paused after 300 s, resumed from b (600 s), resumed from a (900 s); z is an
  // earlier session on the same task.
  const entries = [entry('c', 300), entry('b', 600), entry('a', 900), entry('z', 1200)];

  it('names the entries a paused session carries, not its latest nor an earlier session', () => {
    const paused = { entryId: 'c', startedAt: null, carriedSeconds: 1800 };
    expect(carriedEntryIds(entries, paused)).toEqual(['b', 'a']);
  });

  it('names those a running session carries', () => {
    const running = [entry('d', 0), ...entries];
    const focus = { entryId: 'd', startedAt: '2026-11-28T09:00:00Z', carriedSeconds: 1800 };
    expect(carriedEntryIds(running, focus)).toEqual(['c', 'b', 'a']);
  });

  it('names none for a session of one entry, or a timer on an entry not listed', () => {
    expect(
      carriedEntryIds(entries, { entryId: 'c', startedAt: null, carriedSeconds: 300 }),
    ).toEqual([]);
    expect(
      carriedEntryIds(entries, { entryId: 'q', startedAt: null, carriedSeconds: 900 }),
    ).toEqual([]);
  });
});
