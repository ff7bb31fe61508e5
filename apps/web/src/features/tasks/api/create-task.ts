import type { Task } from '@hustle/shared/tasks';
import { api } from '../../../api/api-client.ts';
import { useWorkspaceMutation } from '../../workspaces/api/use-workspace-mutation.ts';
import { addTask } from '../../workspaces/model/workspace-updates.ts';

export interface CreateTaskVariables {
  name: string;
  projectId?: string | null;
  planned: boolean;
  /** A temporary id for the optimistic row until the server's id arrives. */
  tempId: string;
}

const pendingTask = ({ name, projectId, planned, tempId }: CreateTaskVariables): Task => {
  const now = new Date().toISOString();
  return {
    id: tempId,
    name,
    projectId: projectId ?? null,
    automationId: null,
    planned,
    done: false,
    state: planned ? 'PLANNED' : 'IDLE',
    createdAt: now,
    updatedAt: now,
    completedAt: null,
  };
};

export const newTempId = () => `pending-${crypto.randomUUID()}`;
export const isPendingId = (id: string) => id.startsWith('pending-');

export function useCreateTask() {
  return useWorkspaceMutation<CreateTaskVariables>({
    mutationFn: ({ name, projectId, planned }, workspaceId) =>
      api.createTask({ body: { workspaceId, projectId: projectId ?? null, name, planned } }),
    optimistic: (workspace, variables) => addTask(workspace, pendingTask(variables)),
    failureMessage: 'The task could not be added.',
    // Several names added at once (or typed quickly) must land in the order they were given;
    // each still shows at once, as the optimistic update runs before the call waits its turn.
    scope: { id: 'create-task' },
  });
}
