import { useCommandHook } from '../../../sync/outbox/run-command.ts';
import { newEntityId } from '../../../sync/workspace/new-entity-id.ts';

export interface CreateProjectVariables {
  name: string;
  asFirst: boolean;
}

/** A new project gets its id here, so tasks can be added to it at once (decision 021). */
export function useCreateProject() {
  return useCommandHook(({ name, asFirst }: CreateProjectVariables) => ({
    kind: 'createProject',
    projectId: newEntityId(),
    name,
    asFirst,
    createdAt: new Date().toISOString(),
  }));
}
