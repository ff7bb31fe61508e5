import { AutomationTextSchema, ordinal, suggestedAutomationName } from '@hustle/shared/automations';
import { nextRunDate, type LocalDate } from '@hustle/shared/dates';
import { formatLongDate } from '../../../ui/dates.ts';

/** The create screen's form (spec §2 "Create automation screen"). */
export interface AutomationForm {
  day: number | null;
  taskName: string;
  name: string;
  /** Once the user types the name by hand it is theirs; until then it follows day and task. */
  isNameEdited: boolean;
}

export type AutomationFormEvent =
  | { type: 'pickDay'; day: number }
  | { type: 'editTaskName'; value: string }
  | { type: 'editName'; value: string };

export const EMPTY_FORM: AutomationForm = {
  day: null,
  taskName: '',
  name: '',
  isNameEdited: false,
};

/** The sentence the name auto-fills with, or '' until there is a day and a task to name. */
export function suggestedName(day: number | null, taskName: string): string {
  const task = taskName.trim();
  return day !== null && task ? suggestedAutomationName(day, task) : '';
}

export function reduceForm(form: AutomationForm, event: AutomationFormEvent): AutomationForm {
  switch (event.type) {
    case 'pickDay':
    case 'editTaskName': {
      const next =
        event.type === 'pickDay' ? { ...form, day: event.day } : { ...form, taskName: event.value };
      return next.isNameEdited ? next : { ...next, name: suggestedName(next.day, next.taskName) };
    }
    case 'editName':
      // Clearing the name hands it back to the auto-fill; typing anything else keeps it.
      return { ...form, name: event.value, isNameEdited: event.value !== '' };
  }
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

/** spec §5: both texts ≤ 100 characters without a trailing newline; Save needs a day and a task. */
export function checkForm(
  form: AutomationForm,
  { isSaving, isAtLimit }: { isSaving: boolean; isAtLimit: boolean },
): FormCheck {
  const taskNameError = problemOf(taskNameSchema.safeParse(form.taskName));
  const nameError = problemOf(nameSchema.safeParse(form.name));
  const blocker = isAtLimit
    ? 'Your plan’s automation limit is reached.'
    : form.day === null
      ? 'Pick a day of the month.'
      : !form.taskName.trim()
        ? 'Name the task it should add.'
        : taskNameError || nameError
          ? 'Fix the fields above.'
          : null;
  return { taskNameError, nameError, canSave: blocker === null && !isSaving, blocker };
}

/** 'This automation will trigger on <D MMMM YYYY>', counting today (spec §2). */
export function triggerSentence(day: number, today: LocalDate): string {
  return `This automation will trigger on ${formatLongDate(nextRunDate(day, today))}`;
}

/** spec §2 / §9: days above 28 fall back to the last day of shorter months. */
export function shortMonthNote(day: number): string | null {
  return day > 28
    ? `In months without a ${ordinal(day)}, it runs on the last day of the month.`
    : null;
}
