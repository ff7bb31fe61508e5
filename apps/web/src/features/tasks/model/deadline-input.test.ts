import { describe, expect, it } from 'vitest';
import { deadlineInput } from './deadline-input.ts';

describe('deadlineInput', () => {
  const today = '2026-11-27';
  it('takes a real date within five years, and empty as no deadline', () => {
    expect(deadlineInput('2026-12-04', today)).toEqual({ deadline: '2026-12-04', error: null });
    expect(deadlineInput('2022-01-01', today)).toEqual({ deadline: '2022-01-01', error: null });
    expect(deadlineInput('  ', today)).toEqual({ deadline: null, error: null });
  });

  it('says what is wrong with an impossible or far-off date', () => {
    expect(deadlineInput('2026-02-30', today).error).toBe('Pick a date from the calendar.');
    expect(deadlineInput('2032-01-01', today).error).toBe(
      'Pick a date within five years of today.',
    );
  });
});
