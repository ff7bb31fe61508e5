import {
  AutomationTextSchema,
  ordinal,
  suggestedNameFor,
  type Automation,
  type Trigger,
} from '@hustle/shared/automations';
import { nextScheduledDate, type LocalDate } from '@hustle/shared/dates';
import { formatLongDate } from '../../../ui/dates.ts';

export type Frequency = Trigger['frequency'];

/** The create and edit screens' form (spec §2 "Create automation screen", decision 026). */
export interface AutomationForm {
  frequency: Frequency;
  day: number | null;
  /** ISO weekdays, 1 (Monday) … 7 (Sunday), in week order. */
  weekdays: number[];
  taskName: string;
  name: string;
  /** Once the user types the name by hand it is theirs; until then it follows day and task. */
  isNameEdited: boolean;
}

export type AutomationFormEvent =
  | { type: 'pickFrequency'; frequency: Frequency }
  | { type: 'pickDay'; day: number }
  | { type: 'toggleWeekday'; weekday: number }
  | { type: 'editTaskName'; value: string }
  | { type: 'editName'; value: string };

export const EMPTY_FORM: AutomationForm = {
  frequency: 'MONTHLY',
  day: null,
  weekdays: [],
  taskName: '',
  name: '',
  isNameEdited: false,
};

/** An automation being edited: its name is the user's, so it no longer follows the fields. */
export function formOf(automation: Automation): AutomationForm {
  const { trigger } = automation;
  return {
    frequency: trigger.frequency,
    day: trigger.frequency === 'MONTHLY' ? trigger.dayOfMonth : null,
    weekdays: trigger.frequency === 'WEEKLY' ? trigger.weekdays : [],
    taskName: automation.steps[0]?.payload.taskName ?? '',
    name: automation.name,
    isNameEdited: true,
  };
}

/** The trigger the form describes, or null while it lacks a day or a weekday. */
export function triggerOfForm(form: Pick<AutomationForm, 'frequency' | 'day' | 'weekdays'>) {
  switch (form.frequency) {
    case 'MONTHLY':
      return form.day === null ? null : { frequency: 'MONTHLY' as const, dayOfMonth: form.day };
    case 'WEEKLY':
      return form.weekdays.length === 0
        ? null
        : { frequency: 'WEEKLY' as const, weekdays: form.weekdays };
    case 'DAILY':
      return { frequency: 'DAILY' as const };
  }
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
};

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
