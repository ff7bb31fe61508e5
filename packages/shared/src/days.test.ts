import { describe, expect, it } from 'vitest';
import {
  addDaysTo,
  carryOver,
  clockTimeIn,
  daysBetween,
  isDay,
  isTimeZone,
  isWithinRange,
  needsCarryOver,
  orderAfterCarryOver,
  todayIn,
  weekdayOfDay,
  type PlannedDayEntry,
} from './days.ts';
import { DaySchema, TimeZoneNameSchema } from './day-schemas.ts';

const entry = (taskId: string, day: string, carried = 0, done = false): PlannedDayEntry => ({
  taskId,
  day,
  carried,
  done,
});
const never = { backToInboxAfter: null };

/** What a device shows after the rule, as it would run it on its copy. */
function today(list: PlannedDayEntry[], instant: string, timeZone: string) {
  const day = todayIn(instant, timeZone);
  const result = carryOver(list, day, never);
  return { day, result };
}

describe('days', () => {
  it('reads only real dates, in the one form', () => {
    for (const good of ['2026-11-27', '2028-02-29', '2000-02-29', '2026-12-31']) {
      expect(isDay(good)).toBe(true);
    }
    for (const bad of ['2026-02-30', '2027-02-29', '2100-02-29', '2026-13-01', '2026-00-10']) {
      expect(isDay(bad)).toBe(false);
    }
    for (const bad of [
      '2026-1-5',
      '27.11.2026',
      '2026-11-27T00:00',
      '',
      'tomorrow',
      '0999-01-01',
    ]) {
      expect(isDay(bad)).toBe(false);
    }
    expect(DaySchema.safeParse('2026-02-30').error?.issues[0]?.message).toMatch(/real day/);
  });

  it('counts calendar days, across month and year ends and summer time', () => {
    expect(addDaysTo('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDaysTo('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDaysTo('2026-03-29', 1)).toBe('2026-03-30');
    expect(daysBetween('2026-10-24', '2026-10-26')).toBe(2);
    expect(daysBetween('2026-11-27', '2026-11-20')).toBe(-7);
    expect(weekdayOfDay('2026-11-30')).toBe(1);
    expect(weekdayOfDay('2026-11-29')).toBe(7);
  });

  it('tells the time of day where the user is, on a 24-hour clock', () => {
    const instant = '2026-11-27T23:05:00.000Z';
    expect(clockTimeIn(instant, 'UTC')).toBe('23:05');
    expect(clockTimeIn(instant, 'Europe/Warsaw')).toBe('00:05');
    expect(clockTimeIn(new Date(instant), 'Asia/Kolkata')).toBe('04:35');
  });

  it('knows today where the user is, and which zones exist', () => {
    const instant = '2026-11-27T23:30:00.000Z';
    expect(todayIn(instant, 'UTC')).toBe('2026-11-27');
    expect(todayIn(instant, 'Europe/Warsaw')).toBe('2026-11-28');
    expect(todayIn(instant, 'America/Los_Angeles')).toBe('2026-11-27');
    expect(todayIn('2026-11-27T09:00:00.000Z', 'Pacific/Kiritimati')).toBe('2026-11-27');
    expect(todayIn('2026-11-27T10:00:00.000Z', 'Pacific/Kiritimati')).toBe('2026-11-28');
    expect(isTimeZone('Europe/Warsaw')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(TimeZoneNameSchema.safeParse('Mars/Olympus').error?.issues[0]?.message).toMatch(
      /Unknown time zone/,
    );
  });

  it('keeps days within five years of today, either way', () => {
    expect(isWithinRange('2031-11-27', '2026-11-27')).toBe(true);
    expect(isWithinRange('2031-11-28', '2026-11-27')).toBe(false);
    expect(isWithinRange('2021-11-27', '2026-11-27')).toBe(true);
    expect(isWithinRange('2021-11-26', '2026-11-27')).toBe(false);
    expect(isWithinRange('2033-02-28', '2028-02-29')).toBe(true);
    expect(isWithinRange('2033-03-01', '2028-02-29')).toBe(false);
  });
});

describe('carry-over', () => {
  const list = [
    entry('today', '2026-11-27'),
    entry('yesterday', '2026-11-26'),
    entry('done-yesterday', '2026-11-26', 0, true),
    entry('tomorrow', '2026-11-28'),
    entry('old', '2026-11-24', 2),
  ];

  it('moves open tasks of past days to today, counting the days they were carried across', () => {
    const result = carryOver(list, '2026-11-27', never);
    expect(result).toEqual({
      moved: [
        { taskId: 'yesterday', carried: 1 },
        { taskId: 'old', carried: 5 },
      ],
      unplanned: [],
    });
  });

  it('puts them at the top or the bottom, in their order, and changes nothing run again', () => {
    const order = list.map((item) => item.taskId);
    const result = carryOver(list, '2026-11-27', never);
    expect(orderAfterCarryOver(order, result, 'top')).toEqual([
      'yesterday',
      'old',
      'today',
      'done-yesterday',
      'tomorrow',
    ]);
    expect(orderAfterCarryOver(order, result, 'bottom')).toEqual([
      'today',
      'done-yesterday',
      'tomorrow',
      'yesterday',
      'old',
    ]);
    const after = list.map((item) => {
      const moved = result.moved.find((m) => m.taskId === item.taskId);
      return moved ? { ...item, day: '2026-11-27', carried: moved.carried } : item;
    });
    expect(needsCarryOver(after, '2026-11-27')).toBe(false);
    expect(carryOver(after, '2026-11-27', never)).toEqual({ moved: [], unplanned: [] });
  });

  it('gives the same count whether it runs every midnight or once days later', () => {
    let daily = [entry('a', '2026-11-24')];
    for (const day of ['2026-11-25', '2026-11-26', '2026-11-27']) {
      const { moved } = carryOver(daily, day, never);
      daily = moved.map((m) => entry(m.taskId, day, m.carried));
    }
    const once = carryOver([entry('a', '2026-11-24')], '2026-11-27', never);
    expect(daily).toEqual([entry('a', '2026-11-27', 3)]);
    expect(once.moved).toEqual([{ taskId: 'a', carried: 3 }]);
  });

  it('sends a task back after the set number of carry-overs', () => {
    const result = carryOver(list, '2026-11-27', { backToInboxAfter: 3 });
    expect(result).toEqual({ moved: [{ taskId: 'yesterday', carried: 1 }], unplanned: ['old'] });
    const order = orderAfterCarryOver(
      list.map((item) => item.taskId),
      result,
      'top',
    );
    expect(order).not.toContain('old');
  });

  it('turns at midnight where the user is, not in UTC', () => {
    const planned = [entry('a', '2026-11-27')];
    // 23:59 in Warsaw is 22:59 UTC: still the 27th there.
    expect(today(planned, '2026-11-27T22:59:00.000Z', 'Europe/Warsaw').result.moved).toEqual([]);
    // A minute past midnight in Warsaw, still the 27th in UTC: carried.
    const after = today(planned, '2026-11-27T23:01:00.000Z', 'Europe/Warsaw');
    expect(after.day).toBe('2026-11-28');
    expect(after.result.moved).toEqual([{ taskId: 'a', carried: 1 }]);
    expect(today(planned, '2026-11-27T23:01:00.000Z', 'UTC').result.moved).toEqual([]);
  });

  it('carries once across a change to or from summer time, on the 23- and 25-hour days', () => {
    // Warsaw leaves summer time on 25 October 2026 (a 25-hour day) and enters it on 29 March.
    const autumn = [entry('a', '2026-10-25')];
    expect(today(autumn, '2026-10-25T22:30:00.000Z', 'Europe/Warsaw').result.moved).toEqual([]);
    expect(today(autumn, '2026-10-25T23:00:00.000Z', 'Europe/Warsaw').result.moved).toEqual([
      { taskId: 'a', carried: 1 },
    ]);
    const spring = [entry('b', '2026-03-29')];
    expect(today(spring, '2026-03-29T21:59:00.000Z', 'Europe/Warsaw').result.moved).toEqual([]);
    expect(today(spring, '2026-03-29T22:00:00.000Z', 'Europe/Warsaw').result.moved).toEqual([
      { taskId: 'b', carried: 1 },
    ]);
    // New York changes clocks on another weekend: the same rule, its own midnight.
    const us = [entry('c', '2026-11-01')];
    expect(today(us, '2026-11-02T04:59:00.000Z', 'America/New_York').result.moved).toEqual([]);
    expect(today(us, '2026-11-02T05:00:00.000Z', 'America/New_York').result.moved).toEqual([
      { taskId: 'c', carried: 1 },
    ]);
  });

  it('follows a change of time zone: east carries at once, west moves nothing back', () => {
    const instant = '2026-11-27T20:00:00.000Z';
    const planned = [entry('a', '2026-11-27'), entry('b', '2026-11-28')];
    // In Los Angeles it is the 27th at noon: nothing to carry.
    expect(today(planned, instant, 'America/Los_Angeles').result.moved).toEqual([]);
    // Flying to Tokyo, where it is already the 28th: 'a' is carried, 'b' is today's.
    const east = today(planned, instant, 'Asia/Tokyo');
    expect(east.day).toBe('2026-11-28');
    expect(east.result.moved).toEqual([{ taskId: 'a', carried: 1 }]);
    // Back west to Honolulu (the 27th, 10:00): tomorrow's task stays tomorrow's, nothing moves.
    const moved = [entry('a', '2026-11-28', 1), entry('b', '2026-11-28')];
    const west = today(moved, instant, 'Pacific/Honolulu');
    expect(west.day).toBe('2026-11-27');
    expect(west.result).toEqual({ moved: [], unplanned: [] });
  });
});
