import { describe, expect, it } from 'vitest';
import { dayBarDays, dayLabel, deadlineText, reminderText, spokenDay } from './day-labels.ts';

describe('day labels', () => {
  it('names today, tomorrow and the days after by weekday and date', () => {
    expect(dayLabel('2026-11-27', '2026-11-27')).toBe('Today');
    expect(dayLabel('2026-11-28', '2026-11-27')).toBe('Tomorrow');
    expect(dayLabel('2026-11-30', '2026-11-27')).toBe('Mon 30 Nov');
    expect(spokenDay('2026-11-28', '2026-11-27')).toBe('Tomorrow, Saturday 28 November');
  });

  it('offers a week from today, across the month end', () => {
    expect(dayBarDays('2026-11-27')).toEqual([
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
    ]);
  });

  it('counts the days left to a deadline, and the days past it', () => {
    expect(deadlineText('2026-11-30', '2026-11-27')).toEqual({
      text: '3 days left',
      isLate: false,
    });
    expect(deadlineText('2026-11-28', '2026-11-27')).toEqual({
      text: 'Due tomorrow',
      isLate: false,
    });
    expect(deadlineText('2026-11-27', '2026-11-27')).toEqual({ text: 'Due today', isLate: false });
    expect(deadlineText('2026-11-26', '2026-11-27')).toEqual({ text: '1 day late', isLate: true });
    expect(deadlineText('2026-11-20', '2026-11-27')).toEqual({ text: '7 days late', isLate: true });
  });

  it('names a reminder by its day and time where the user is', () => {
    // 23:30 UTC on the 27th is already the 28th in Warsaw.
    expect(reminderText('2026-11-27T23:30:00Z', 'Europe/Warsaw', '2026-11-27')).toEqual({
      text: 'Tomorrow 00:30',
      spoken: 'Tomorrow, Saturday 28 November, 00:30',
    });
    expect(reminderText('2026-11-27T09:05:00Z', 'UTC', '2026-11-27').text).toBe('Today 09:05');
    expect(reminderText('2026-11-30T17:00:00Z', 'UTC', '2026-11-27').text).toBe('Mon 30 Nov 17:00');
  });
});
