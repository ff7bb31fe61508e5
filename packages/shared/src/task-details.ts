import { z } from 'zod';
import { LIMITS } from './constants.ts';
import { TimeEntrySchema } from './focus.ts';
import { ClientIdSchema, IdSchema as Id } from './ids.ts';
import { TaskSchema } from './tasks.ts';
import { nameText, storableText } from './text.ts';

/** One step on a task's checklist (issue 31); the list is in its order. */
export const ChecklistItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  done: z.boolean(),
});
export type ChecklistItem = z.infer<typeof ChecklistItemSchema>;

/**
 * What an opened task shows beyond its row: read when it opens rather than carried by the
 * workspace answer, whose size is bounded by what the lists show (decisions 029, 064).
 */
export const TaskDetailsSchema = z.object({
  taskId: z.string(),
  /** The task as the caller's workspace sees it, for a task the copy does not hold. */
  task: TaskSchema,
  notes: z.string(),
  checklist: z.array(ChecklistItemSchema),
  /** The caller's own time entries on the task, newest first (issue 30, at most 50). */
  timeEntries: z.array(TimeEntrySchema),
});
export type TaskDetails = z.infer<typeof TaskDetailsSchema>;

export const TaskNotesSchema = storableText(LIMITS.taskNotesMaxLength);

export const ChecklistItemNameSchema = nameText(
  z
    .string()
    .trim()
    .min(1, 'A checklist item needs a name.')
    .max(
      LIMITS.checklistItemNameMaxLength,
      `A checklist item has at most ${LIMITS.checklistItemNameMaxLength} characters.`,
    ),
  'A checklist item',
);

/** As the other task commands (spec §5): the workspace, and the task's project (null: inbox). */
const onTask = { workspaceId: Id, projectId: Id.nullable() };

export const SetNotesBodySchema = z.object({ ...onTask, notes: TaskNotesSchema }).strict();

export const AddChecklistItemBodySchema = z
  .object({ ...onTask, itemId: ClientIdSchema, name: ChecklistItemNameSchema })
  .strict();

/** A field left out keeps its value. */
export const UpdateChecklistItemBodySchema = z
  .object({ ...onTask, name: ChecklistItemNameSchema.optional(), done: z.boolean().optional() })
  .strict();

/** Right after `afterItemId`; null puts it first. */
export const MoveChecklistItemBodySchema = z
  .object({ ...onTask, afterItemId: Id.nullable() })
  .strict();

export const ChecklistItemBodySchema = z.object(onTask).strict();

/** The new task carries the id the browser made (decision 021). */
export const ChecklistItemToTaskBodySchema = z
  .object({ ...onTask, taskId: ClientIdSchema })
  .strict();

export const ChecklistItemParamsSchema = z.object({ id: Id, itemId: Id });

/** What a change to a shared task was (decision 087), named from the command that made it. */
export const TASK_ACTIVITY_KINDS = [
  'created',
  'renamed',
  'completed',
  'reopened',
  'moved',
  'notes',
  'checklist',
  'deadline',
  'estimate',
] as const;
export type TaskActivityKind = (typeof TASK_ACTIVITY_KINDS)[number];

/** How many of a task's newest changes its activity answer holds. */
export const TASK_ACTIVITY_LIMIT = 20;

/**
 * One change to a shared task: who made it (a user id, and their e-mail where sharing already
 * shows it to the caller, else null), what it was, when.
 */
export const TaskActivityEntrySchema = z.object({
  userId: z.string(),
  who: z.string().nullable(),
  kind: z.enum(TASK_ACTIVITY_KINDS),
  at: z.string(),
});
export type TaskActivityEntry = z.infer<typeof TaskActivityEntrySchema>;

/** A task's newest changes, newest first, at most `TASK_ACTIVITY_LIMIT` (decision 087). */
export const TaskActivitySchema = z.object({
  taskId: z.string(),
  entries: z.array(TaskActivityEntrySchema),
});
export type TaskActivity = z.infer<typeof TaskActivitySchema>;
