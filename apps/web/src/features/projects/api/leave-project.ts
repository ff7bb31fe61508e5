import type { UndoableResponse } from '@hustle/shared/undo';
import { api } from '../../../api/api-client.ts';
import { useWorkspaceMutation } from '../../workspaces/api/use-workspace-mutation.ts';
import { removeProject } from '../../workspaces/model/workspace-updates.ts';

/**
 * spec §7 POST /api/v1/projects/{id}/leave {workspaceId}: a member leaves a project shared with
 * them; it disappears at once and returns if leaving fails (spec §4).
 */
export function useLeaveProject() {
  return useWorkspaceMutation<{ projectId: string }, UndoableResponse>({
    mutationFn: ({ projectId }, workspaceId) =>
      api.leaveProject({ params: { projectId }, body: { workspaceId } }),
    optimistic: (workspace, { projectId }) => removeProject(workspace, projectId),
    failureMessage: 'You could not leave the project.',
    undoMessage: 'You left the project.',
  });
}
