import { ProjectTasksResponseSchema } from '@hustle/shared/projects';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../api/http-client.ts';
import { useWorkspace } from '../../workspaces/api/get-workspace.ts';

/** All open tasks of a project (the detail modal); refetched whenever the workspace changes. */
export function useProjectTasks(projectId: string) {
  const { data: workspace } = useWorkspace();
  return useQuery({
    queryKey: ['project-tasks', projectId, workspace?.version],
    queryFn: ({ signal }) =>
      apiRequest(`/api/v1/projects/${encodeURIComponent(projectId)}/tasks`, {
        schema: ProjectTasksResponseSchema,
        signal,
      }),
    placeholderData: (previous) => previous,
  });
}
