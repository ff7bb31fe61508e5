import { afterEach, describe, expect, it } from 'vitest';
import { todayIn } from '../days.ts';
import type { QuickAddContext } from './quick-add-parts.ts';
import { parseQuickAdd } from './quick-add.ts';

// Friday 27 November 2026.
const TODAY = '2026-11-27';
const projects = [
  { id: 'home', name: 'Home' },
  { id: 'office', name: 'Home office' },
  { id: 'work', name: 'Work' },
];
const context: QuickAddContext = {
  today: TODAY,
  projects,
  canRepeat: true,
  canCreateProject: true,
  // 09:00 in Warsaw.
  now: '2026-11-27T08:00:00Z',
  timeZone: 'Europe/Warsaw',
};
const read = (text: string, more: Partial<QuickAddContext> = {}) =>
  parseQuickAdd(text, { ...context, ...more });

describe('the issue’s examples', () => {
  it('plans “Call Anna tomorrow” for tomorrow and names it “Call Anna”', () => {
    const quick = read('Call Anna tomorrow');
    expect(quick).toMatchObject({ name: 'Call Anna', day: '2026-11-28', deadline: null });
    expect(quick.parts).toEqual([
      expect.objectContaining({ kind: 'day', text: 'tomorrow', day: '2026-11-28' }),
    ]);
  });

  it('reads “Report by Friday” as a deadline, next week’s Friday on a Friday', () => {
    expect(read('Report by Friday')).toMatchObject({
      name: 'Report',
      day: null,
      deadline: '2026-12-04',
    });
    expect(read('Report by Friday', { today: '2026-11-25' }).deadline).toBe('2026-11-27');
  });

  it('takes “next monday” as the Monday of the next week, weeks starting on Monday', () => {
    expect(read('Plan next monday').day).toBe('2026-11-30');
    // On a Sunday the next week starts tomorrow (chrono alone would say 8 days).
    expect(read('Plan next monday', { today: '2026-11-29' }).day).toBe('2026-11-30');
    expect(read('Plan next friday', { today: '2026-11-30' }).day).toBe('2026-12-11');
  });

  it('counts “in 3 days” and finds “3 Dec” ahead, next year once it has passed', () => {
    expect(read('Ship it in 3 days')).toMatchObject({ name: 'Ship it', day: '2026-11-30' });
    expect(read('Party 3 Dec')).toMatchObject({ name: 'Party', day: '2026-12-03' });
    expect(read('Party 3 Dec', { today: '2026-12-04' }).day).toBe('2027-12-03');
    expect(read('Party Dec 3').day).toBe('2026-12-03');
  });

  it('makes “Pay rent every 15th #Home” monthly, adding its tasks to Home', () => {
    const quick = read('Pay rent every 15th #Home');
    expect(quick.trigger).toEqual({ frequency: 'MONTHLY', dayOfMonth: 15 });
    expect(quick.project).toEqual({ id: expect.any(String) });
    expect(quick.parts.map((part) => part.kind)).toEqual(['repeat', 'project']);
    expect(quick.name).toBe('Pay rent');
  });

  it('makes “Water plants every monday” weekly on Monday, with no one-off day', () => {
    expect(read('Water plants every monday')).toMatchObject({
      name: 'Water plants',
      trigger: { frequency: 'WEEKLY', weekdays: [1] },
      day: null,
    });
  });
});

