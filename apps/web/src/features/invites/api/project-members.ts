import type { LocalSlices } from '@hustle/shared/commands/commands';
import type { ProjectMember } from '@hustle/shared/invites';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api-client.ts';
import { registerLocalSlice } from '../../../sync/outbox/local-slices.ts';
import { outboxOf } from '../../../sync/outbox/outbox-state.ts';
import { useRunCommand } from '../../../sync/outbox/run-command.ts';

const projectMembersQueryKey = (projectId: string) => ['project-members', projectId] as const;

registerLocalSlice('projectMembers', (command) =>
  'projectId' in command && command.projectId ? [projectMembersQueryKey(command.projectId)] : [],
);

/** Who the owner shares the project with (issue 17). */
export function useProjectMembers(projectId: string) {
  return useQuery({
    queryKey: projectMembersQueryKey(projectId),
    queryFn: async ({ signal, client }): Promise<LocalSlices['projectMembers']> => {
      const members = await api.listProjectMembers({ params: { projectId }, signal });
      const list = { projectId, members };
      // A removal still in the outbox stays shown (decision 028).
      return outboxOf(client)?.withPending('projectMembers', list) ?? list;
    },
    select: (list) => list.members,
  });
}

/** Stops sharing with a member: they leave the list at once, and the card's count follows. */
export function useRemoveProjectMember(projectId: string) {
  const run = useRunCommand();
  return (member: ProjectMember) =>
    run({
      kind: 'removeProjectMember',
      projectId,
      memberWorkspaceId: member.workspaceId,
      email: member.email,
    });
}
