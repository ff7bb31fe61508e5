import { z } from 'zod';
import { ClientIdSchema, IdSchema as Id } from './ids.ts';
import { LIMITS } from './constants.ts';
import { nameText, shortenText } from './text.ts';
import { parseIsoDate } from './dates.ts';
import { DaySchema } from './day-schemas.ts';
import { iCalendarOf, isRuleSchedule, scheduleOfICalendar, type Every } from './recurrence.ts';

/**
 * spec §2's five statuses of the status screen, and two for automations people tuned: PAUSED (no
 * runs until resumed) and SKIPPED (this period's run was skipped on purpose).
 */
export const AUTOMATION_STATUSES = [
  'DONE',
  'IDLE',
  'ERROR',
  'ACTIVE',
  'WARNING',
  'SKIPPED',
  'PAUSED',
] as const;
export type AutomationStatus = (typeof AUTOMATION_STATUSES)[number];

/** The status screen's order: what needs attention first, what is done last. */
export const AUTOMATION_STATUS_ORDER: Record<AutomationStatus, number> = {
  ERROR: 0,
  WARNING: 1,
  ACTIVE: 2,
  IDLE: 3,
  SKIPPED: 4,
  PAUSED: 5,
  DONE: 6,
};

export const FREQUENCIES = [
  'MONTHLY',
  'WEEKLY',
  'DAILY',
  'LAST_DAY_OF_MONTH',
  'WEEKDAY_OF_MONTH',
  'YEARLY',
] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** The largest N of "every N days, weeks, months or years". */
export const MAX_INTERVAL = 99;

/** spec §5: at most 100 characters, and a trailing newline is rejected. */
export const AutomationTextSchema = (what: string) =>
  nameText(
    z
      .string()
      .max(
        LIMITS.automationNameMaxLength,
        `${what} has at most ${LIMITS.automationNameMaxLength} characters.`,
      )
      .refine((value) => !/\n$/.test(value), `${what} cannot end with a new line.`),
    what,
  );

export const DayOfMonthSchema = z
  .number()
  .int()
  .min(1, 'Pick a day from 1 to 31.')
  .max(31, 'Pick a day from 1 to 31.');

/** 1 (Monday) … 7 (Sunday). */
const WeekdaySchema = z
  .number()
  .int()
  .min(1, 'Weekdays go from 1 (Monday) to 7 (Sunday).')
  .max(7, 'Weekdays go from 1 (Monday) to 7 (Sunday).');

export const WeekdaysSchema = z
  .array(WeekdaySchema)
  .min(1, 'Pick at least one weekday.')
  .max(7, 'A week has seven days.')
  .refine((days) => new Set(days).size === days.length, 'Each weekday once.')
  .transform((days) => [...days].sort((a, b) => a - b));

const MonthlyTriggerSchema = z
  .object({ frequency: z.literal('MONTHLY'), dayOfMonth: DayOfMonthSchema })
  .strict();

const IntervalSchema = z
  .number()
  .int()
  .min(1, `Repeat every 1 to ${MAX_INTERVAL}.`)
  .max(MAX_INTERVAL, `Repeat every 1 to ${MAX_INTERVAL}.`);

/**
 * The first day an "every N" counts from. The server keeps it within five years of the user's
 * today, by its own clock, as it keeps planned days.
 */
const StartsOnSchema = DaySchema;

/** "Every N": how many periods apart, counted from `startsOn`. */
const every = { interval: IntervalSchema.optional(), startsOn: StartsOnSchema.optional() };

/** The first … fourth weekday of the month, or -1 for its last. */
const NthSchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(-1)], {
  error: 'Pick the first, second, third, fourth or last (-1) weekday of the month.',
});

const MONTH_LENGTHS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * When an automation runs, as sent: spec §3's MONTHLY, WEEKLY on chosen weekdays, DAILY, the last
 * day of the month, the n-th weekday of the month (-1: the last) or a day of the year
 * (decision 063); each may repeat every N periods from a start date. MONTHLY alone is the spec's
 * exact shape.
 */
