import type { Trigger } from '../automations.ts';
import type { Day } from '../days.ts';
import type { ProjectChoice } from './project-tags.ts';

/**
 * Quick add (issue 29, decision 062): what a typed task line says besides its name — the day it
 * is planned for, a deadline, a repeat, a project. Each understood part is shown to the user as a
 * chip before Enter and can be removed; the name sent is the text without the parts that apply.
 */
export type QuickAddPart = { key: string; start: number; end: number; text: string } & (
  | { kind: 'day'; day: Day }
  | { kind: 'deadline'; day: Day }
  | { kind: 'repeat'; trigger: Trigger }
  | { kind: 'project'; project: ProjectChoice }
  | { kind: 'newProject'; name: string }
  /** How long it takes, in whole minutes (issue 30). */
  | { kind: 'estimate'; minutes: number }
  /** When to be reminded (issue 30): a time on the day said, or today; `remindAt` in UTC. */
  | { kind: 'reminder'; day: Day; time: string; remindAt: string }
  /** Understood, but nothing will be done with it: its words stay in the name. */
  | { kind: 'refused'; reason: RefusedReason }
);

export type RefusedReason =
  /** A repeat automations cannot do yet ("every 2 weeks"). */
  | 'repeatNotSupported'
  /** Automations are not on for this account. */
  | 'repeatsOff'
  /** A repeat's task has no project yet. */
  /** The plan allows no more projects. */
  | 'projectLimit'
  /** A length outside the estimates' range (5 min to 8 h), or no whole number of minutes. */
  | 'estimateRange'
  /** A reminder time already gone ("at 9am" typed at noon, with no later day said). */
  | 'reminderPast';

export interface QuickAddContext {
  /** The user's today, in their time zone. */
  today: Day;
  /** The moment the text is read: a reminder time before it is refused. */
  now: Date | string;
  /** The user's time zone: a reminder's time of day is on its clock. */
  timeZone: string;
  /** The projects a task can be added to, in the workspace's order. */
  projects: readonly ProjectChoice[];
  canRepeat: boolean;
  canCreateProject: boolean;
  /** Keys of parts the user removed: their words are kept as part of the name. */
  ignored?: readonly string[];
}

export interface QuickAdd {
  /** The today it was read on: "tomorrow" is the day after it. */
  today: Day;
  /** The task's name: the text without the parts that apply, spaces tidied. */
  name: string;
  /** Every part understood, in reading order. */
  parts: QuickAddPart[];
  day: Day | null;
  deadline: Day | null;
  trigger: Trigger | null;
  /** An existing project's id, or the name of one to create. */
  project: { id: string } | { newName: string } | null;
  /** Its estimate in minutes (issue 30); null: none. */
  estimate: number | null;
  /**
   * When to remind, ISO in UTC (issue 30); null: no reminder. A reminder plans nothing by itself:
   * "Call Ana at 3pm" is reminded of today at 15:00 and stays where the field adds it.
   */
  remindAt: string | null;
}
