import type { Project } from '@hustle/shared/projects';
import { api } from '../../../api/api-client.ts';
import { useWorkspaceMutation } from '../../workspaces/api/use-workspace-mutation.ts';

export interface CreateProjectVariables {
  name: string;
  asFirst: boolean;
  tempId: string;
}

const pendingProject = ({ name, tempId }: CreateProjectVariables, workspaceId: string): Project => {
  const now = new Date().toISOString();
  return {
    id: tempId,
    workspaceId,
    name,
    color: null,
    tasks: [],
    openTasksCount: 0,
    completedTasksCount: 0,
    shared: null,
    memberCount: 0,
    archived: false,
    createdAt: now,
    updatedAt: now,
    projectRef: { projectId: tempId, workspaceId },
  };
};

export function useCreateProject() {
  return useWorkspaceMutation<CreateProjectVariables>({
    mutationFn: ({ name, asFirst }, workspaceId) =>
      api.createProject({ body: { workspaceId, name, asFirst } }),
    optimistic: (workspace, variables) => {
      const project = pendingProject(variables, workspace.workspaceId);
      return {
        ...workspace,
        projects: variables.asFirst
          ? [project, ...workspace.projects]
          : [...workspace.projects, project],
      };
    },
    failureMessage: 'The project could not be created.',
  });
}
