import { describe, expect, it } from 'vitest';
import type { QuickAddContext } from './quick-add-parts.ts';
import { parseQuickAdd } from './quick-add.ts';
import { findReminderPhrases } from './reminder-phrases.ts';

// Friday 27 November 2026, 09:00 in Warsaw.
const context: QuickAddContext = {
  today: '2026-11-27',
  now: '2026-11-27T08:00:00Z',
  timeZone: 'Europe/Warsaw',
  projects: [{ id: 'home', name: 'Home' }],
  canRepeat: true,
  canCreateProject: true,
};
const read = (text: string, more: Partial<QuickAddContext> = {}) =>
  parseQuickAdd(text, { ...context, ...more });

describe('reminder times', () => {
  it.each([
    ['Call at 3pm', 'at 3pm', '15:00'],
    ['Call at 3 PM', 'at 3 PM', '15:00'],
    ['Call at 3:30pm', 'at 3:30pm', '15:30'],
    ['Call at 3 p.m.', 'at 3 p.m.', '15:00'],
    ['Call at 12am', 'at 12am', '00:00'],
    ['Call at 12pm', 'at 12pm', '12:00'],
    ['Call 11am', '11am', '11:00'],
    ['Call at 15:00', 'at 15:00', '15:00'],
    ['Call 9:05', '9:05', '09:05'],
    ['Call at 10', 'at 10', '10:00'],
    ['Call at 10.', 'at 10', '10:00'],
    ['Call at 10, then mail', 'at 10', '10:00'],
    ['Call at noon', 'at noon', '12:00'],
    ['Zadzwonić o 9:00', 'o 9:00', '09:00'],
  ])('finds “%s”: %s is %s', (text, phrase, time) => {
    expect(findReminderPhrases(text)).toEqual([
      {
        start: text.indexOf(phrase),
        end: text.indexOf(phrase) + phrase.length,
        text: phrase,
        time,
      },
    ]);
  });

  it.each([
    'Buy 3 apples',
    'Meeting room 9',
    'Look at 3 options',
    'Version 3.12',
    'Ratio 3:2',
    'Read 1:30h',
    'Log 10:30:15',
    'Chat at 25',
    'Wake 13pm',
    'Wake at 24:00',
    'Wake 9:60',
    'Get 1h30',
    'Swim 400m',
    'Call 3',
    'Room A3pm',
    'Note 2.5pm',
    'Meet 1/2 at 4x',
  ])('finds no time in “%s”', (text) => {
    expect(findReminderPhrases(text)).toEqual([]);
  });
});

