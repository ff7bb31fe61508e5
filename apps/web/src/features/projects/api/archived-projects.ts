import type { ArchivedProject } from '@hustle/shared/projects';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../api/api-client.ts';
import { useWorkspaceId } from '../../../sync/workspace/get-workspace.ts';
import { registerLocalSlice } from '../../../sync/outbox/local-slices.ts';
import { useRunCommand } from '../../../sync/outbox/run-command.ts';
import { archivedProjectsKey } from './archived-projects-key.ts';

export { archivedProjectsKey };

registerLocalSlice('archivedProjects', (_command, workspaceId) => [
  archivedProjectsKey(workspaceId),
]);

const archivedProjectsQuery = (workspaceId: string) =>
  queryOptions({
    queryKey: archivedProjectsKey(workspaceId),
    queryFn: ({ signal }) => api.listArchivedProjects({ params: { id: workspaceId }, signal }),
  });

export function useArchivedProjects(enabled: boolean) {
  return useQuery({ ...archivedProjectsQuery(useWorkspaceId()), enabled });
}

/**
 * Bring back, a command of the outbox (decision 028): the project leaves the archived list and
 * shows among the others at once; its tasks come with the server's answer.
 */
export function useUnarchiveProject() {
  const run = useRunCommand();
  return useCallback(
    (project: ArchivedProject) => {
      run({
        kind: 'unarchiveProject',
        projectId: project.id,
        name: project.name,
        color: project.color,
        at: new Date().toISOString(),
      });
    },
    [run],
  );
}
