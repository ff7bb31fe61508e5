import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api-client.ts';
import { useWorkspace } from '../../workspaces/api/get-workspace.ts';

/**
 * A project's tasks for the detail modals, completed ones included (the modals keep the open
 * ones); refetched whenever the workspace changes.
 */
export function useProjectTasks(projectId: string) {
  const { data: workspace } = useWorkspace();
  return useQuery({
    queryKey: ['project-tasks', projectId, workspace?.version],
    queryFn: ({ signal }) => api.listProjectTasks({ params: { id: projectId }, signal }),
    placeholderData: (previous) => previous,
  });
}
