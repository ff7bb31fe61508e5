import { afterEach, describe, expect, it } from 'vitest';
import { clockTimeIn, todayIn } from './days.ts';
import { instantAt } from './local-instant.ts';

describe('instantAt', () => {
  const originalZone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = originalZone;
  });

  it.each([
    ['2026-11-27', '09:00', 'Europe/Warsaw', '2026-11-27T08:00:00.000Z'],
    ['2026-07-01', '09:00', 'Europe/Warsaw', '2026-07-01T07:00:00.000Z'],
    ['2026-11-27', '00:00', 'UTC', '2026-11-27T00:00:00.000Z'],
    ['2026-11-27', '23:59', 'America/Los_Angeles', '2026-11-28T07:59:00.000Z'],
    // Fourteen hours ahead of UTC: its morning is the day before in UTC.
    ['2026-11-27', '09:00', 'Pacific/Kiritimati', '2026-11-26T19:00:00.000Z'],
    ['2026-11-27', '09:00', 'Pacific/Pago_Pago', '2026-11-27T20:00:00.000Z'],
    ['2026-11-27', '09:00', 'Asia/Kolkata', '2026-11-27T03:30:00.000Z'],
    ['2026-11-27', '09:00', 'Asia/Kathmandu', '2026-11-27T03:15:00.000Z'],
  ])('%s %s in %s is %s', (day, time, zone, instant) => {
    expect(instantAt(day, time, zone)).toBe(instant);
  });

  it('gives the same instant whatever the device’s own zone', () => {
    for (const zone of ['UTC', 'Pacific/Kiritimati', 'America/New_York', 'Asia/Tokyo']) {
      process.env.TZ = zone;
      expect(instantAt('2026-03-29', '09:00', 'Europe/Warsaw')).toBe('2026-03-29T07:00:00.000Z');
      expect(instantAt('2026-11-01', '09:00', 'America/New_York')).toBe('2026-11-01T14:00:00.000Z');
    }
  });

  it('counts the day summer time starts or ends on its own clock', () => {
    // Warsaw: summer time from 02:00 on 29 March, winter time from 03:00 on 25 October 2026.
    expect(instantAt('2026-03-29', '01:30', 'Europe/Warsaw')).toBe('2026-03-29T00:30:00.000Z');
    expect(instantAt('2026-03-29', '15:00', 'Europe/Warsaw')).toBe('2026-03-29T13:00:00.000Z');
    expect(instantAt('2026-10-25', '15:00', 'Europe/Warsaw')).toBe('2026-10-25T14:00:00.000Z');
    // Lord Howe moves by half an hour.
    expect(instantAt('2026-10-04', '09:00', 'Australia/Lord_Howe')).toBe(
      '2026-10-03T22:00:00.000Z',
    );
  });

  it('reads a skipped time as after the jump, a doubled one as the first', () => {
    // 02:30 never shows in Warsaw on 29 March: 03:30 summer time.
    const skipped = instantAt('2026-03-29', '02:30', 'Europe/Warsaw');
    expect(skipped).toBe('2026-03-29T01:30:00.000Z');
    expect(clockTimeIn(skipped, 'Europe/Warsaw')).toBe('03:30');
    // 02:30 shows twice on 25 October: the summer-time one.
    expect(instantAt('2026-10-25', '02:30', 'Europe/Warsaw')).toBe('2026-10-25T00:30:00.000Z');
    expect(instantAt('2026-03-08', '02:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
  });

  it('round-trips with todayIn and clockTimeIn', () => {
    for (const zone of ['Europe/Warsaw', 'Pacific/Kiritimati', 'America/Los_Angeles']) {
      const instant = instantAt('2026-12-31', '23:45', zone);
      expect(todayIn(instant, zone)).toBe('2026-12-31');
      expect(clockTimeIn(instant, zone)).toBe('23:45');
    }
  });

  it('throws for an unknown time zone', () => {
    expect(() => instantAt('2026-11-27', '09:00', 'Mars/Olympus')).toThrow(RangeError);
  });
});
