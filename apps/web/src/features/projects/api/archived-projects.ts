import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api-client.ts';
import { useWorkspaceId, workspaceQueryKey } from '../../workspaces/api/get-workspace.ts';

export const archivedProjectsKey = (workspaceId: string) =>
  ['archived-projects', workspaceId] as const;

const archivedProjectsQuery = (workspaceId: string) =>
  queryOptions({
    queryKey: archivedProjectsKey(workspaceId),
    queryFn: ({ signal }) => api.listArchivedProjects({ params: { id: workspaceId }, signal }),
  });

export function useArchivedProjects(enabled: boolean) {
  return useQuery({ ...archivedProjectsQuery(useWorkspaceId()), enabled });
}

/** Bring back: the server answers the project; a failure is only logged (spec §8). */
export function useUnarchiveProject() {
  const workspaceId = useWorkspaceId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (projectId: string) =>
      api.unarchiveProject({ params: { id: projectId }, body: { workspaceId } }),
    onError: (error) => console.warn('Could not bring the project back', error),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: workspaceQueryKey(workspaceId) }),
        queryClient.invalidateQueries({ queryKey: archivedProjectsKey(workspaceId) }),
      ]),
  });
}
