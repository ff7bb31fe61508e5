import { z } from 'zod';
import { AccessSchema } from './access.ts';
import { AutomationSchema } from './automations.ts';
import { DayReviewSchema } from './day-reviews.ts';
import { FocusStateSchema } from './focus.ts';
import { ProjectSchema } from './projects.ts';
import { WholeNumberParamSchema } from './query-params.ts';
import { TaskSchema } from './tasks.ts';
import { AutomationTaskSchema } from './workspace.ts';

/** The most change-log rows one sync answer reads (decision 020); a client may ask for fewer. */
export const SYNC_PAGE_MAX = 500;

export const SyncQuerySchema = z
  .object({
    /** The workspace version the client's copy holds (`version` of the snapshot or last sync). */
    since: WholeNumberParamSchema,
    limit: WholeNumberParamSchema.pipe(
      z
        .number()
        .int()
        .min(1, 'A page holds at least one change.')
        .max(SYNC_PAGE_MAX, `A page holds at most ${SYNC_PAGE_MAX} changes.`),
    ).optional(),
  })
  .strict();

/**
 * What changed since a version, as current state (decision 020): each entity that changed is
 * sent as it is now, or named among `removed` when the workspace no longer shows it.
 */
export const SyncChangesSchema = z.object({
  kind: z.literal('changes'),
  workspaceId: z.string(),
  /** The version this answer brings the copy to: the `since` of the next request. */
  version: z.number().int(),
  /** More changes wait after `version`: ask again at once. */
  more: z.boolean(),
  access: AccessSchema,
  archivedProjectsCount: z.number().int(),
  /** Active projects that changed (or whose tasks did), as the workspace answer shows them. */
  projects: z.array(ProjectSchema),
  /** Ids of every active project in order, when the list or its order may have changed. */
  projectOrder: z.array(z.string()).nullable(),
  /** Inbox tasks that changed and still show (open, or on the Execute list). */
  tasks: z.array(TaskSchema),
  /** Automation-made tasks that changed and still show. */
  automations: z.array(AutomationTaskSchema),
  /**
   * Project tasks that changed but are not among their project's tasks above: a project goes
   * out with its card's first open tasks and its planned ones (decisions 029, 035), so a task
   * moved to the end of a long project is not sent. Each names the project it is in now, so a
   * copy drops it from the lists it left; it keeps its place on the Execute list (decision 089).
   */
  taskHomes: z.array(z.object({ id: z.string(), projectId: z.string() })),
  /** Open and completed tasks on the Execute list, and open inbox tasks (decision 029). */
  plannedCounts: z.object({ open: z.number().int(), completed: z.number().int() }),
  inboxOpenCount: z.number().int(),
  /** The whole Execute list in order, when it changed. */
  plannedTasks: z.array(z.string()).nullable(),
  /** Automation rules (the Configure screen) that were made or changed. */
  automationRules: z.array(AutomationSchema),
  /** The account's settings (its features) changed: read the session again (decision 057). */
  accountChanged: z.literal(true).optional(),
  /** The user's focus timer as it is now, when it started, paused or ended (issue 30). */
  focus: FocusStateSchema.nullable().optional(),
  /** The newest finished day and its note, as it is now (issue 30, decision 077). */
  dayReview: DayReviewSchema.nullable().optional(),
  removed: z.object({
    /** Deleted, archived, or left: the project and its tasks no longer show. */
    projects: z.array(z.string()),
    /** Deleted, or no longer shown (completed and off the Execute list). */
    tasks: z.array(z.string()),
    automationRules: z.array(z.string()),
  }),
});
export type SyncChanges = z.infer<typeof SyncChangesSchema>;

export const SYNC_SNAPSHOT_REASONS = [
  /** `since` is older than the change log keeps (30 days) or than the log itself. */
  'too-old',
  /** `since` is newer than the workspace: the copy is not of this workspace's history. */
  'unknown-version',
  /** A change the log cannot express as entities happened in between. */
  'not-expressible',
] as const;

/** The copy cannot be brought up to date by changes: read the workspace again. */
export const SyncSnapshotSchema = z.object({
  kind: z.literal('snapshot'),
  workspaceId: z.string(),
  version: z.number().int(),
  reason: z.enum(SYNC_SNAPSHOT_REASONS),
});

export const SyncResponseSchema = z.discriminatedUnion('kind', [
  SyncChangesSchema,
  SyncSnapshotSchema,
]);
export type SyncResponse = z.infer<typeof SyncResponseSchema>;
