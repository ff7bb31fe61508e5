import { describe, expect, it } from 'vitest';
import {
  checkForm,
  EMPTY_FORM,
  formOf,
  nextRunSentence,
  reduceForm,
  shortMonthNote,
  triggerOfForm,
  triggerSentence,
  type AutomationForm,
  type AutomationFormEvent,
} from './automation-form.ts';

const apply = (...events: AutomationFormEvent[]): AutomationForm =>
  events.reduce(reduceForm, EMPTY_FORM);
const idle = { isSaving: false, isAtLimit: false };

describe('the next-date sentence', () => {
  it('counts today and names the date as D MMMM YYYY', () => {
    expect(triggerSentence(21, { year: 2026, month: 11, day: 21 })).toBe(
      'This automation will trigger on 21 November 2026',
    );
    expect(triggerSentence(25, { year: 2026, month: 11, day: 21 })).toBe(
      'This automation will trigger on 25 November 2026',
    );
  });

  it('moves to next month (and next year) once the day has passed', () => {
    expect(triggerSentence(3, { year: 2026, month: 11, day: 21 })).toBe(
      'This automation will trigger on 3 December 2026',
    );
    expect(triggerSentence(3, { year: 2026, month: 12, day: 21 })).toBe(
      'This automation will trigger on 3 January 2027',
    );
  });

  it('uses the last day of a shorter month', () => {
    expect(triggerSentence(31, { year: 2026, month: 11, day: 5 })).toBe(
      'This automation will trigger on 30 November 2026',
    );
    expect(triggerSentence(30, { year: 2028, month: 2, day: 1 })).toBe(
      'This automation will trigger on 29 February 2028',
    );
  });

  it('adds the short-month note only above 28', () => {
    expect(shortMonthNote(28)).toBeNull();
    expect(shortMonthNote(1)).toBeNull();
    expect(shortMonthNote(29)).toBe(
      'In months without a 29th, it runs on the last day of the month.',
    );
    expect(shortMonthNote(31)).toBe(
      'In months without a 31st, it runs on the last day of the month.',
    );
  });
});

describe('the automation name', () => {
  it('fills itself from the day and the task, with correct ordinals', () => {
    expect(apply({ type: 'pickDay', day: 21 }).name).toBe('');
    expect(
      apply({ type: 'pickDay', day: 21 }, { type: 'editTaskName', value: 'Pay rent' }).name,
    ).toBe('Monthly on 21st add Pay rent in Execute');
    expect(
      apply(
        { type: 'editTaskName', value: 'Pay rent' },
        { type: 'pickDay', day: 2 },
        { type: 'pickDay', day: 13 },
      ).name,
    ).toBe('Monthly on 13th add Pay rent in Execute');
  });

  it('shortens itself for a long task name, so Save is not held back by it', () => {
    const taskName = 'Check the quarterly statements of every account and file them in the folder';
    const form = apply({ type: 'pickDay', day: 28 }, { type: 'editTaskName', value: taskName });
    expect(checkForm(form, idle).taskNameError).toBeNull();
    expect(form.name.length).toBeLessThanOrEqual(100);
    expect(form.name).toMatch(/^Monthly on 28th add Check the quarterly .*… in Execute$/);
    expect(checkForm(form, idle)).toMatchObject({ canSave: true, nameError: null });
  });

  it('stops following once edited by hand, and resumes when cleared', () => {
    const edited = apply(
      { type: 'pickDay', day: 1 },
      { type: 'editTaskName', value: 'Invoice' },
      { type: 'editName', value: 'Invoices' },
      { type: 'pickDay', day: 3 },
      { type: 'editTaskName', value: 'Send invoice' },
    );
    expect(edited.name).toBe('Invoices');

    const cleared = [
      { type: 'editName', value: '' },
      { type: 'pickDay', day: 22 },
    ] satisfies AutomationFormEvent[];
    expect(cleared.reduce(reduceForm, edited).name).toBe(
      'Monthly on 22nd add Send invoice in Execute',
    );
  });
});