export const TriggerSchema = z
  .discriminatedUnion('frequency', [
    MonthlyTriggerSchema.extend(every).strict(),
    z.object({ frequency: z.literal('WEEKLY'), weekdays: WeekdaysSchema, ...every }).strict(),
    z.object({ frequency: z.literal('DAILY'), ...every }).strict(),
    z.object({ frequency: z.literal('LAST_DAY_OF_MONTH'), ...every }).strict(),
    z
      .object({
        frequency: z.literal('WEEKDAY_OF_MONTH'),
        nth: NthSchema,
        weekday: WeekdaySchema,
        ...every,
      })
      .strict(),
    z
      .object({
        frequency: z.literal('YEARLY'),
        month: z
          .number()
          .int()
          .min(1, 'Pick a month from 1 to 12.')
          .max(12, 'Pick a month from 1 to 12.'),
        dayOfMonth: DayOfMonthSchema,
        ...every,
      })
      .strict()
      .refine(
        (trigger) => trigger.dayOfMonth <= MONTH_LENGTHS[trigger.month - 1]!,
        'That month has no such day.',
      ),
  ])
  .refine(
    (trigger) => (trigger.interval ?? 1) === 1 || trigger.startsOn !== undefined,
    'Repeating every N needs the date it counts from (startsOn).',
  )
  .transform(normalTrigger);

/**
 * One way to write each rule: "every 1" is plain (no interval, no start), so the same rule is
 * stored, compared and answered alike. Both sides run it (the web's copy, the server's rows).
 */
export function normalTrigger<T extends Every>(trigger: T): T {
  const { interval, startsOn, ...rule } = trigger;
  return ((interval ?? 1) > 1 ? { ...rule, interval, startsOn } : rule) as T;
}

/**
 * The stored text of a rule that only an RRULE says (decision 063), or null for spec §3's
 * MONTHLY and decision 026's plain weekly and daily, which keep their columns.
 */
export const storedRuleOf = (trigger: Trigger): string | null =>
  isRuleSchedule(trigger) ? iCalendarOf(trigger) : null;

/** Reads a stored rule back; one the app could not have written is an error, never run. */
export function triggerOfStoredRule(text: string): Trigger {
  const schedule = scheduleOfICalendar(text);
  const trigger = schedule && TriggerOutSchema.safeParse(schedule);
  if (!trigger?.success) throw new Error(`Not a rule this app writes: ${text}`);
  return trigger.data;
}

const everyOut = { interval: z.number().int().optional(), startsOn: z.string().optional() };

/** The trigger as answered (already checked, so nothing to transform). */
export const TriggerOutSchema = z.discriminatedUnion('frequency', [
  z.object({ frequency: z.literal('MONTHLY'), dayOfMonth: z.number().int(), ...everyOut }),
  z.object({ frequency: z.literal('WEEKLY'), weekdays: z.array(z.number().int()), ...everyOut }),
  z.object({ frequency: z.literal('DAILY'), ...everyOut }),
  z.object({ frequency: z.literal('LAST_DAY_OF_MONTH'), ...everyOut }),
  z.object({
    frequency: z.literal('WEEKDAY_OF_MONTH'),
    nth: NthSchema,
    weekday: z.number().int(),
    ...everyOut,
  }),
  z.object({
    frequency: z.literal('YEARLY'),
    month: z.number().int(),
    dayOfMonth: z.number().int(),
    ...everyOut,
  }),
]);
export type Trigger = z.infer<typeof TriggerOutSchema>;

const TaskStepSchema = z.object({
  type: z.literal('TASK'),
  payload: z.object({
    taskName: AutomationTextSchema('A task name').pipe(
      z.string().trim().min(1, 'A task needs a name.'),
    ),
  }),
});

/** spec §3 reading 1: trigger + steps. */
const TriggerStepsSchema = z
  .object({
    /** Made by the client (offline creates, decision 021); the same create again answers it. */
    id: ClientIdSchema.optional(),
    workspaceId: Id,
    name: AutomationTextSchema('An automation name').optional(),
    trigger: TriggerSchema,
    steps: z.array(TaskStepSchema).length(1, 'An automation has one task step.'),
    /** The project its tasks go to (decision 063); without one, the workspace's inbox. */
    projectId: Id.optional(),
  })
  .strict();

/** spec §3 reading 2: day + actions. */
const DayActionsSchema = z
  .object({
    /** Made by the client (offline creates, decision 021); the same create again answers it. */
    id: ClientIdSchema.optional(),
    workspaceId: Id,
    name: AutomationTextSchema('An automation name').optional(),
    day: DayOfMonthSchema,
    actions: z.array(TaskStepSchema).length(1, 'An automation has one task step.'),
  })
  .strict();

