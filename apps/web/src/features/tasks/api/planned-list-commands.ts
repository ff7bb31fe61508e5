import { api } from '../../../api/api-client.ts';
import { useWorkspaceMutation } from '../../workspaces/api/use-workspace-mutation.ts';
import { hideCompleted, idleAllPlanned } from '../../workspaces/model/workspace-updates.ts';

export function useHideCompleted() {
  return useWorkspaceMutation<void>({
    mutationFn: () => api.hideCompletedTasks({ body: {} }),
    optimistic: (workspace) => hideCompleted(workspace),
    failureMessage: 'Completed tasks could not be hidden.',
  });
}

export function useIdleAllPlanned() {
  return useWorkspaceMutation<void>({
    mutationFn: () => api.idleAllPlannedTasks({ body: {} }),
    optimistic: (workspace) => idleAllPlanned(workspace),
    failureMessage: 'Tasks could not be moved to planning.',
  });
}