describe('repeats', () => {
  it.each([
    ['Stand-up every weekday', { frequency: 'WEEKLY', weekdays: [1, 2, 3, 4, 5] }],
    ['Gym every mon and thu', { frequency: 'WEEKLY', weekdays: [1, 4] }],
    ['Gym every Tuesday, Thursday', { frequency: 'WEEKLY', weekdays: [2, 4] }],
    ['Relax every weekend', { frequency: 'WEEKLY', weekdays: [6, 7] }],
    ['Vitamins every day', { frequency: 'DAILY' }],
    ['Vitamins daily', { frequency: 'DAILY' }],
    ['Review weekly', { frequency: 'WEEKLY', weekdays: [5] }],
    ['Invoice monthly', { frequency: 'MONTHLY', dayOfMonth: 27 }],
    ['Invoice every month on the 3rd', { frequency: 'MONTHLY', dayOfMonth: 3 }],
    ['Rent on the 1st of every month', { frequency: 'MONTHLY', dayOfMonth: 1 }],
    ['Close books every 31st', { frequency: 'MONTHLY', dayOfMonth: 31 }],
    ['Podlać kwiaty co poniedziałek', { frequency: 'WEEKLY', weekdays: [1] }],
    ['Basen w każdą środę i piątek', { frequency: 'WEEKLY', weekdays: [3, 5] }],
    ['Witaminy codziennie', { frequency: 'DAILY' }],
    ['Czynsz 10. każdego miesiąca', { frequency: 'MONTHLY', dayOfMonth: 10 }],
    ['Czynsz co miesiąc', { frequency: 'MONTHLY', dayOfMonth: 27 }],
  ])('%s', (text, trigger) => {
    const quick = read(text);
    expect(quick.trigger).toEqual(trigger);
    expect(quick.parts.filter((part) => part.kind === 'repeat')).toHaveLength(1);
  });

  it.each([
    ['Water every 2 weeks', { frequency: 'WEEKLY', weekdays: [5], interval: 2, startsOn: TODAY }],
    [
      'Review every other friday',
      { frequency: 'WEEKLY', weekdays: [5], interval: 2, startsOn: TODAY },
    ],
    [
      'Standup every 2 weeks on mon and thu',
      { frequency: 'WEEKLY', weekdays: [1, 4], interval: 2, startsOn: TODAY },
    ],
    ['Gym every other day', { frequency: 'DAILY', interval: 2, startsOn: TODAY }],
    ['Pay every 3 months', { frequency: 'MONTHLY', dayOfMonth: 27, interval: 3, startsOn: TODAY }],
    ['Report every last day of the month', { frequency: 'LAST_DAY_OF_MONTH' }],
    ['Rent on the last day of every month', { frequency: 'LAST_DAY_OF_MONTH' }],
    ['Meet every first monday', { frequency: 'WEEKDAY_OF_MONTH', nth: 1, weekday: 1 }],
    [
      'Review every last friday of the month',
      { frequency: 'WEEKDAY_OF_MONTH', nth: -1, weekday: 5 },
    ],
    ['Birthday every year', { frequency: 'YEARLY', month: 11, dayOfMonth: 27 }],
    [
      'Przegląd co 2 tygodnie',
      { frequency: 'WEEKLY', weekdays: [5], interval: 2, startsOn: TODAY },
    ],
    ['Bieganie co drugi dzień', { frequency: 'DAILY', interval: 2, startsOn: TODAY }],
  ])('reads “%s” as a repeat of the kinds automations learned (decision 063)', (text, trigger) => {
    const quick = read(text);
    expect(quick.trigger).toEqual(trigger);
    expect(quick.day).toBeNull();
    expect(quick.parts.map((part) => part.kind)).toEqual(['repeat']);
  });

  it.each(['Check every morning', 'Ping every hour', 'Backup every 100 days'])(
    'says “%s” is a repeat it cannot do, keeps the words, and finds no day in them',
    (text) => {
      const quick = read(text);
      expect(quick.trigger).toBeNull();
      expect(quick.day).toBeNull();
      expect(quick.parts).toEqual([
        expect.objectContaining({ kind: 'refused', reason: 'repeatNotSupported' }),
      ]);
      expect(quick.name).toBe(text);
    },
  );

  it('says repeats are off when the account has no automations', () => {
    const quick = read('Water plants every monday', { canRepeat: false });
    expect(quick).toMatchObject({ name: 'Water plants every monday', trigger: null, day: null });
    expect(quick.parts[0]).toMatchObject({ kind: 'refused', reason: 'repeatsOff' });
  });

  it('leaves day words in the name of a repeat', () => {
    expect(read('Gym every monday from tomorrow')).toMatchObject({
      name: 'Gym from tomorrow',
      day: null,
    });
  });
});

