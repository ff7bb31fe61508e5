import { OkResponseSchema } from '@hustle/shared/tasks';
import { apiRequest } from '../../../api/http-client.ts';
import { useWorkspaceMutation } from '../../workspaces/api/use-workspace-mutation.ts';
import { hideCompleted, idleAllPlanned } from '../../workspaces/model/workspace-updates.ts';

export function useHideCompleted() {
  return useWorkspaceMutation<void>({
    mutationFn: () =>
      apiRequest('/api/v1/workspace/hide-completed', {
        method: 'POST',
        body: {},
        schema: OkResponseSchema,
      }),
    optimistic: (workspace) => hideCompleted(workspace),
    failureMessage: 'Completed tasks could not be hidden.',
  });
}

export function useIdleAllPlanned() {
  return useWorkspaceMutation<void>({
    mutationFn: () =>
      apiRequest('/api/v1/workspace/idle-all-planned', {
        method: 'POST',
        body: {},
        schema: OkResponseSchema,
      }),
    optimistic: (workspace) => idleAllPlanned(workspace),
    failureMessage: 'Tasks could not be moved to planning.',
  });
}
