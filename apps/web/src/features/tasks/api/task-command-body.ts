import type { TaskCommandBody } from '@hustle/shared/tasks';

/** spec §7: a task command names the workspace, the task's project and where the task comes from. */
export const taskCommandBody = (
  workspaceId: string,
  projectId: string | null,
  isAutomation = false,
): TaskCommandBody => ({
  workspaceId,
  projectId,
  origin: isAutomation ? 'automation' : 'workspace',
});
