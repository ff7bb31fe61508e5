import { describe, expect, it } from 'vitest';
import { upcomingHeading } from './upcoming-labels.ts';

describe('upcomingHeading', () => {
  const today = '2026-11-27';
  it('names today, tomorrow and this week’s days, with the date beside them', () => {
    expect(upcomingHeading(today, today)).toEqual({ title: 'Today', date: '27 November' });
    expect(upcomingHeading('2026-11-28', today)).toEqual({
      title: 'Tomorrow',
      date: '28 November',
    });
    expect(upcomingHeading('2026-12-03', today)).toEqual({ title: 'Thursday', date: '3 December' });
  });

  it('gives later days as a date with its weekday', () => {
    expect(upcomingHeading('2026-12-04', today)).toEqual({ title: 'Fri 4 December', date: '' });
  });
});