describe('Save', () => {
  it('needs a day and a task name', () => {
    expect(checkForm(EMPTY_FORM, idle)).toMatchObject({
      canSave: false,
      blocker: 'Pick a day of the month.',
    });
    expect(checkForm(apply({ type: 'pickDay', day: 5 }), idle)).toMatchObject({
      canSave: false,
      blocker: 'Name the task it should add.',
    });
    const blank = apply({ type: 'pickDay', day: 5 }, { type: 'editTaskName', value: '   ' });
    expect(checkForm(blank, idle).canSave).toBe(false);
    const ready = apply({ type: 'pickDay', day: 5 }, { type: 'editTaskName', value: 'Rent' });
    expect(checkForm(ready, idle)).toEqual({
      canSave: true,
      blocker: null,
      taskNameError: null,
      nameError: null,
    });
  });

  it('is blocked while saving and at the plan limit', () => {
    const ready = apply({ type: 'pickDay', day: 5 }, { type: 'editTaskName', value: 'Rent' });
    expect(checkForm(ready, { isSaving: true, isAtLimit: false }).canSave).toBe(false);
    expect(checkForm(ready, { isSaving: false, isAtLimit: true }).canSave).toBe(false);
  });

  it('refuses texts over 100 characters or ending in a new line', () => {
    const long = apply(
      { type: 'pickDay', day: 5 },
      { type: 'editTaskName', value: 'x'.repeat(101) },
    );
    expect(checkForm(long, idle)).toMatchObject({
      canSave: false,
      taskNameError: 'The task name has at most 100 characters.',
    });
    const exactly = apply(
      { type: 'pickDay', day: 5 },
      { type: 'editTaskName', value: 'x'.repeat(100) },
    );
    expect(checkForm(exactly, idle).taskNameError).toBeNull();
    const newline = apply(
      { type: 'pickDay', day: 5 },
      { type: 'editTaskName', value: 'Rent' },
      { type: 'editName', value: 'Rent\n' },
    );
    expect(checkForm(newline, idle)).toMatchObject({
      canSave: false,
      nameError: 'The automation name cannot end with a new line.',
    });
  });
});

describe('weekly and daily in the form (decision 026)', () => {
  const weekly = (...events: AutomationFormEvent[]) =>
    [{ type: 'pickFrequency', frequency: 'WEEKLY' } as const, ...events].reduce(
      reduceForm,
      EMPTY_FORM,
    );

  it('keeps the weekdays in week order, toggling each on and off', () => {
    const form = weekly(
      { type: 'toggleWeekday', weekday: 5 },
      { type: 'toggleWeekday', weekday: 1 },
      { type: 'toggleWeekday', weekday: 3 },
      { type: 'toggleWeekday', weekday: 5 },
    );
    expect(form.weekdays).toEqual([1, 3]);
    expect(triggerOfForm(form)).toEqual({ frequency: 'WEEKLY', weekdays: [1, 3] });
  });

  it('asks for a weekday before Save, and names the automation from the days and task', () => {
    expect(checkForm(weekly(), idle)).toMatchObject({
      canSave: false,
      blocker: 'Pick at least one weekday.',
    });
    const ready = weekly(
      { type: 'toggleWeekday', weekday: 6 },
      { type: 'toggleWeekday', weekday: 7 },
      { type: 'editTaskName', value: 'Clean the flat' },
    );
    expect(ready.name).toBe('Weekly on weekends add Clean the flat in Execute');
    expect(checkForm(ready, idle).canSave).toBe(true);
  });

  it('needs no day for daily, and says the next run counting today', () => {
    const daily = [
      { type: 'pickFrequency', frequency: 'DAILY' } as const,
      { type: 'editTaskName', value: 'Inbox zero' } as const,
    ].reduce(reduceForm, EMPTY_FORM);
    expect(checkForm(daily, idle).canSave).toBe(true);
    expect(daily.name).toBe('Daily add Inbox zero in Execute');
    expect(nextRunSentence({ frequency: 'DAILY' }, { year: 2026, month: 11, day: 24 })).toBe(
      'This automation will trigger on 24 November 2026',
    );
    expect(
      nextRunSentence({ frequency: 'WEEKLY', weekdays: [1] }, { year: 2026, month: 11, day: 24 }),
    ).toBe('This automation will trigger on 30 November 2026');
  });

  it('fills the edit form from an automation, its name kept as the user’s', () => {
    const form = formOf({
      id: 'a1',
      name: 'Yoga',
      trigger: { frequency: 'WEEKLY', weekdays: [2, 4] },
      steps: [{ type: 'TASK', payload: { taskName: 'Stretch' } }],
      status: 'PAUSED',
      createdAt: '2026-11-01T00:00:00.000Z',
    });
    expect(form).toEqual({
      ...EMPTY_FORM,
      frequency: 'WEEKLY',
      weekdays: [2, 4],
      taskName: 'Stretch',
      name: 'Yoga',
      isNameEdited: true,
    });
    expect(reduceForm(form, { type: 'editTaskName', value: 'Plank' }).name).toBe('Yoga');
  });
});

