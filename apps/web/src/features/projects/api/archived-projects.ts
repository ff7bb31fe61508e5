import { ArchivedProjectSchema, ProjectSchema } from '@hustle/shared/projects';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../api/http-client.ts';
import { useWorkspaceId, workspaceQueryKey } from '../../workspaces/api/get-workspace.ts';

export const archivedProjectsKey = (workspaceId: string) =>
  ['archived-projects', workspaceId] as const;

const archivedProjectsQuery = (workspaceId: string) =>
  queryOptions({
    queryKey: archivedProjectsKey(workspaceId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/v1/workspaces/${encodeURIComponent(workspaceId)}/archived-projects`, {
        schema: z.array(ArchivedProjectSchema),
        signal,
      }),
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
      apiRequest(`/api/v1/projects/${encodeURIComponent(projectId)}/unarchive`, {
        method: 'POST',
        body: { workspaceId },
        schema: ProjectSchema,
      }),
    onError: (error) => console.warn('Could not bring the project back', error),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: workspaceQueryKey(workspaceId) }),
        queryClient.invalidateQueries({ queryKey: archivedProjectsKey(workspaceId) }),
      ]),
  });
}
