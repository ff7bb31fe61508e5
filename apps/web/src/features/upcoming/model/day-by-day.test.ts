import { describe, expect, it } from 'vitest';
import { nextDayY } from './day-by-day.ts';

describe('nextDayY (keyboard drag on Upcoming)', () => {
  // Out of order on purpose: dnd-kit gives the days in no particular order.
  const days = [
    { id: '2026-11-28', top: 200, height: 40 },
    { id: '2026-11-27', top: 0, height: 180 },
    { id: '2026-11-29', top: 260, height: 300 },
  ];

  it('centres the row on the next or the previous day', () => {
    expect(nextDayY(days, '2026-11-27', 1, 20)).toBe(210);
    expect(nextDayY(days, '2026-11-29', -1, 20)).toBe(210);
    expect(nextDayY(days, '2026-11-28', 1, 60)).toBe(380);
  });

  it('goes nowhere past either end, or from outside the days', () => {
    expect(nextDayY(days, '2026-11-27', -1, 20)).toBeUndefined();
    expect(nextDayY(days, '2026-11-29', 1, 20)).toBeUndefined();
    expect(nextDayY(days, null, 1, 20)).toBeUndefined();
  });
});
