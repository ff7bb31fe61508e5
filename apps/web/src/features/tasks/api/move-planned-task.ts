import { OkResponseSchema } from '@hustle/shared/tasks';
import { apiRequest } from '../../../api/http-client.ts';
import { useWorkspaceMutation } from '../../workspaces/api/use-workspace-mutation.ts';
import { movePlanned } from '../../workspaces/model/workspace-updates.ts';

/**
 * spec §7: a drop at the top of the planned list sends put-to-front, elsewhere reorder with the
 * task before it.
 */
export function useMovePlannedTask() {
  return useWorkspaceMutation<{ taskId: string; afterTaskId: string | null }>({
    mutationFn: ({ taskId, afterTaskId }, workspaceId) =>
      afterTaskId === null
        ? apiRequest(`/api/v1/workspace/tasks/${encodeURIComponent(taskId)}/put-to-front`, {
            method: 'PUT',
            body: { workspaceId },
            schema: OkResponseSchema,
          })
        : apiRequest(`/api/v1/workspace/tasks/${encodeURIComponent(taskId)}/reorder`, {
            method: 'PUT',
            body: { workspaceId, afterTaskId },
            schema: OkResponseSchema,
          }),
    optimistic: (workspace, { taskId, afterTaskId }) => movePlanned(workspace, taskId, afterTaskId),
    failureMessage: 'The new order could not be saved.',
  });
}
