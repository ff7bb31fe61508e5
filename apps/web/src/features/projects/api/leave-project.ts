import { useCommandHook } from '../../../sync/outbox/run-command.ts';

/**
 * spec §7 POST /api/v1/projects/{id}/leave {workspaceId}: a member leaves a project shared with
 * them; it disappears at once (a refusal brings it back, decision 028).
 */
export function useLeaveProject() {
  return useCommandHook(
    ({ projectId }: { projectId: string }) => ({
      kind: 'leaveProject',
      projectId,
    }),
    'You left the project.',
  );
}
