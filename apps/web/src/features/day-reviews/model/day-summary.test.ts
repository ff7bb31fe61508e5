import { describe, expect, it } from 'vitest';
import { isDayFinished, noteForDay } from './day-summary.ts';

describe('the finished day on the screens', () => {
  const finished = { dayReview: { day: '2026-11-27', note: 'Report first' } };

  it('shows the note on the plan of the day after the finished day only', () => {
    expect(noteForDay(finished, '2026-11-28')).toBe('Report first');
    expect(noteForDay(finished, '2026-11-27')).toBeNull();
    expect(noteForDay(finished, '2026-11-29')).toBeNull();
    expect(noteForDay({ dayReview: { day: '2026-11-27', note: '' } }, '2026-11-28')).toBeNull();
    expect(noteForDay({ dayReview: null }, '2026-11-28')).toBeNull();
  });

  it('says a day is finished once it or a later day was', () => {
    expect(isDayFinished(finished, '2026-11-27')).toBe(true);
    expect(isDayFinished(finished, '2026-11-26')).toBe(true);
    expect(isDayFinished(finished, '2026-11-28')).toBe(false);
    expect(isDayFinished({ dayReview: null }, '2026-11-27')).toBe(false);
  });
});
