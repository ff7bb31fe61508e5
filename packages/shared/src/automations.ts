import { z } from 'zod';
import { IdSchema as Id } from './ids.ts';
import { LIMITS } from './constants.ts';
import { nameText, shortenText } from './text.ts';

export const AUTOMATION_STATUSES = ['DONE', 'IDLE', 'ERROR', 'ACTIVE', 'WARNING'] as const;
export type AutomationStatus = (typeof AUTOMATION_STATUSES)[number];

/** The status screen's order: what needs attention first, what is done last. */
export const AUTOMATION_STATUS_ORDER: Record<AutomationStatus, number> = {
  ERROR: 0,
  WARNING: 1,
  ACTIVE: 2,
  IDLE: 3,
  DONE: 4,
};

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
    workspaceId: Id,
    name: AutomationTextSchema('An automation name').optional(),
    trigger: z.object({ frequency: z.literal('MONTHLY'), dayOfMonth: DayOfMonthSchema }),
    steps: z.array(TaskStepSchema).length(1, 'An automation has one task step.'),
  })
  .strict();

/** spec §3 reading 2: day + actions. */
const DayActionsSchema = z
  .object({
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
    workspaceId: body.workspaceId,
    name: body.name?.trim() || undefined,
    dayOfMonth: 'trigger' in body ? body.trigger.dayOfMonth : body.day,
    taskName: ('steps' in body ? body.steps : body.actions)[0]!.payload.taskName,
  }));

export const AutomationSchema = z.object({
  id: z.string(),
  name: z.string(),
  trigger: z.object({ frequency: z.literal('MONTHLY'), dayOfMonth: z.number().int() }),
  steps: z.array(
    z.object({ type: z.literal('TASK'), payload: z.object({ taskName: z.string() }) }),
  ),
  /** Configure screen badge (spec §3): automations run until deleted. */
  status: z.literal('ON'),
  createdAt: z.string(),
});
export type Automation = z.infer<typeof AutomationSchema>;

export const AutomationStatusItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(AUTOMATION_STATUSES),
  /** The month this status is for, 'YYYY-MM'. */
  period: z.string(),
});
export type AutomationStatusItem = z.infer<typeof AutomationStatusItemSchema>;

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
