import { api } from '../../../api/api-client.ts';
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
        ? api.putTaskToFront({ params: { id: taskId }, body: { workspaceId } })
        : api.reorderPlannedTask({ params: { id: taskId }, body: { workspaceId, afterTaskId } }),
    optimistic: (workspace, { taskId, afterTaskId }) => movePlanned(workspace, taskId, afterTaskId),
    failureMessage: 'The new order could not be saved.',
  });
}
