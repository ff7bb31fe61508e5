import { z } from 'zod';
import { AccessSchema } from './access.ts';
import { AutomationSchema } from './automations.ts';
import { ProjectSchema } from './projects.ts';
import { TaskSchema } from './tasks.ts';
import { AutomationTaskSchema, type WorkspaceResponse } from './workspace.ts';

/** The most change-log rows one sync answer reads (decision 020); a client may ask for fewer. */
export const SYNC_PAGE_MAX = 500;

const VersionParamSchema = z
  .string()
  .regex(/^\d{1,15}$/, 'A version is a whole number.')
  .transform(Number);

export const SyncQuerySchema = z
  .object({
    /** The workspace version the client's copy holds (`version` of the snapshot or last sync). */
    since: VersionParamSchema,
    limit: VersionParamSchema.pipe(
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
  /** The whole Execute list in order, when it changed. */
  plannedTasks: z.array(z.string()).nullable(),
  /** Automation rules (the Configure screen) that were made or changed. */
  automationRules: z.array(AutomationSchema),
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

/** Whether `a` was made before `b`: a list's order is the order its items were made in. */
const madeBefore = (a: ListItem, b: ListItem) =>
  a.createdAt < b.createdAt || (a.createdAt === b.createdAt && a.id < b.id);
type ListItem = { id: string; createdAt: string };

/**
 * A list with changed items replaced in place, removed ones dropped and new ones put where their
 * making time puts them (a task never moves within the inbox; only the Execute list is reordered).
 */
function replaceById<T extends ListItem>(current: T[], changed: T[], removed: Set<string>): T[] {
  const byId = new Map(changed.map((item) => [item.id, item]));
  const list = current
    .filter((item) => !removed.has(item.id))
    .map((item) => byId.get(item.id) ?? item);
  const known = new Set(current.map((item) => item.id));
  for (const item of changed) {
    if (known.has(item.id) || removed.has(item.id)) continue;
    const at = list.findIndex((other) => madeBefore(item, other));
    list.splice(at === -1 ? list.length : at, 0, item);
  }
  return list;
}

/** Brings a copy of the workspace answer up to date with one page of changes. */
export function applySyncChanges(copy: WorkspaceResponse, changes: SyncChanges): WorkspaceResponse {
  const removedProjects = new Set(changes.removed.projects);
  const removedTasks = new Set(changes.removed.tasks);
  let projects = replaceById(copy.projects, changes.projects, removedProjects);
  if (changes.projectOrder) {
    const byId = new Map(projects.map((project) => [project.id, project]));
    projects = changes.projectOrder.flatMap((id) => byId.get(id) ?? []);
  }
  const plannedTasks = (changes.plannedTasks ?? copy.plannedTasks).filter(
    (id) => !removedTasks.has(id),
  );
  return {
    ...copy,
    version: changes.version,
    access: changes.access,
    archivedProjectsCount: changes.archivedProjectsCount,
    projects: projects.map((project) =>
      project.tasks.some((task) => removedTasks.has(task.id))
        ? { ...project, tasks: project.tasks.filter((task) => !removedTasks.has(task.id)) }
        : project,
    ),
    tasks: replaceById(copy.tasks, changes.tasks, removedTasks),
    automations: replaceById(copy.automations, changes.automations, removedTasks),
    plannedTasks,
  };
}
