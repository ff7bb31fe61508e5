import type { TaskAction } from '@hustle/shared/tasks';
import { useCommandHook } from '../../../sync/outbox/run-command.ts';

export interface TaskActionVariables {
  taskId: string;
  projectId: string | null;
  action: TaskAction;
  isAutomation?: boolean;
}

/** spec §7: PUT /api/v1/workspace/tasks/{id}/{action} with workspaceId, projectId and origin. */
export function useTaskAction() {
  return useCommandHook(
    ({ taskId, projectId, action, isAutomation = false }: TaskActionVariables) => ({
      kind: 'taskAction',
      taskId,
      projectId,
      action,
      isAutomation,
      at: new Date().toISOString(),
    }),
  );
}
