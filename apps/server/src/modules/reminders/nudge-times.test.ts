import { describe, expect, it } from 'vitest';
import { instantAt } from '@hustle/shared/local-instant';
import { localDayAt } from './nudge-times.ts';

describe('a nudge time where the user is', () => {
  it('is the instant that wall-clock time is in the zone, either side of UTC', () => {
    expect(instantAt('2026-11-28', '07:30', 'Pacific/Auckland')).toBe('2026-11-27T18:30:00.000Z');
    expect(instantAt('2026-11-28', '21:00', 'America/Los_Angeles')).toBe(
      '2026-11-29T05:00:00.000Z',
    );
    expect(instantAt('2026-11-28', '09:00', 'UTC')).toBe('2026-11-28T09:00:00.000Z');
    expect(instantAt('2026-11-28', '09:00', 'Asia/Kolkata')).toBe('2026-11-28T03:30:00.000Z');
  });

  it('keeps the wall clock on the days the clocks change', () => {
    // Europe/Warsaw goes to summer time at 02:00 on 29 March 2026 and back on 25 October.
    expect(instantAt('2026-03-29', '08:00', 'Europe/Warsaw')).toBe('2026-03-29T06:00:00.000Z');
    expect(instantAt('2026-03-28', '08:00', 'Europe/Warsaw')).toBe('2026-03-28T07:00:00.000Z');
    expect(instantAt('2026-10-25', '08:00', 'Europe/Warsaw')).toBe('2026-10-25T07:00:00.000Z');
    expect(instantAt('2026-03-29', '02:30', 'Europe/Warsaw')).toBe('2026-03-29T01:30:00.000Z');
  });

  it("gives the user's day and when it began, which may be the day before in UTC", () => {
    expect(localDayAt(new Date('2026-11-27T20:00:00Z'), 'Pacific/Auckland')).toEqual({
      day: '2026-11-28',
      dayStart: '2026-11-27T11:00:00.000Z',
    });
  });
});
