import type { UndoableResponse } from '@hustle/shared/undo';
import { api } from '../../../api/api-client.ts';
import { useWorkspaceMutation } from '../../workspaces/api/use-workspace-mutation.ts';
import { hideCompleted, idleAllPlanned } from '../../workspaces/model/workspace-updates.ts';

export function useHideCompleted() {
  return useWorkspaceMutation<void, UndoableResponse>({
    mutationFn: () => api.hideCompletedTasks({ body: {} }),
    optimistic: (workspace) => hideCompleted(workspace),
    failureMessage: 'Completed tasks could not be hidden.',
    undoMessage: 'Completed tasks hidden.',
  });
}

export function useIdleAllPlanned() {
  return useWorkspaceMutation<void, UndoableResponse>({
    mutationFn: () => api.idleAllPlannedTasks({ body: {} }),
    optimistic: (workspace) => idleAllPlanned(workspace),
    failureMessage: 'Tasks could not be moved to planning.',
    undoMessage: 'Tasks moved to planning.',
  });
}
