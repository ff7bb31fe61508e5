import { describe, expect, it } from 'vitest';
import { findRepeatPhrases } from './repeat-phrases.ts';

describe('findRepeatPhrases', () => {
  it('finds a phrase with its place in the text', () => {
    expect(findRepeatPhrases('Pay rent every 15th please', '2026-11-27')).toEqual([
      {
        start: 9,
        end: 19,
        text: 'every 15th',
        trigger: { frequency: 'MONTHLY', dayOfMonth: 15 },
      },
    ]);
  });

  it('reads the plural and lists of weekdays once each', () => {
    expect(findRepeatPhrases('every mondays and monday', '2026-11-27')[0]!.trigger).toEqual({
      frequency: 'WEEKLY',
      weekdays: [1],
    });
  });

  it('refuses a day of the month that no month has', () => {
    expect(findRepeatPhrases('every 32nd', '2026-11-27')[0]!.trigger).toBeNull();
  });

  it('finds nothing in words that only contain the phrase', () => {
    expect(findRepeatPhrases('Read everyday-ish books, codziennik', '2026-11-27')).toEqual([
      expect.objectContaining({ text: 'everyday' }),
    ]);
    expect(findRepeatPhrases('Read every book', '2026-11-27')).toEqual([]);
  });
});
