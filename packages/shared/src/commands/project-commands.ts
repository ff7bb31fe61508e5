import { z } from 'zod';
import type { CreateProjectResponse, Project } from '../projects.ts';
import type { WorkspaceResponse } from '../workspace.ts';
import { call, defineCommand } from './command.ts';
import {
  archiveProject,
  moveProject,
  removeProject,
  unarchiveProject,
  updateProject,
} from './workspace-changes.ts';

const Id = z.string().min(1);
const Instant = z.string().min(1);

const projectName = (workspace: WorkspaceResponse | undefined, projectId: string) => {
  const found = workspace?.projects.find((p) => p.id === projectId);
  return found ? `“${found.name}”` : 'a project';
};

const newProject = (
  args: { projectId: string; name: string; color: string | null; at: string },
  workspaceId: string,
): Project => ({
  id: args.projectId,
  workspaceId,
  name: args.name,
  color: args.color,
  tasks: [],
  openTasksCount: 0,
  completedTasksCount: 0,
  shared: null,
  memberCount: 0,
  archived: false,
  createdAt: args.at,
  updatedAt: args.at,
  projectRef: { projectId: args.projectId, workspaceId },
});

/** The server's own copy of a project takes the place of the one shown. */
const withServerProject = (workspace: WorkspaceResponse, project: Project): WorkspaceResponse =>
  updateProject(workspace, project.id, () => project);

/** The commands on projects (spec §4) and a member's leave (decision 024). */
export const projectCommands = {
  /** Carries the id the browser made, so tasks can be added to it at once (decision 021). */
  createProject: defineCommand(
    z.object({ projectId: Id, name: z.string(), asFirst: z.boolean(), createdAt: Instant }),
    {
      request: (args, workspaceId) =>
        call('createProject', {
          body: { id: args.projectId, workspaceId, name: args.name, asFirst: args.asFirst },
        }),
      apply: {
        workspace: (workspace, args) => {
          if (workspace.projects.some((p) => p.id === args.projectId)) return workspace;
          const project = newProject(
            { ...args, color: null, at: args.createdAt },
            workspace.workspaceId,
          );
          return {
            ...workspace,
            projects: args.asFirst
              ? [project, ...workspace.projects]
              : [...workspace.projects, project],
          };
        },
      },
      // spec §4: the server picks the colour (one its workspace does not use yet, archived
      // projects' included, which the copy does not hold): the card takes it from the answer.
      answer: {
        workspace: (workspace, _args, answer) =>
          withServerProject(workspace, (answer as CreateProjectResponse).project),
      },
      describe: (args) => `Add project “${args.name}”`,
      keepsInput: true,
    },
  ),

  renameProject: defineCommand(z.object({ projectId: Id, name: z.string() }), {
    request: (args, workspaceId) =>
      call('renameProject', {
        params: { id: args.projectId },
        body: { workspaceId, name: args.name },
      }),
    apply: {
      workspace: (workspace, args) =>
        updateProject(workspace, args.projectId, (p) => ({ ...p, name: args.name })),
    },
    describe: (args) => `Rename a project to “${args.name}”`,
  }),

  setProjectColor: defineCommand(z.object({ projectId: Id, color: z.string() }), {
    request: (args, workspaceId) =>
      call('setProjectColor', {
        params: { id: args.projectId },
        body: { workspaceId, color: args.color },
      }),
    apply: {
      workspace: (workspace, args) =>
        updateProject(workspace, args.projectId, (p) => ({
          ...p,
          color: args.color.toLowerCase(),
        })),
    },
    describe: (args, workspace) => `Change the colour of ${projectName(workspace, args.projectId)}`,
  }),

  /** spec §7 move-project: the project's new index among the workspace's projects. */
  moveProject: defineCommand(z.object({ projectId: Id, index: z.number().int() }), {
    request: (args, workspaceId) =>
      call('moveProject', {
        params: { id: workspaceId },
        body: { projectId: args.projectId, index: args.index },
      }),
    apply: {
      workspace: (workspace, args) => moveProject(workspace, args.projectId, args.index),
    },
    describe: (args, workspace) => `Reorder ${projectName(workspace, args.projectId)}`,
  }),

  archiveProject: defineCommand(z.object({ projectId: Id }), {
    request: (args, workspaceId) =>
      call('archiveProject', { params: { id: args.projectId }, body: { workspaceId } }),
    apply: { workspace: (workspace, args) => archiveProject(workspace, args.projectId) },
    describe: (args, workspace) => `Archive ${projectName(workspace, args.projectId)}`,
  }),

  /**
   * Bring back: what the archived list showed of the project, to show it again at once; its
   * tasks come with the server's answer, which takes the place of the one shown.
   */
  unarchiveProject: defineCommand(
    z.object({ projectId: Id, name: z.string(), color: z.string().nullable(), at: Instant }),
    {
      request: (args, workspaceId) =>
        call('unarchiveProject', { params: { id: args.projectId }, body: { workspaceId } }),
      apply: {
        workspace: (workspace, args) =>
          unarchiveProject(workspace, newProject(args, workspace.workspaceId)),
        archivedProjects: (list, args) => list.filter((project) => project.id !== args.projectId),
      },
      answer: {
        workspace: (workspace, _args, answer) => withServerProject(workspace, answer as Project),
      },
      refetch: ['archivedProjects'],
      describe: (args) => `Bring back “${args.name}”`,
    },
  ),

  deleteProject: defineCommand(z.object({ projectId: Id }), {
    request: (args) => call('deleteProject', { params: { id: args.projectId } }),
    apply: { workspace: (workspace, args) => removeProject(workspace, args.projectId) },
    describe: (args, workspace) => `Delete ${projectName(workspace, args.projectId)}`,
  }),

  /** spec §7 POST /api/v1/projects/{id}/leave: a member leaves a project shared with them. */
  leaveProject: defineCommand(z.object({ projectId: Id }), {
    request: (args, workspaceId) =>
      call('leaveProject', { params: { projectId: args.projectId }, body: { workspaceId } }),
    apply: { workspace: (workspace, args) => removeProject(workspace, args.projectId) },
    describe: (args, workspace) => `Leave ${projectName(workspace, args.projectId)}`,
  }),
};
