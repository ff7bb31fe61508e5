import { OkResponseSchema } from '@hustle/shared/tasks';
import { apiRequest } from '../../../api/http-client.ts';
import { useWorkspaceMutation } from '../../workspaces/api/use-workspace-mutation.ts';
import { removeTask } from '../../workspaces/model/workspace-updates.ts';
import { taskCommandBody } from './task-command-body.ts';

export function useDeleteTask() {
  return useWorkspaceMutation<{ taskId: string; projectId: string | null; isAutomation?: boolean }>(
    {
      mutationFn: ({ taskId, projectId, isAutomation }, workspaceId) =>
        apiRequest(`/api/v1/tasks/${encodeURIComponent(taskId)}/delete`, {
          method: 'POST',
          body: taskCommandBody(workspaceId, projectId, isAutomation),
          schema: OkResponseSchema,
        }),
      optimistic: (workspace, { taskId }) => removeTask(workspace, taskId),
      failureMessage: 'The task could not be deleted.',
    },
  );
}