describe('reminders in quick add', () => {
  it('reminds today without planning the task: “Call Ana at 3pm”', () => {
    const quick = read('Call Ana at 3pm');
    expect(quick).toMatchObject({
      name: 'Call Ana',
      day: null,
      remindAt: '2026-11-27T14:00:00.000Z',
    });
    expect(quick.parts).toEqual([
      expect.objectContaining({ kind: 'reminder', day: '2026-11-27', time: '15:00' }),
    ]);
  });

  it.each([
    ['Call Ana tomorrow 9:00', '2026-11-28', '2026-11-28T08:00:00.000Z'],
    ['Call Ana tomorrow at 9am', '2026-11-28', '2026-11-28T08:00:00.000Z'],
    ['Call Ana at 9am tomorrow', '2026-11-28', '2026-11-28T08:00:00.000Z'],
    ['Call Ana friday at 10', '2026-12-04', '2026-12-04T09:00:00.000Z'],
    ['Call Ana on monday at 15:30', '2026-11-30', '2026-11-30T14:30:00.000Z'],
    ['Zadzwonić do Any jutro o 9:00', '2026-11-28', '2026-11-28T08:00:00.000Z'],
  ])('“%s”: planned for %s, reminded at %s', (text, day, remindAt) => {
    const quick = read(text);
    expect(quick).toMatchObject({ day, remindAt });
    expect(quick.name).toMatch(/^(Call Ana|Zadzwonić do Any)$/u);
    expect(quick.parts.map((part) => part.kind).sort()).toEqual(['day', 'reminder']);
  });

  it('reminds on the deadline’s day: “Report by Friday at 10”', () => {
    expect(read('Report by Friday at 10')).toMatchObject({
      name: 'Report',
      deadline: '2026-12-04',
      remindAt: '2026-12-04T09:00:00.000Z',
    });
  });

  it('refuses a time already gone today, keeping its words', () => {
    const quick = read('Call Ana at 8am');
    expect(quick).toMatchObject({ name: 'Call Ana at 8am', remindAt: null, day: null });
    expect(quick.parts).toEqual([
      expect.objectContaining({ kind: 'refused', reason: 'reminderPast', text: 'at 8am' }),
    ]);
    // Tomorrow at 8 is still to come; today at 9:00 is now, not gone.
    expect(read('Call Ana tomorrow at 8am').remindAt).toBe('2026-11-28T07:00:00.000Z');
    expect(read('Call Ana at 9:00').remindAt).toBe('2026-11-27T08:00:00.000Z');
  });

  it('keeps numbers that are no time, and estimates, as they were', () => {
    expect(read('Buy 3 apples')).toMatchObject({ name: 'Buy 3 apples', parts: [] });
    expect(read('Meeting room 9')).toMatchObject({ name: 'Meeting room 9', parts: [] });
    expect(read('Write report 1h30')).toMatchObject({ estimate: 90, remindAt: null });
    const both = read('Write report at 3pm 30m');
    expect(both).toMatchObject({ name: 'Write report', estimate: 30 });
    expect(both.remindAt).toBe('2026-11-27T14:00:00.000Z');
  });

  it('takes the first time and keeps a second in the name', () => {
    expect(read('Call at 3pm about the 5pm slot')).toMatchObject({
      name: 'Call about the 5pm slot',
      remindAt: '2026-11-27T14:00:00.000Z',
    });
  });

  it('keeps the words of a reminder the user removed', () => {
    const { key } = read('Call Ana tomorrow 9:00').parts[1]!;
    const quick = read('Call Ana tomorrow 9:00', { ignored: [key] });
    expect(quick).toMatchObject({ name: 'Call Ana 9:00', day: '2026-11-28', remindAt: null });
  });

  it('leaves a time in the name of a repeat, as it leaves its days', () => {
    expect(read('Standup every weekday at 9am')).toMatchObject({
      name: 'Standup at 9am',
      remindAt: null,
    });
  });

  it('reads the time on the user’s clock, far from UTC', () => {
    // 08:00 UTC is 21:00 on Thursday in Pago Pago (UTC−11)…
    const pago = {
      now: '2026-11-27T08:00:00Z',
      timeZone: 'Pacific/Pago_Pago',
      today: '2026-11-26',
    };
    expect(read('Call at 23:00', pago).remindAt).toBe('2026-11-27T10:00:00.000Z');
    expect(read('Call at 8pm', pago).parts[0]).toMatchObject({ reason: 'reminderPast' });
    // …and 22:00 on Friday in Kiritimati (UTC+14).
    const kiri = {
      now: '2026-11-27T08:00:00Z',
      timeZone: 'Pacific/Kiritimati',
      today: '2026-11-27',
    };
    expect(read('Call tomorrow at 9am', kiri).remindAt).toBe('2026-11-27T19:00:00.000Z');
  });

  it('holds the time of day across the night summer time starts', () => {
    const eve = { today: '2026-03-28', now: '2026-03-28T20:00:00Z' };
    expect(read('Run tomorrow at 9am', eve).remindAt).toBe('2026-03-29T07:00:00.000Z');
    expect(read('Run at 22:00', eve).remindAt).toBe('2026-03-28T21:00:00.000Z');
  });
});