describe('Polish day words', () => {
  it.each([
    ['Zadzwonić do Anny jutro', 'Zadzwonić do Anny', '2026-11-28'],
    ['Zakupy dziś', 'Zakupy', TODAY],
    ['Zakupy dzisiaj', 'Zakupy', TODAY],
    ['Zakupy pojutrze', 'Zakupy', '2026-11-29'],
    ['Spotkanie w poniedziałek', 'Spotkanie', '2026-11-30'],
    ['Spotkanie we wtorek', 'Spotkanie', '2026-12-01'],
    ['Spotkanie w środę', 'Spotkanie', '2026-12-02'],
    ['Spotkanie w srode', 'Spotkanie', '2026-12-02'],
    ['Spotkanie w czwartek', 'Spotkanie', '2026-12-03'],
    ['Spotkanie w sobotę', 'Spotkanie', '2026-11-28'],
    ['Spotkanie w niedzielę', 'Spotkanie', '2026-11-29'],
    ['Spotkanie w piątek', 'Spotkanie', '2026-12-04'],
    ['Spotkanie w ten piątek', 'Spotkanie', TODAY],
    ['Spotkanie w przyszły poniedziałek', 'Spotkanie', '2026-11-30'],
    ['Spotkanie na jutro', 'Spotkanie', '2026-11-28'],
    ['Wizyta za 3 dni', 'Wizyta', '2026-11-30'],
    ['Wizyta za tydzień', 'Wizyta', '2026-12-04'],
    ['Wizyta za 2 tygodnie', 'Wizyta', '2026-12-11'],
    ['Wigilia 24 grudnia', 'Wigilia', '2026-12-24'],
  ])('%s', (text, name, day) => {
    expect(read(text)).toMatchObject({ name, day, deadline: null });
  });

  it('reads “do …” as a deadline', () => {
    expect(read('Raport do piątku')).toMatchObject({ name: 'Raport', deadline: '2026-12-04' });
    expect(read('Raport do jutra')).toMatchObject({ name: 'Raport', deadline: '2026-11-28' });
    expect(read('Raport do 3 grudnia').deadline).toBe('2026-12-03');
  });

  it('does not take “jutra” alone, nor Polish words inside other words', () => {
    expect(read('Kupić jutra').day).toBeNull();
    expect(read('Dzisiejszy plan').day).toBeNull();
  });
});

describe('no dates where a name has none', () => {
  it.each([
    'May report',
    'Call March',
    'Buy 3 apples',
    'Buy 12 eggs',
    'Room 101',
    'Eat 1/2 cake',
    'Version 3.12',
    'Go to Sun Valley',
    'Sat exam',
    'Do it now',
    'Notes from yesterday',
    'Review last friday',
    'Budget 2027',
    'Plan next month',
    'Wedding 3 Dec 2040',
    'Sprint 5 Dec - 7 Dec',
  ])('%s', (text) => {
    const quick = read(text);
    expect(quick.parts).toEqual([]);
    expect(quick.name).toBe(text);
  });

  it('takes a short weekday after on, by, this or next', () => {
    expect(read('Exam on sat').day).toBe('2026-11-28');
    expect(read('Exam by wed').deadline).toBe('2026-12-02');
  });

  it('takes a time of day as a reminder on the day, not as part of the day (issue 30)', () => {
    expect(read('Call Anna tomorrow at 5pm')).toMatchObject({
      name: 'Call Anna',
      day: '2026-11-28',
      remindAt: '2026-11-28T16:00:00.000Z',
    });
    expect(read('Call Anna at 10 tomorrow')).toMatchObject({
      name: 'Call Anna',
      day: '2026-11-28',
      remindAt: '2026-11-28T09:00:00.000Z',
    });
    expect(read('Meet at 10 with Bob tomorrow')).toMatchObject({
      name: 'Meet at 10 with Bob',
      remindAt: null,
    });
  });

  it('leaves text of several lines as typed', () => {
    expect(read('Call Anna tomorrow\nPay rent every 15th')).toMatchObject({
      name: 'Call Anna tomorrow\nPay rent every 15th',
      parts: [],
    });
  });
});

describe('one day, one deadline', () => {
  it('plans for the first day phrase and keeps a second in the name', () => {
    expect(read('Call Anna tomorrow about Friday')).toMatchObject({
      name: 'Call Anna about Friday',
      day: '2026-11-28',
    });
  });

  it('takes a day and a deadline side by side', () => {
    expect(read('Draft tomorrow due Friday')).toMatchObject({
      name: 'Draft',
      day: '2026-11-28',
      deadline: '2026-12-04',
    });
  });

  it('tidies the seams the parts leave', () => {
    expect(read('Call Anna, tomorrow').name).toBe('Call Anna');
    expect(read('tomorrow: call Anna').name).toBe('call Anna');
  });
});

