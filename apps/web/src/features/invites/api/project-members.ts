import type { ProjectMember } from '@hustle/shared/invites';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api-client.ts';
import { useWorkspaceMutation } from '../../workspaces/api/use-workspace-mutation.ts';

const projectMembersQueryKey = (projectId: string) => ['project-members', projectId] as const;

/** Who the owner shares the project with (issue 17). */
export function useProjectMembers(projectId: string) {
  return useQuery({
    queryKey: projectMembersQueryKey(projectId),
    queryFn: ({ signal }) => api.listProjectMembers({ params: { projectId }, signal }),
  });
}

/** Stops sharing with a member; the owner's card count drops at once. */
export function useRemoveProjectMember(projectId: string) {
  const queryClient = useQueryClient();
  return useWorkspaceMutation<ProjectMember>({
    mutationFn: async (member) => {
      try {
        return await api.removeProjectMember({
          params: { projectId, workspaceId: member.workspaceId },
        });
      } finally {
        await queryClient.invalidateQueries({ queryKey: projectMembersQueryKey(projectId) });
      }
    },
    optimistic: (workspace) => ({
      ...workspace,
      projects: workspace.projects.map((project) =>
        project.id === projectId && project.memberCount
          ? { ...project, memberCount: project.memberCount - 1 }
          : project,
      ),
    }),
    failureMessage: (member) => `Could not remove ${member.email}.`,
  });
}
