import { OkResponseSchema, type RenameTaskBody } from '@hustle/shared/tasks';
import { apiRequest } from '../../../api/http-client.ts';
import { useWorkspaceMutation } from '../../workspaces/api/use-workspace-mutation.ts';
import { renameTask } from '../../workspaces/model/workspace-updates.ts';

export function useRenameTask() {
  return useWorkspaceMutation<{ taskId: string; projectId: string | null; name: string }>({
    mutationFn: ({ taskId, projectId, name }, workspaceId) =>
      apiRequest(`/api/v1/tasks/${encodeURIComponent(taskId)}/rename`, {
        method: 'PUT',
        body: { workspaceId, projectId, name } satisfies RenameTaskBody,
        schema: OkResponseSchema,
      }),
    optimistic: (workspace, { taskId, name }) => renameTask(workspace, taskId, name),
    failureMessage: 'The task could not be renamed.',
  });
}
