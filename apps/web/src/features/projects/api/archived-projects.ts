import type { ArchivedProject } from '@hustle/shared/projects';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../api/api-client.ts';
import { useWorkspaceId } from '../../workspaces/api/get-workspace.ts';
import { useRunCommand } from '../../workspaces/api/run-command.ts';
import { archivedProjectsKey } from './archived-projects-key.ts';

export { archivedProjectsKey };

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
  const workspaceId = useWorkspaceId();
  const queryClient = useQueryClient();
  const run = useRunCommand();
  return useCallback(
    (project: ArchivedProject) => {
      queryClient.setQueryData<ArchivedProject[]>(archivedProjectsKey(workspaceId), (list) =>
        list?.filter((candidate) => candidate.id !== project.id),
      );
      run({
        kind: 'unarchiveProject',
        projectId: project.id,
        name: project.name,
        color: project.color,
        at: new Date().toISOString(),
      });
    },
    [queryClient, run, workspaceId],
  );
}