/** Both wire readings of spec §3, normalised to one shape. */
export const CreateAutomationBodySchema = z
  .union([TriggerStepsSchema, DayActionsSchema])
  .transform((body) => ({
    id: body.id,
    workspaceId: body.workspaceId,
    name: body.name?.trim() || undefined,
    trigger:
      'trigger' in body ? body.trigger : { frequency: 'MONTHLY' as const, dayOfMonth: body.day },
    taskName: ('steps' in body ? body.steps : body.actions)[0]!.payload.taskName,
    projectId: 'projectId' in body ? body.projectId : undefined,
  }));

export const AutomationSchema = z.object({
  id: z.string(),
  name: z.string(),
  trigger: TriggerOutSchema,
  steps: z.array(
    z.object({ type: z.literal('TASK'), payload: z.object({ taskName: z.string() }) }),
  ),
  /** Configure screen badge (spec §3): ON, or PAUSED until resumed. */
  status: z.enum(['ON', 'PAUSED']),
  createdAt: z.string(),
  /** The project its tasks go to; absent for the workspace's inbox (decision 063). */
  projectId: z.string().optional(),
});
export type Automation = z.infer<typeof AutomationSchema>;

/** Where a run's task is now: null once the user deleted it. */
export const RunTaskSchema = z
  .object({ id: z.string(), name: z.string(), state: z.enum(['IDLE', 'PLANNED', 'DONE']) })
  .nullable();
export type RunTask = z.infer<typeof RunTaskSchema>;

export const AutomationStatusItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(AUTOMATION_STATUSES),
  /**
   * The period this status is for: the month, 'YYYY-MM', of a monthly automation; the run's day,
   * 'YYYY-MM-DD', of a weekly or daily one.
   */
  period: z.string(),
  frequency: z.enum(FREQUENCIES),
  /** The task this period's run made. */
  task: RunTaskSchema,
});
export type AutomationStatusItem = z.infer<typeof AutomationStatusItemSchema>;

/** 'YYYY-MM' or 'YYYY-MM-DD', a real date. */
export const PeriodSchema = z
  .string()
  .max(10)
  .refine(
    (text) => parseIsoDate(text) !== null,
    'Expected a month (YYYY-MM) or a day (YYYY-MM-DD).',
  );

/** One past (or skipped coming) period of an automation's history. */
export const AutomationRunSchema = z.object({
  period: z.string(),
  status: z.enum(['ACTIVE', 'DONE', 'ERROR', 'SKIPPED']),
  task: RunTaskSchema,
  /** When it ran (or was skipped). */
  createdAt: z.string(),
});
export type AutomationRun = z.infer<typeof AutomationRunSchema>;

export const AutomationHistorySchema = z.object({
  id: z.string(),
  /** The coming run that "skip the next run" would skip; null while paused. */
  nextRun: z.object({ period: z.string(), date: z.string() }).nullable(),
  /** Newest first. */
  runs: z.array(AutomationRunSchema),
});
export type AutomationHistory = z.infer<typeof AutomationHistorySchema>;

/** An edit: any of name, task name and trigger. An empty name brings back the default one. */
export const UpdateAutomationBodySchema = z
  .object({
    name: AutomationTextSchema('An automation name').optional(),
    taskName: AutomationTextSchema('A task name')
      .pipe(z.string().trim().min(1, 'A task needs a name.'))
      .optional(),
    trigger: TriggerSchema.optional(),
    /** Another project for its tasks, or null for the workspace's inbox. */
    projectId: Id.nullable().optional(),
  })
  .strict()
  .refine(
    (body) =>
      body.name !== undefined ||
      body.taskName !== undefined ||
      body.trigger !== undefined ||
      body.projectId !== undefined,
    'Nothing to change.',
  );

