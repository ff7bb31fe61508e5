import { useCommandHook } from '../../../sync/outbox/run-command.ts';
import { newEntityId } from '../../../sync/workspace/new-entity-id.ts';

export interface CreateTaskVariables {
  name: string;
  projectId?: string | null;
  planned: boolean;
}

/** A new task gets its id here, so it can be planned, renamed and moved at once (decision 021). */
export function useCreateTask() {
  return useCommandHook(({ name, projectId, planned }: CreateTaskVariables) => ({
    kind: 'createTask',
    taskId: newEntityId(),
    name,
    projectId: projectId ?? null,
    planned,
    createdAt: new Date().toISOString(),
  }));
}
