import { pickProjectColor } from '@hustle/shared/colors';
import type { CreateProjectResponse } from '@hustle/shared/projects';
import type { projectsApi } from '@hustle/shared/projects.api';
import type { Db } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';
import type { Policy } from '../policy/policy.service.ts';
import { unplanProjectTasks } from '../tasks/tasks.service.ts';
import type { CommandHandler } from '../workspaces/command-routes.ts';
import {
  addMembership,
  captureRows,
  isIdUsed,
  moveMembership,
  workspacesShowingProject,
} from '../workspaces/workspaces.service.ts';
import * as repo from './projects.repository.ts';
import { changeProject, findOwned, projectView } from './projects.service.ts';

type Api = typeof projectsApi;
type Commands = Pick<
  Api,
  | 'createProject'
  | 'renameProject'
  | 'setProjectColor'
  | 'archiveProject'
  | 'unarchiveProject'
  | 'deleteProject'
  | 'moveProject'
>;

/**
 * A create naming a client-made id that is used already (decision 021): the same create sent
 * again answers the project as it is now and changes nothing; anything else is refused.
 */
async function replayOfCreate(
  trx: Db,
  policy: Policy,
  workspaceId: string,
  id: string,
  create: { name: string; color?: string | undefined },
): Promise<CreateProjectResponse | null> {
  if (!(await isIdUsed(trx, id))) return null;
  const project = await repo.findProjectInWorkspace(trx, id, workspaceId);
  const isSameCreate =
    project?.owner_workspace_id === workspaceId &&
    project.name === create.name &&
    (create.color === undefined || create.color === project.color);
  if (!project || !isSameCreate) return policy.refuseUsedId();
  return {
    workspaceId,
    projectId: id,
    name: project.name,
    color: project.color ?? '',
    project: await projectView(trx, policy, workspaceId, id),
  };
}

type Handlers<Names extends keyof Commands> = {
  [Name in Names]: CommandHandler<Commands[Name]>;
};

/** Making a project and changing what it is called and how it looks. */
function createNamingHandlers(
  policy: Policy,
): Handlers<'createProject' | 'renameProject' | 'setProjectColor'> {
  return {
    async createProject(uow, { workspaceId: ws, body }) {
      const { trx, now } = uow;
      if (body.id) {
        const replay = await replayOfCreate(trx, policy, ws, body.id, body);
        if (replay) return replay;
      }
      await policy.requireProjectRoom(trx, ws);
      const color = body.color ?? pickProjectColor(await repo.colorsInWorkspace(trx, ws));
      const projectId = body.id ?? newId();
      await repo.insertProject(trx, {
        id: projectId,
        owner_workspace_id: ws,
        name: body.name,
        color,
        archived_at: null,
        created_at: now,
        updated_at: now,
      });
      uow.changed([ws], 'project', projectId);
      uow.happened({ entity: 'project', id: projectId, what: 'created' });
      await addMembership(uow, ws, projectId, body.asFirst ? 'first' : 'last');
      return {
        workspaceId: ws,
        projectId,
        name: body.name,
        color,
        project: await projectView(trx, policy, ws, projectId),
      };
    },

    async renameProject(uow, { workspaceId, params, body }) {
      await findOwned(uow.trx, policy, workspaceId, params.id);
      await changeProject(uow, params.id, { name: body.name });
    },

    async setProjectColor(uow, { workspaceId, params, body }) {
      await findOwned(uow.trx, policy, workspaceId, params.id);
      await changeProject(uow, params.id, { color: body.color });
    },
  };
}

/** A project's life in the workspace: archived, brought back, deleted, moved in the order. */
function createLifeHandlers(
  policy: Policy,
): Handlers<'archiveProject' | 'unarchiveProject' | 'deleteProject' | 'moveProject'> {
  return {
    /** ARCHITECTURE §5: archiving takes the project's tasks off every planned list. */
    async archiveProject(uow, { workspaceId, params }) {
      const project = await findOwned(uow.trx, policy, workspaceId, params.id);
      if (project.archived_at) return { undo: null };
      const before = await captureRows(uow.trx, 'projects', 'id', [params.id]);
      await changeProject(uow, params.id, { archived_at: uow.now });
      uow.happened({ entity: 'project', id: params.id, what: 'archived' });
      const unplanned = await unplanProjectTasks(uow, params.id);
      // Decision 025: the undo brings it back only while it is still this archive.
      const undo = await uow.undoable('archiveProject', {
        rows: { projects: before, planned_tasks: unplanned },
        facts: { archivedAt: uow.now },
      });
      return { undo };
    },

    /** spec §4: bringing a project back leaves its open tasks IDLE. */
    async unarchiveProject(uow, { workspaceId: ws, params }) {
      const project = await findOwned(uow.trx, policy, ws, params.id);
      if (project.archived_at) {
        await policy.requireProjectRoom(uow.trx, ws, 'from archive');
        await changeProject(uow, params.id, { archived_at: null });
        // Brought back, it shows last, where the web's copy puts it at once (the command table).
        await moveMembership(uow, ws, params.id, Number.MAX_SAFE_INTEGER);
        await unplanProjectTasks(uow, params.id);
      }
      return projectView(uow.trx, policy, ws, params.id);
    },

    /** ARCHITECTURE §5: removes the project, its tasks, invites and memberships, for everyone. */
    async deleteProject(uow, { workspaceId, params }) {
      const { trx } = uow;
      const projectId = params.id;
      await findOwned(trx, policy, workspaceId, projectId);
      const showing = await workspacesShowingProject(trx, projectId);
      // Decision 025: everything the cascade below takes, whole, for the undo.
      const tasks = await captureRows(trx, 'tasks', 'project_id', [projectId]);
      const undo = await uow.undoable('deleteProject', {
        rows: {
          projects: await captureRows(trx, 'projects', 'id', [projectId]),
          workspace_projects: await captureRows(trx, 'workspace_projects', 'project_id', [
            projectId,
          ]),
          tasks,
          planned_tasks: await captureRows(
            trx,
            'planned_tasks',
            'task_id',
            tasks.map((task) => String(task.id)),
          ),
          checklist_items: await captureRows(
            trx,
            'checklist_items',
            'task_id',
            tasks.map((task) => String(task.id)),
          ),
          invites: await captureRows(trx, 'invites', 'project_id', [projectId]),
        },
      });
      await repo.deleteProject(trx, projectId);
      // Its tasks, planned rows and memberships go with it (foreign keys cascade).
      uow.changed(showing, 'project', projectId, 'delete');
      return { undo };
    },

    async moveProject(uow, { workspaceId, body }) {
      await moveMembership(uow, workspaceId, body.projectId, body.index);
    },
  };
}

/** The project commands (spec §4), one handler each; the router runs them as units of work. */
export function createProjectCommands(deps: { policy: Policy }): Handlers<keyof Commands> {
  return { ...createNamingHandlers(deps.policy), ...createLifeHandlers(deps.policy) };
}
