import { z } from 'zod';
import { ClientIdSchema, ID_PATTERN, IdSchema as Id } from './ids.ts';
import { ColorSchema } from './colors.ts';
import { ProjectNameSchema } from './names.ts';
import { WholeNumberParamSchema } from './query-params.ts';
import { TaskSchema } from './tasks.ts';

export const SharedSchema = z.object({
  workspaceId: z.string(),
  ownerId: z.string(),
  /** Beyond the spec's owner id: the owner's e-mail, which people recognise. */
  ownerEmail: z.string(),
});

export const ProjectSchema = z.object({
  id: z.string(),
  workspaceId: z.string(),
  name: z.string(),
  color: z.string().nullable(),
  /** Open tasks in order: at least the first 10 (the card), plus this workspace's planned ones. */
  tasks: z.array(TaskSchema),
  openTasksCount: z.number().int(),
  completedTasksCount: z.number().int().nullable(),
  shared: SharedSchema.nullable(),
  /** Beyond the spec: how many others the owner shares the project with; null for members. */
  memberCount: z.number().int().nullable(),
  archived: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  projectRef: z.object({ projectId: z.string(), workspaceId: z.string() }),
});
export type Project = z.infer<typeof ProjectSchema>;

export const ArchivedProjectSchema = z.object({
  id: z.string(),
  name: z.string(),
  color: z.string().nullable(),
});
export type ArchivedProject = z.infer<typeof ArchivedProjectSchema>;

/** spec §3 "Project task" (short form), with the plan state the detail modal's rows need. */
export const ProjectTaskSchema = TaskSchema;
/**
 * spec §7 "project tasks": decision 035 makes it the first page of the list below, so a project
 * of any size answers at most a page.
 */
export const ProjectTasksResponseSchema = z.array(ProjectTaskSchema);

/**
 * Tasks in one page of a project's list (issue 12, decision 035). At the longest task name
 * (spec §9) a page stays well under 1 MB; the detail modal shows about a tenth of it at once.
 */
export const PROJECT_TASKS_PAGE_SIZE = 100;

/**
 * A project's tasks come open ones first, in their order, then completed ones, in theirs: the
 * detail modal shows the open ones and stops reading where the completed ones start.
 */
export const PROJECT_TASK_SECTIONS = ['open', 'done'] as const;
export type ProjectTaskSection = (typeof PROJECT_TASK_SECTIONS)[number];

const PROJECT_TASKS_CURSOR = new RegExp(
  `^(open|done)\\.[0-9A-Za-z]{1,200}\\.${ID_PATTERN.source.slice(1, -1)}$`,
);

/**
 * Where the next page starts: the section, position key and id of the last task sent,
 * `open.key.id`. A task's position key never changes, so a page never repeats or skips a task
 * that stays in its section, whatever is added or deleted meanwhile.
 */
export const ProjectTasksCursorSchema = z
  .string()
  .max(300)
  .regex(PROJECT_TASKS_CURSOR, 'Not a page cursor.');

/** The cursor of the page after a task of this section at this position. */
export const projectTasksCursor = (section: ProjectTaskSection, position: string, id: string) =>
  `${section}.${position}.${id}`;

export const ProjectTasksPageQuerySchema = z
  .object({
    /** The `next` of the page before; absent for the first page. */
    after: ProjectTasksCursorSchema.optional(),
    limit: WholeNumberParamSchema.pipe(
      z
        .number()
        .int()
        .min(1, 'A page holds at least one task.')
        .max(PROJECT_TASKS_PAGE_SIZE, `A page holds at most ${PROJECT_TASKS_PAGE_SIZE} tasks.`),
    ).optional(),
  })
  .strict();

export const ProjectTasksPageSchema = z.object({
  tasks: z.array(ProjectTaskSchema),
  /** The cursor of the page after this one; null when this is the last. */
  next: ProjectTasksCursorSchema.nullable(),
});
export type ProjectTasksPage = z.infer<typeof ProjectTasksPageSchema>;

export const CreateProjectBodySchema = z
  .object({
    /** Made by the client (offline creates); repeating the same create answers it again. */
    id: ClientIdSchema.optional(),
    workspaceId: Id,
    name: ProjectNameSchema,
    color: ColorSchema.optional(),
    asFirst: z.boolean().optional(),
  })
  .strict();
export type CreateProjectBody = z.input<typeof CreateProjectBodySchema>;

export const CreateProjectResponseSchema = z.object({
  workspaceId: z.string(),
  projectId: z.string(),
  name: z.string(),
  color: z.string(),
  project: ProjectSchema,
});
export type CreateProjectResponse = z.infer<typeof CreateProjectResponseSchema>;

export const RenameProjectBodySchema = z
  .object({ workspaceId: Id, name: ProjectNameSchema })
  .strict();
export const SetColorBodySchema = z.object({ workspaceId: Id, color: ColorSchema }).strict();
export const MoveProjectBodySchema = z
  .object({ projectId: Id, index: z.number().int().min(0) })
  .strict();
/** Archive / unarchive / leave: the spec shows workspaceId (and projectId) or nothing. */
export const ProjectCommandBodySchema = z
  .object({ workspaceId: Id.optional(), projectId: Id.optional() })
  .strict();
