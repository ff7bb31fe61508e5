import { describe, expect, it } from 'vitest';
import type { QuickAddContext } from './quick-add-parts.ts';
import { parseQuickAdd } from './quick-add.ts';

const context: QuickAddContext = {
  today: '2026-11-27',
  projects: [{ id: 'home', name: 'Home' }],
  canRepeat: true,
  canCreateProject: true,
  // 09:00 in Warsaw.
  now: '2026-11-27T08:00:00Z',
  timeZone: 'Europe/Warsaw',
};
const read = (text: string, more: Partial<QuickAddContext> = {}) =>
  parseQuickAdd(text, { ...context, ...more });

describe('estimates in quick add', () => {
  it.each([
    ['Write report 30m', 30],
    ['Write report 45 min', 45],
    ['Write report 2h', 120],
    ['Write report 1h30', 90],
    ['Write report 1h 30m', 90],
    ['Write report 1 h 30 min', 90],
    ['Write report 1.5h', 90],
    ['Write report 8 hours', 480],
    ['Write report 5 minutes', 5],
    // Polish.
    ['Napisać raport 30 min', 30],
    ['Napisać raport 1,5 h', 90],
    ['Napisać raport 2 godz', 120],
  ])('reads “%s” as %i minutes, named without it', (text, minutes) => {
    const quick = read(text);
    expect(quick.estimate).toBe(minutes);
    expect(quick.name).toMatch(/^(Write report|Napisać raport)$/u);
    expect(quick.parts).toEqual([expect.objectContaining({ kind: 'estimate', minutes })]);
  });

  it('leaves a length inside the name alone: “Buy 30m cable”', () => {
    const quick = read('Buy 30m cable');
    expect(quick).toMatchObject({ name: 'Buy 30m cable', estimate: null, parts: [] });
  });

  it('takes a bare “m” as metres past three hours: “Swim 400m”', () => {
    expect(read('Swim 400m')).toMatchObject({ name: 'Swim 400m', estimate: null, parts: [] });
    expect(read('Swim 2m').parts).toEqual([]);
  });

  it('reads an estimate followed by a day and a project', () => {
    const quick = read('Call Anna 30m tomorrow #Home');
    expect(quick).toMatchObject({
      name: 'Call Anna',
      estimate: 30,
      day: '2026-11-28',
      project: { id: 'home' },
    });
    expect(quick.parts.map((part) => part.kind)).toEqual(['estimate', 'day', 'project']);
  });

  it('shows a length out of range as refused, keeping its words', () => {
    for (const text of ['Nap 4 min', 'Marathon 9h', 'Odd 1.33h']) {
      const quick = read(text);
      expect(quick.estimate).toBeNull();
      expect(quick.name).toBe(text);
      expect(quick.parts).toEqual([
        expect.objectContaining({ kind: 'refused', reason: 'estimateRange' }),
      ]);
    }
  });

  it('keeps the words of an estimate the user removed', () => {
    const first = read('Write report 2h');
    const removed = read('Write report 2h', { ignored: [first.parts[0]!.key] });
    expect(removed).toMatchObject({ name: 'Write report 2h', estimate: null, parts: [] });
  });

  it('needs a word boundary: “Room 2h” yes, “B2h” no', () => {
    expect(read('Room 2h').estimate).toBe(120);
    expect(read('Code B2h').estimate).toBeNull();
  });
});
