import type { TaskAction } from '@hustle/shared/tasks';
import { api } from '../../../api/api-client.ts';
import { useWorkspaceMutation } from '../../workspaces/api/use-workspace-mutation.ts';
import { applyTaskAction } from '../../workspaces/model/workspace-updates.ts';
import { taskCommandBody } from './task-command-body.ts';

export interface TaskActionVariables {
  taskId: string;
  projectId: string | null;
  action: TaskAction;
  isAutomation?: boolean;
}

const FAILURES: Record<TaskAction, string> = {
  plan: 'The task could not be planned.',
  idle: 'The task could not be moved back to planning.',
  complete: 'The task could not be completed.',
  revert: 'The task could not be reopened.',
};

/** spec §7: PUT /api/v1/workspace/tasks/{id}/{action} with workspaceId, projectId and origin. */
export function useTaskAction() {
  return useWorkspaceMutation<TaskActionVariables>({
    mutationFn: ({ taskId, projectId, action, isAutomation }, workspaceId) =>
      api.taskAction({
        params: { id: taskId, action },
        body: taskCommandBody(workspaceId, projectId, isAutomation),
      }),
    optimistic: (workspace, { taskId, action }) => applyTaskAction(workspace, taskId, action),
    failureMessage: ({ action }) => FAILURES[action],
    // A quick plan-then-unplan must reach the server in that order.
    scope: { id: 'task-action' },
  });
}
