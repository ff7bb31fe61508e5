import { describe, expect, it } from 'vitest';
import { deadlineInput, plannedDayInput } from './day-input.ts';

describe('deadlineInput', () => {
  const today = '2026-11-27';
  it('takes a real date within five years, and empty as no deadline', () => {
    expect(deadlineInput('2026-12-04', today)).toEqual({ day: '2026-12-04', error: null });
    expect(deadlineInput('2022-01-01', today)).toEqual({ day: '2022-01-01', error: null });
    expect(deadlineInput('  ', today)).toEqual({ day: null, error: null });
  });

  it('says what is wrong with an impossible or far-off date', () => {
    expect(deadlineInput('2026-02-30', today).error).toBe('Pick a date from the calendar.');
    expect(deadlineInput('2032-01-01', today).error).toBe(
      'Pick a date within five years of today.',
    );
  });
});

describe('plannedDayInput', () => {
  const today = '2026-11-29';

  it('takes today and later real dates within five years', () => {
    expect(plannedDayInput('2026-11-29', today)).toEqual({ day: '2026-11-29', error: null });
    expect(plannedDayInput(' 2027-02-28 ', today)).toEqual({ day: '2027-02-28', error: null });
  });

  it('says what is wrong with an empty, impossible, past or far-off date', () => {
    expect(plannedDayInput('', today).error).toBe('Pick the day to plan it for.');
    expect(plannedDayInput('2027-02-29', today).error).toBe('Pick a date from the calendar.');
    expect(plannedDayInput('2026-11-28', today).error).toBe('Pick today or a later day.');
    expect(plannedDayInput('2032-01-01', today).error).toBe(
      'Pick a date within five years of today.',
    );
  });
});