/** Skip or retry names the period it is about, so sending it twice does it once. */
export const AutomationPeriodBodySchema = z.object({ period: PeriodSchema }).strict();

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st, 22nd, 23rd … 31st. */
export function ordinal(day: number): string {
  const lastTwo = day % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${day}th`;
  const suffix = { 1: 'st', 2: 'nd', 3: 'rd' }[day % 10] ?? 'th';
  return `${day}${suffix}`;
}

/**
 * spec §2: the name is auto-filled from the day and task until edited by hand. A long task name
 * is shortened so the sentence keeps within the name's limit: Save must never be held back by a
 * field the user did not type in.
 */
export function suggestedAutomationName(day: number, taskName: string): string {
  const sentence = (task: string) => `Monthly on ${ordinal(day)} add ${task} in Execute`;
  const room = LIMITS.automationNameMaxLength - sentence('').length;
  return sentence(shortenText(taskName, room));
}

/** spec §9: the name when none is given. */
export const defaultAutomationName = (day: number): string => `Monthly Automation ${day}`;

const WEEKDAY_NAMES = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
];
export const weekdayName = (weekday: number): string => WEEKDAY_NAMES[weekday - 1] ?? '';
export const weekdayShortName = (weekday: number): string => weekdayName(weekday).slice(0, 3);
const WEEKDAY_SET_NAMES: Record<string, string> = {
  '1,2,3,4,5': 'weekdays',
  '6,7': 'weekends',
};

/** 'Monday', 'Mon, Wed and Fri', 'weekdays'. */
export function weekdaysText(weekdays: readonly number[]): string {
  const named = WEEKDAY_SET_NAMES[weekdays.join(',')];
  if (named) return named;
  if (weekdays.length === 1) return weekdayName(weekdays[0]!);
  const short = weekdays.map(weekdayShortName);
  return `${short.slice(0, -1).join(', ')} and ${short.at(-1)}`;
}

const NTH_NAMES: Record<number, string> = {
  1: 'First',
  2: 'Second',
  3: 'Third',
  4: 'Fourth',
  [-1]: 'Last',
};
export const nthName = (nth: number): string => NTH_NAMES[nth] ?? '';

const MONTH_SHORT_NAMES = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];
export const monthShortName = (month: number): string => MONTH_SHORT_NAMES[month - 1] ?? '';

/** "month", "3 months". */
const units = (interval: number, unit: string) => (interval > 1 ? `${interval} ${unit}s` : unit);

/**
 * The rule in plain words: 'Every month on the 5th', 'Every Mon and Thu', 'Every day', 'Every 2
 * weeks on Mon, Thu', 'Last day of every month', 'First Monday of every month', 'Every year on
 * 3 Dec'.
 */
export function triggerText(trigger: Trigger): string {
  const interval = trigger.interval ?? 1;
  switch (trigger.frequency) {
    case 'MONTHLY':
      return `Every ${units(interval, 'month')} on the ${ordinal(trigger.dayOfMonth)}`;
    case 'WEEKLY':
      return interval > 1
        ? `Every ${interval} weeks on ${
            WEEKDAY_SET_NAMES[trigger.weekdays.join(',')] ??
            trigger.weekdays.map(weekdayShortName).join(', ')
          }`
        : `Every ${weekdaysText(trigger.weekdays)}`;
    case 'DAILY':
      return interval > 1 ? `Every ${interval} days` : 'Every day';
    case 'LAST_DAY_OF_MONTH':
      return `Last day of every ${units(interval, 'month')}`;
    case 'WEEKDAY_OF_MONTH':
      return `${nthName(trigger.nth)} ${weekdayName(trigger.weekday)} of every ${units(interval, 'month')}`;
    case 'YEARLY':
      return `Every ${units(interval, 'year')} on ${trigger.dayOfMonth} ${monthShortName(trigger.month)}`;
  }
}

/** Whether the trigger is one of decision 063's rules, named by its plain words. */
const isPlainWordsRule = (trigger: Trigger) =>
  (trigger.interval ?? 1) > 1 || !['MONTHLY', 'WEEKLY', 'DAILY'].includes(trigger.frequency);

/** The name when none is given: spec §9's for monthly, the same pattern for weekly and daily. */
export function defaultNameFor(trigger: Trigger): string {
  if (isPlainWordsRule(trigger)) return shortenText(triggerText(trigger), 100);
  switch (trigger.frequency) {
    case 'MONTHLY':
      return defaultAutomationName(trigger.dayOfMonth);
    case 'WEEKLY':
      return shortenText(`Weekly Automation ${weekdaysText(trigger.weekdays)}`, 100);
    default:
      return 'Daily Automation';
  }
}

/** The auto-filled name for any trigger; monthly keeps spec §2's sentence. */
export function suggestedNameFor(trigger: Trigger, taskName: string): string {
  if (trigger.frequency === 'MONTHLY' && !isPlainWordsRule(trigger))
    return suggestedAutomationName(trigger.dayOfMonth, taskName);
  const lead = isPlainWordsRule(trigger)
    ? triggerText(trigger)
    : trigger.frequency === 'WEEKLY'
      ? `Weekly on ${weekdaysText(trigger.weekdays)}`
      : 'Daily';
  const sentence = (task: string) => `${lead} add ${task} in Execute`;
  const room = LIMITS.automationNameMaxLength - sentence('').length;
  return sentence(shortenText(taskName, room));
}
