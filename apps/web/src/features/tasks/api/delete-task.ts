import type { UndoableResponse } from '@hustle/shared/undo';
import { api } from '../../../api/api-client.ts';
import { useWorkspaceMutation } from '../../workspaces/api/use-workspace-mutation.ts';
import { removeTask } from '../../workspaces/model/workspace-updates.ts';
import { taskCommandBody } from './task-command-body.ts';

export function useDeleteTask() {
  return useWorkspaceMutation<
    { taskId: string; projectId: string | null; isAutomation?: boolean },
    UndoableResponse
  >({
    mutationFn: ({ taskId, projectId, isAutomation }, workspaceId) =>
      api.deleteTask({
        params: { id: taskId },
        body: taskCommandBody(workspaceId, projectId, isAutomation),
      }),
    optimistic: (workspace, { taskId }) => removeTask(workspace, taskId),
    failureMessage: 'The task could not be deleted.',
    undoMessage: 'Task deleted.',
  });
}
