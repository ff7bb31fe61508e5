import { z } from 'zod';
import { ClientIdSchema, IdSchema as Id } from './ids.ts';
import { NewTaskNameSchema, TaskRenameSchema } from './names.ts';
import { BACK_TO_INBOX_MAX, CAPACITY_MAX, CARRY_OVER_PLACES } from './days.ts';
import { ESTIMATE_MAX, ESTIMATE_MIN } from './estimates.ts';
import { DaySchema, NudgeTimeSchema, TimeZoneNameSchema } from './day-schemas.ts';

export const TASK_STATES = ['IDLE', 'PLANNED', 'DONE'] as const;
export type TaskState = (typeof TASK_STATES)[number];

/** spec §3: DONE if completed, else PLANNED if in the workspace's planned list, else IDLE. */
export function deriveTaskState(completedAt: string | null, isInPlannedList: boolean): TaskState {
  if (completedAt) return 'DONE';
  return isInPlannedList ? 'PLANNED' : 'IDLE';
}

/** Path segments of PUT /api/v1/tasks/{id}/{action} (spec §4: the lowercased action name). */
export const TASK_ACTIONS = ['plan', 'idle', 'complete', 'revert'] as const;
export type TaskAction = (typeof TASK_ACTIONS)[number];

export const TASK_ORIGINS = ['workspace', 'automation'] as const;

export const TaskSchema = z.object({
  id: z.string(),
  name: z.string(),
  projectId: z.string().nullable(),
  automationId: z.string().nullable(),
  planned: z.boolean(),
  done: z.boolean(),
  state: z.enum(TASK_STATES),
  createdAt: z.string(),
  updatedAt: z.string(),
  completedAt: z.string().nullable(),
  /** The day it is planned for in this workspace ('YYYY-MM-DD'); null when not on its list. */
  plannedFor: z.string().nullable(),
  /** How many day ends it was carried across to stay planned; 0 once planned for a day anew. */
  carriedOver: z.number().int(),
  /** The day it is due ('YYYY-MM-DD'), whoever plans it; null: no deadline. */
  deadline: z.string().nullable(),
  /** Whether it has notes: the row shows a mark, the notes come when it opens (issue 31). */
  hasNotes: z.boolean(),
  /** Its checklist's progress, shown on the row as "done/total" (issue 31). */
  checklist: z.object({ done: z.number().int(), total: z.number().int() }),
  /** How long it will take, in whole minutes (issue 30); null: no estimate. */
  estimate: z.number().int().nullable(),
  /** When its reminder fires (an ISO instant); null: none (issue 30, decision 080). */
  remindAt: z.string().nullable(),
  /** The time spent on it: the sum of its ended time entries, in seconds (issue 30). */
  actualSeconds: z.number().int(),
});
export type Task = z.infer<typeof TaskSchema>;

export const CreateTaskBodySchema = z
  .object({
    /** Made by the client (offline creates); repeating the same create answers it again. */
    id: ClientIdSchema.optional(),
    workspaceId: Id,
    projectId: Id.nullish(),
    name: NewTaskNameSchema,
    planned: z.boolean().optional(),
  })
  .strict();
export type CreateTaskBody = z.input<typeof CreateTaskBodySchema>;

export const CreateTaskResponseSchema = z.object({
  workspaceId: z.string(),
  projectId: z.string().nullable(),
  id: z.string(),
  done: z.boolean(),
  task: TaskSchema,
});
export type CreateTaskResponse = z.infer<typeof CreateTaskResponseSchema>;

/** spec §5: rename-task needs workspaceId, projectId (null for the inbox) and name. */
export const RenameTaskBodySchema = z
  .object({ workspaceId: Id, projectId: Id.nullable(), name: TaskRenameSchema })
  .strict();

/** spec §5: task action commands need workspaceId, projectId (null for the inbox) and origin. */
export const TaskCommandBodySchema = z
  .object({
    workspaceId: Id,
    projectId: Id.nullable(),
    origin: z.enum(TASK_ORIGINS),
  })
  .strict();
export type TaskCommandBody = z.input<typeof TaskCommandBodySchema>;

/**
 * Plans a task for a day (issue 29): on that day's list, at its end; a planned task moves
 * there. A day already over means today. Other fields as spec §5's task commands.
 */
export const PlanForDayBodySchema = TaskCommandBodySchema.extend({ day: DaySchema }).strict();

export const SetDeadlineBodySchema = z
  .object({ workspaceId: Id, projectId: Id.nullable(), deadline: DaySchema.nullable() })
  .strict();

const RANGE_WORDS = `Give whole minutes from ${ESTIMATE_MIN} to ${ESTIMATE_MAX} (8 hours).`;

/** An estimate in whole minutes, 5 minutes to 8 hours (issue 30). */
export const EstimateMinutesSchema = z
  .number({ error: `An estimate is a number of minutes. ${RANGE_WORDS}` })
  .int(`An estimate is whole minutes. ${RANGE_WORDS}`)
  .min(ESTIMATE_MIN, `An estimate is at least ${ESTIMATE_MIN} minutes. ${RANGE_WORDS}`)
  .max(ESTIMATE_MAX, `An estimate is at most 8 hours. ${RANGE_WORDS}`);

/** An estimate to set, or null to clear it. */
export const SetEstimateBodySchema = z
  .object({
    workspaceId: Id,
    projectId: Id.nullable(),
    estimate: EstimateMinutesSchema.nullable(),
  })
  .strict();

/** A day's capacity in whole minutes, 0 (a day off) to 16 hours. */
const CapacityMinutesSchema = z
  .number()
  .int('A day’s capacity is whole minutes.')
  .min(0, 'A day’s capacity cannot be negative.')
  .max(CAPACITY_MAX, 'A day holds at most 16 hours.');

/** Changes the caller's day settings; a field left out keeps its value. */
export const DaySettingsBodySchema = z
  .object({
    workspaceId: Id,
    timeZone: TimeZoneNameSchema.optional(),
    carryOverTo: z.enum(CARRY_OVER_PLACES).optional(),
    backToInboxAfter: z.number().int().min(1).max(BACK_TO_INBOX_MAX).nullable().optional(),
    /** Each weekday's capacity in minutes, Monday first: all seven at once. */
    capacity: z.array(CapacityMinutesSchema).length(7, 'Give seven days, Monday first.').optional(),
    /** The daily nudges (decision 084): "HH:MM" where the user is, or null to turn one off. */
    planNudgeAt: NudgeTimeSchema.nullable().optional(),
    finishNudgeAt: NudgeTimeSchema.nullable().optional(),
  })
  .strict();

export const PutToFrontBodySchema = z.object({ workspaceId: Id }).strict();
export const ReorderBodySchema = z.object({ workspaceId: Id, afterTaskId: Id }).strict();
export const WorkspaceCommandBodySchema = z.object({ workspaceId: Id.optional() }).strict();

export const OkResponseSchema = z.object({ ok: z.literal(true), version: z.number() });
export type OkResponse = z.infer<typeof OkResponseSchema>;
