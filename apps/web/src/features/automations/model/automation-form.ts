import {
  AutomationTextSchema,
  ordinal,
  suggestedNameFor,
  type Automation,
  type Trigger,
} from '@hustle/shared/automations';
import { nextScheduledDate, type LocalDate } from '@hustle/shared/dates';
import { formatLongDate } from '../../../ui/dates.ts';

/** What the "Repeats" control picks; the monthly kinds are chosen below it. */
export type Frequency = 'DAILY' | 'WEEKLY' | 'MONTHLY' | 'YEARLY';
/** A monthly automation runs on a day of the month, its last day, or an n-th weekday. */
export type MonthlyBy = 'DAY' | 'LAST_DAY' | 'WEEKDAY';
export type Nth = 1 | 2 | 3 | 4 | -1;

/** The create and edit screens' form (spec §2 "Create automation screen", decisions 026, 063). */
export interface AutomationForm {
  frequency: Frequency;
  /** The day of the month (monthly by day, yearly). */
  day: number | null;
  /** ISO weekdays, 1 (Monday) … 7 (Sunday), in week order. */
  weekdays: number[];
  monthlyBy: MonthlyBy;
  nth: Nth;
  nthWeekday: number;
  /** 1–12, for yearly. */
  month: number;
  /** Every N days, weeks, months or years. */
  interval: number;
  /** The day "every N" counts from (YYYY-MM-DD): today for a new one, kept when editing. */
  startsOn: string;
  /** Where its tasks go; null: the inbox. */
  projectId: string | null;
  taskName: string;
  name: string;
  /** Once the user types the name by hand it is theirs; until then it follows day and task. */
  isNameEdited: boolean;
}

export type AutomationFormEvent =
  | { type: 'pickFrequency'; frequency: Frequency }
  | { type: 'pickDay'; day: number }
  | { type: 'toggleWeekday'; weekday: number }
  | { type: 'pickMonthlyBy'; monthlyBy: MonthlyBy }
  | { type: 'pickNth'; nth: Nth }
  | { type: 'pickNthWeekday'; weekday: number }
  | { type: 'pickMonth'; month: number }
  | { type: 'setInterval'; interval: number }
  | { type: 'pickProject'; projectId: string | null }
  | { type: 'editTaskName'; value: string }
  | { type: 'editName'; value: string };

export const EMPTY_FORM: AutomationForm = {
  frequency: 'MONTHLY',
  day: null,
  weekdays: [],
  monthlyBy: 'DAY',
  nth: 1,
  nthWeekday: 1,
  month: 1,
  interval: 1,
  startsOn: '',
  projectId: null,
  taskName: '',
  name: '',
  isNameEdited: false,
};

/** The form's fields for a trigger (editing one). */
function fieldsOf(trigger: Trigger): Partial<AutomationForm> {
  const every = {
    interval: trigger.interval ?? 1,
    ...(trigger.startsOn ? { startsOn: trigger.startsOn } : {}),
  };
  switch (trigger.frequency) {
    case 'MONTHLY':
      return { ...every, frequency: 'MONTHLY', day: trigger.dayOfMonth };
    case 'WEEKLY':
      return { ...every, frequency: 'WEEKLY', weekdays: trigger.weekdays };
    case 'DAILY':
      return { ...every, frequency: 'DAILY' };
    case 'LAST_DAY_OF_MONTH':
      return { ...every, frequency: 'MONTHLY', monthlyBy: 'LAST_DAY' };
    case 'WEEKDAY_OF_MONTH':
      return {
        ...every,
        frequency: 'MONTHLY',
        monthlyBy: 'WEEKDAY',
        nth: trigger.nth,
        nthWeekday: trigger.weekday,
      };
    case 'YEARLY':
      return { ...every, frequency: 'YEARLY', month: trigger.month, day: trigger.dayOfMonth };
  }
}

/**
 * An automation being edited: its name is the user's, so it no longer follows the fields.
 * `today` (YYYY-MM-DD) is where a new "every N" would count from.
 */
export function formOf(automation: Automation, today = ''): AutomationForm {
  return {
    ...EMPTY_FORM,
    startsOn: today,
    ...fieldsOf(automation.trigger),
    projectId: automation.projectId ?? null,
    taskName: automation.steps[0]?.payload.taskName ?? '',
    name: automation.name,
    isNameEdited: true,
  };
}

/** A day of the given month that exists in some year (29 February does). */
const LONGEST_MONTHS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
export const daysInMonthAtMost = (month: number): number => LONGEST_MONTHS[month - 1] ?? 31;

/** The rule the form's kind describes, or null while it lacks a day or a weekday. */
function ruleOfForm(
  form: Partial<AutomationForm> & Pick<AutomationForm, 'frequency' | 'day' | 'weekdays'>,
): Trigger | null {
  switch (form.frequency) {
    case 'MONTHLY':
      if (form.monthlyBy === 'LAST_DAY') return { frequency: 'LAST_DAY_OF_MONTH' };
      if (form.monthlyBy === 'WEEKDAY')
        return { frequency: 'WEEKDAY_OF_MONTH', nth: form.nth ?? 1, weekday: form.nthWeekday ?? 1 };
      return form.day === null ? null : { frequency: 'MONTHLY', dayOfMonth: form.day };
    case 'WEEKLY':
      return form.weekdays.length === 0 ? null : { frequency: 'WEEKLY', weekdays: form.weekdays };
    case 'DAILY':
      return { frequency: 'DAILY' };
    case 'YEARLY': {
      const month = form.month ?? 1;
      return form.day === null || form.day > daysInMonthAtMost(month)
        ? null
        : { frequency: 'YEARLY', month, dayOfMonth: form.day };
    }
  }
}

