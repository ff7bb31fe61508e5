import { api } from '../../../api/api-client.ts';
import { useWorkspaceMutation } from '../../workspaces/api/use-workspace-mutation.ts';
import { renameTask } from '../../workspaces/model/workspace-updates.ts';

export function useRenameTask() {
  return useWorkspaceMutation<{ taskId: string; projectId: string | null; name: string }>({
    mutationFn: ({ taskId, projectId, name }, workspaceId) =>
      api.renameTask({ params: { id: taskId }, body: { workspaceId, projectId, name } }),
    optimistic: (workspace, { taskId, name }) => renameTask(workspace, taskId, name),
    failureMessage: 'The task could not be renamed.',
  });
}
