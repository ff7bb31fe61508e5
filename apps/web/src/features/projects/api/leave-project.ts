import { apiRequest } from '../../../api/http-client.ts';
import { useWorkspaceMutation } from '../../workspaces/api/use-workspace-mutation.ts';
import { removeProject } from '../../workspaces/model/workspace-updates.ts';

/**
 * spec §7 POST /api/v1/projects/{id}/leave {workspaceId}: a member leaves a project shared with
 * them; it disappears at once and returns if leaving fails (spec §4). The answer is not read.
 */
export function useLeaveProject() {
  return useWorkspaceMutation<{ projectId: string }>({
    mutationFn: ({ projectId }, workspaceId) =>
      apiRequest(`/api/v1/projects/${encodeURIComponent(projectId)}/leave`, {
        method: 'POST',
        body: { workspaceId },
      }),
    optimistic: (workspace, { projectId }) => removeProject(workspace, projectId),
    failureMessage: 'You could not leave the project.',
  });
}