/** The trigger the form describes, or null while it lacks a day or a weekday. */
export function triggerOfForm(
  form: Partial<AutomationForm> & Pick<AutomationForm, 'frequency' | 'day' | 'weekdays'>,
): Trigger | null {
  const rule = ruleOfForm(form);
  const interval = form.interval ?? 1;
  if (!rule || interval <= 1 || !form.startsOn) return rule;
  return { ...rule, interval, startsOn: form.startsOn };
}

/** The sentence the name auto-fills with, or '' until there is a day and a task to name. */
function suggestedNameOf(form: AutomationForm): string {
  const task = form.taskName.trim();
  const trigger = triggerOfForm(form);
  return trigger && task ? suggestedNameFor(trigger, task) : '';
}

function applyEvent(form: AutomationForm, event: AutomationFormEvent): AutomationForm {
  switch (event.type) {
    case 'pickFrequency':
      return { ...form, frequency: event.frequency };
    case 'pickDay':
      return { ...form, day: event.day };
    case 'pickMonthlyBy':
      return { ...form, monthlyBy: event.monthlyBy };
    case 'pickNth':
      return { ...form, nth: event.nth };
    case 'pickNthWeekday':
      return { ...form, nthWeekday: event.weekday };
    case 'pickMonth':
      return { ...form, month: event.month };
    case 'setInterval':
      return { ...form, interval: event.interval };
    case 'pickProject':
      return { ...form, projectId: event.projectId };
    case 'toggleWeekday': {
      const has = form.weekdays.includes(event.weekday);
      const weekdays = has
        ? form.weekdays.filter((day) => day !== event.weekday)
        : [...form.weekdays, event.weekday].sort((a, b) => a - b);
      return { ...form, weekdays };
    }
    case 'editTaskName':
      return { ...form, taskName: event.value };
    case 'editName':
      return form;
  }
}

export function reduceForm(form: AutomationForm, event: AutomationFormEvent): AutomationForm {
  if (event.type === 'editName') {
    // Clearing the name hands it back to the auto-fill; typing anything else keeps it.
    return { ...form, name: event.value, isNameEdited: event.value !== '' };
  }
  const next = applyEvent(form, event);
  return next.isNameEdited ? next : { ...next, name: suggestedNameOf(next) };
}

const taskNameSchema = AutomationTextSchema('The task name');
const nameSchema = AutomationTextSchema('The automation name');

const problemOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? 'Check this field.');

export interface FormCheck {
  taskNameError: string | null;
  nameError: string | null;
  canSave: boolean;
  /** Why Save is held back, in a few words; null when it is not. */
  blocker: string | null;
}

const MISSING_WHEN: Record<Frequency, string> = {
  MONTHLY: 'Pick a day of the month.',
  WEEKLY: 'Pick at least one weekday.',
  DAILY: '',
  YEARLY: 'Pick a day that month has.',
};

/** The largest N the form offers for "every N". */
export const MAX_INTERVAL_FIELD = 99;
const isIntervalOk = (interval: number) =>
  Number.isInteger(interval) && interval >= 1 && interval <= MAX_INTERVAL_FIELD;

/**
 * spec §5: both texts ≤ 100 characters without a trailing newline; Save needs a day (or a
 * weekday) and a task.
 */
export function checkForm(
  form: AutomationForm,
  { isSaving, isAtLimit }: { isSaving: boolean; isAtLimit: boolean },
): FormCheck {
  const taskNameError = problemOf(taskNameSchema.safeParse(form.taskName));
  const nameError = problemOf(nameSchema.safeParse(form.name));
  const blocker = isAtLimit
    ? 'Your plan’s automation limit is reached.'
    : !isIntervalOk(form.interval)
      ? `Repeat every 1 to ${MAX_INTERVAL_FIELD}.`
      : triggerOfForm(form) === null
        ? MISSING_WHEN[form.frequency]
        : !form.taskName.trim()
          ? 'Name the task it should add.'
          : taskNameError || nameError
            ? 'Fix the fields above.'
            : null;
  return { taskNameError, nameError, canSave: blocker === null && !isSaving, blocker };
}

/** 'This automation will trigger on <D MMMM YYYY>', counting today (spec §2). */
export function nextRunSentence(trigger: Trigger, today: LocalDate): string {
  return `This automation will trigger on ${formatLongDate(nextScheduledDate(trigger, today))}`;
}

/** spec §2's sentence for a monthly day. */
export const triggerSentence = (day: number, today: LocalDate): string =>
  nextRunSentence({ frequency: 'MONTHLY', dayOfMonth: day }, today);

/** spec §2 / §9: days above 28 fall back to the last day of shorter months. */
export function shortMonthNote(day: number): string | null {
  return day > 28
    ? `In months without a ${ordinal(day)}, it runs on the last day of the month.`
    : null;
}
