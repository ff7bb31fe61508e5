import { describe, expect, it } from 'vitest';
import { estimateInput } from './estimate-input.ts';

describe('estimateInput', () => {
  it.each([
    ['45', 45],
    ['45 min', 45],
    ['1h30', 90],
    ['1.5h', 90],
    ['1,5 h', 90],
    ['8h', 480],
    ['5', 5],
  ])('reads “%s” as %i minutes', (text, minutes) => {
    expect(estimateInput(text)).toEqual({ estimate: minutes, error: null });
  });

  it('clears on an empty field', () => {
    expect(estimateInput('  ')).toEqual({ estimate: null, error: null });
  });

  it('refuses lengths out of range and words that are no length', () => {
    for (const text of ['4', '0', '481', '9h', '1.33h']) {
      expect(estimateInput(text).error).toMatch(/from 5 minutes to 8 hours/);
    }
    for (const text of ['soon', '30m cable', '-5', '1h30 later']) {
      expect(estimateInput(text).error).toMatch(/such as 45/);
    }
  });
});