describe('the rules decision 063 adds, in the form', () => {
  const start = { ...EMPTY_FORM, startsOn: '2026-11-27', taskName: 'Pay rent' };

  it('makes the first Monday, the last day, a day of the year and every N', () => {
    const monthly = (events: Parameters<typeof reduceForm>[1][]) =>
      triggerOfForm(events.reduce(reduceForm, start));
    expect(monthly([{ type: 'pickMonthlyBy', monthlyBy: 'WEEKDAY' }])).toEqual({
      frequency: 'WEEKDAY_OF_MONTH',
      nth: 1,
      weekday: 1,
    });
    expect(
      monthly([
        { type: 'pickMonthlyBy', monthlyBy: 'WEEKDAY' },
        { type: 'pickNth', nth: -1 },
        { type: 'pickNthWeekday', weekday: 5 },
      ]),
    ).toEqual({ frequency: 'WEEKDAY_OF_MONTH', nth: -1, weekday: 5 });
    expect(monthly([{ type: 'pickMonthlyBy', monthlyBy: 'LAST_DAY' }])).toEqual({
      frequency: 'LAST_DAY_OF_MONTH',
    });
    expect(
      monthly([
        { type: 'pickFrequency', frequency: 'YEARLY' },
        { type: 'pickMonth', month: 12 },
        { type: 'pickDay', day: 3 },
      ]),
    ).toEqual({ frequency: 'YEARLY', month: 12, dayOfMonth: 3 });
    expect(
      monthly([
        { type: 'pickFrequency', frequency: 'WEEKLY' },
        { type: 'toggleWeekday', weekday: 4 },
        { type: 'toggleWeekday', weekday: 1 },
        { type: 'setInterval', interval: 2 },
      ]),
    ).toEqual({ frequency: 'WEEKLY', weekdays: [1, 4], interval: 2, startsOn: '2026-11-27' });
  });

  it('names it in plain words until edited, and holds Save for a bad N or a missing day', () => {
    const form = [{ type: 'pickMonthlyBy', monthlyBy: 'WEEKDAY' } as const].reduce(
      reduceForm,
      start,
    );
    expect(form.name).toBe('First Monday of every month add Pay rent in Execute');
    const idle = { isSaving: false, isAtLimit: false };
    expect(checkForm({ ...form, interval: 0 }, idle).blocker).toBe('Repeat every 1 to 99.');
    expect(checkForm({ ...form, interval: Number.NaN }, idle).canSave).toBe(false);
    const feb = { ...start, frequency: 'YEARLY' as const, month: 2, day: 30 };
    expect(checkForm(feb, idle).blocker).toBe('Pick a day that month has.');
  });

  it('fills the form back from each kind', () => {
    const automation = (trigger: Parameters<typeof formOf>[0]['trigger']) =>
      formOf(
        {
          id: 'a1',
          name: 'Rent',
          trigger,
          steps: [{ type: 'TASK', payload: { taskName: 'Pay rent' } }],
          status: 'ON',
          createdAt: '2026-11-01T00:00:00.000Z',
          projectId: 'p1',
        },
        '2026-11-27',
      );
    for (const trigger of [
      { frequency: 'WEEKDAY_OF_MONTH', nth: -1, weekday: 5 },
      { frequency: 'LAST_DAY_OF_MONTH', interval: 3, startsOn: '2026-10-01' },
      { frequency: 'YEARLY', month: 12, dayOfMonth: 3 },
      { frequency: 'DAILY', interval: 2, startsOn: '2026-11-02' },
    ] as const) {
      const form = automation(trigger);
      expect(triggerOfForm(form)).toEqual(trigger);
      expect(form.projectId).toBe('p1');
    }
  });
});