describe('projects', () => {
  it('picks by a case-insensitive prefix, and the longest whole name', () => {
    expect(read('Fix sink #ho')).toMatchObject({ name: 'Fix sink', project: { id: 'home' } });
    expect(read('Fix sink #home office')).toMatchObject({
      name: 'Fix sink',
      project: { id: 'office' },
    });
    expect(read('#WORK: slides tomorrow')).toMatchObject({
      name: 'slides',
      project: { id: 'work' },
      day: '2026-11-28',
    });
  });

  it('offers to create a project no name starts with, unless the plan is full', () => {
    const quick = read('Book flights #Travel.');
    expect(quick).toMatchObject({ name: 'Book flights.', project: { newName: 'Travel' } });
    expect(quick.parts[0]).toMatchObject({ kind: 'newProject', name: 'Travel' });
    const full = read('Book flights #Travel', { canCreateProject: false });
    expect(full).toMatchObject({ name: 'Book flights #Travel', project: null });
    expect(full.parts[0]).toMatchObject({ kind: 'refused', reason: 'projectLimit' });
  });

  it('leaves # that is no tag: numbers, C#, a word after it', () => {
    expect(read('Fix bug #12').parts).toEqual([]);
    expect(read('Learn C#').parts).toEqual([]);
  });

  it('does not read a day inside a project’s name', () => {
    expect(read('Plan #Friday').day).toBeNull();
  });
});

describe('removed parts', () => {
  it('keeps a removed part’s words in the name, and does not read them again', () => {
    const first = read('Water plants every monday');
    const quick = read('Water plants every monday', { ignored: [first.parts[0]!.key] });
    expect(quick).toMatchObject({ name: 'Water plants every monday', trigger: null, day: null });
    expect(quick.parts).toEqual([]);
  });

  it('keeps a key while more is typed after the part', () => {
    const { key } = read('Call Anna tomorrow').parts[0]!;
    expect(read('Call Anna tomorrow about the report', { ignored: [key] })).toMatchObject({
      name: 'Call Anna tomorrow about the report',
      day: null,
    });
  });
});

describe('time zones and clocks', () => {
  const originalZone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = originalZone;
  });

  it('counts from the user’s today, late in their evening and just after their midnight', () => {
    // 23:30 in Warsaw is 22:30 UTC: still Friday there.
    const lateEvening = todayIn('2026-11-27T22:30:00Z', 'Europe/Warsaw');
    expect(read('Call tomorrow', { today: lateEvening }).day).toBe('2026-11-28');
    // 00:30 in Warsaw is still Friday in UTC, but Saturday for the user.
    const afterMidnight = todayIn('2026-11-27T23:30:00Z', 'Europe/Warsaw');
    expect(read('Call tomorrow', { today: afterMidnight }).day).toBe('2026-11-29');
    // Auckland is a day ahead of Los Angeles at the same instant.
    const instant = '2026-11-27T20:00:00Z';
    expect(read('Call tomorrow', { today: todayIn(instant, 'Pacific/Auckland') }).day).toBe(
      '2026-11-29',
    );
    expect(read('Call tomorrow', { today: todayIn(instant, 'America/Los_Angeles') }).day).toBe(
      '2026-11-28',
    );
  });

  it.each(['Europe/Warsaw', 'America/New_York', 'Australia/Lord_Howe', 'Pacific/Kiritimati'])(
    'gives the same days across summer-time changes, whatever the device’s zone (%s)',
    (zone) => {
      process.env.TZ = zone;
      // The night Europe leaves summer time, and the one it starts it.
      expect(read('Go tomorrow', { today: '2026-10-24' }).day).toBe('2026-10-25');
      expect(read('Go in 3 days', { today: '2026-10-24' }).day).toBe('2026-10-27');
      expect(read('Go jutro', { today: '2026-03-28' }).day).toBe('2026-03-29');
      // The United States change a week later in autumn and earlier in spring.
      expect(read('Go on sunday', { today: '2026-10-31' }).day).toBe('2026-11-01');
      expect(read('Go next monday', { today: '2026-03-07' }).day).toBe('2026-03-09');
      expect(read('Go 3 Dec', { today: '2026-11-27' }).day).toBe('2026-12-03');
    },
  );

  it('reaches at most five years ahead, as a planned day may', () => {
    expect(read('Renew 1 Nov 2031').day).toBe('2031-11-01');
    expect(read('Renew 1 Dec 2031').day).toBeNull();
  });
});
