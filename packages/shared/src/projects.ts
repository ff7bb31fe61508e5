import { z } from 'zod';
import { ClientIdSchema, IdSchema as Id } from './ids.ts';
import { ColorSchema } from './colors.ts';
import { ProjectNameSchema } from './names.ts';
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
export const ProjectTasksResponseSchema = z.array(ProjectTaskSchema);

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
