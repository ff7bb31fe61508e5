import { z } from 'zod';
import { call, defineCommand } from './command.ts';

const Id = z.string().min(1);

/** The owner's commands on who shares a project (issue 17); leaving is the member's, in projects. */
export const inviteCommands = {
  /**
   * The member leaves the owner's list at once; the card's member count is the server's to say
   * (a count taken down again on every newer answer would not stay true), so it is read again.
   */
  removeProjectMember: defineCommand(
    z.object({ projectId: Id, memberWorkspaceId: Id, email: z.string() }),
    {
      request: (args) =>
        call('removeProjectMember', {
          params: { projectId: args.projectId, workspaceId: args.memberWorkspaceId },
        }),
      apply: {
        projectMembers: (list, args) =>
          list.projectId === args.projectId
            ? {
                ...list,
                members: list.members.filter(
                  (member) => member.workspaceId !== args.memberWorkspaceId,
                ),
              }
            : list,
      },
      refetch: ['workspace'],
      describe: (args) => `Stop sharing with ${args.email}`,
    },
  ),
};
