import { z } from 'zod';
import { AccessSchema } from './access.ts';
import { ProjectSchema } from './projects.ts';
import { TaskSchema } from './tasks.ts';

/** spec §3: an automation-created task, shown under the pseudo-project 'Automation'. */
export const AutomationTaskSchema = TaskSchema.extend({
  automationId: z.string(),
  origin: z.literal('automation'),
});
export type AutomationTask = z.infer<typeof AutomationTaskSchema>;

export const WorkspaceResponseSchema = z.object({
  workspaceId: z.string(),
  version: z.number().int(),
  access: AccessSchema,
  projects: z.array(ProjectSchema),
  /** Inbox tasks: open ones, plus completed ones still shown on Execute. */
  tasks: z.array(TaskSchema),
  /** Ordered ids of the Execute list: planned tasks and completed ones not yet hidden. */
  plannedTasks: z.array(z.string()),
  automations: z.array(AutomationTaskSchema),
  archivedProjectsCount: z.number().int(),
});
export type WorkspaceResponse = z.infer<typeof WorkspaceResponseSchema>;

export const WorkspaceVersionSchema = z.object({
  workspaceId: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
