import type { CreateTaskResponse, TaskAction } from '@hustle/shared/tasks';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { keyBetween } from '../../lib/ordering.ts';
import type { SessionContext } from '../auth/auth.service.ts';
import * as workspacesRepo from '../workspaces/workspaces.repository.ts';
import { requireOwnWorkspace } from '../workspaces/require-workspace.ts';
import { versionOf } from '../workspaces/workspace-version.ts';
import * as plannedRepo from './planned.repository.ts';
import * as repo from './tasks.repository.ts';
import { toTask } from './task-view.ts';
import { appendToPlannedList } from './planned-list.ts';

const conflict = (message: string) => new AppError(409, 'CONFLICT', message);
const archivedProject = () =>
  conflict('This project is archived. Bring it back to change its tasks.');

type VisibleTask = NonNullable<Awaited<ReturnType<typeof repo.findTaskForWorkspace>>>;

export function createTasksService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  const now = () => clock.now().toISOString();

  async function findVisible(
    trx: Db,
    session: SessionContext,
    taskId: string,
    projectId?: string | null,
  ) {
    const task = await repo.findTaskForWorkspace(trx, taskId, session.workspaceId);
    // A project id that does not match the task's is as unknown as a foreign task id.
    if (!task || (projectId != null && projectId !== task.project_id)) throw notFound('Task');
    return task;
  }

  /** Every workspace that shows the task: its project's members, or its own workspace. */
  async function workspacesShowing(
    trx: Db,
    task: Pick<VisibleTask, 'project_id' | 'workspace_id'>,
  ) {
    return task.project_id
      ? workspacesRepo.workspacesShowingProject(trx, task.project_id)
      : [task.workspace_id!];
  }

  async function inList(trx: Db, workspaceId: string, taskId: string) {
    const planned = await plannedRepo.findPlanned(trx, workspaceId, taskId);
    if (!planned) throw conflict('This task is not on your Execute list.');
    return planned;
  }

  return {
    async create(
      session: SessionContext,
      body: {
        workspaceId: string;
        projectId?: string | null | undefined;
        name: string;
        planned?: boolean | undefined;
      },
    ): Promise<CreateTaskResponse> {
      const ws = requireOwnWorkspace(session, body.workspaceId);
      return db.transaction().execute(async (trx) => {
        const projectId = body.projectId ?? null;
        let showing = [ws];
        if (projectId) {
          const project = await workspacesRepo.findMembership(trx, ws, projectId);
          if (!project) throw notFound('Project');
          if (project.archived_at) throw archivedProject();
          showing = await workspacesRepo.workspacesShowingProject(trx, projectId);
        }
        const at = now();
        await workspacesRepo.bumpVersions(trx, showing, at);
        const home = projectId ? { projectId } : { workspaceId: ws };
        const row = {
          id: newId(),
          workspace_id: projectId ? null : ws,
          project_id: projectId,
          automation_id: null,
          name: body.name,
          position: keyBetween(await repo.lastTaskPosition(trx, home), null),
          created_at: at,
          updated_at: at,
          completed_at: null,
        };
        await repo.insertTask(trx, row);
        if (body.planned) await appendToPlannedList(trx, ws, row.id);
        return {
          workspaceId: ws,
          projectId,
          id: row.id,
          done: false,
          task: toTask(row, Boolean(body.planned)),
        };
      });
    },

    async rename(
      session: SessionContext,
      taskId: string,
      body: { workspaceId: string; projectId?: string | null | undefined; name: string },
    ) {
      requireOwnWorkspace(session, body.workspaceId);
      return db.transaction().execute(async (trx) => {
        const task = await findVisible(trx, session, taskId, body.projectId);
        if (task.project_archived_at) throw archivedProject();
        const at = now();
        await workspacesRepo.bumpVersions(trx, await workspacesShowing(trx, task), at);
        await repo.updateTask(trx, taskId, { name: body.name, updated_at: at });
        return versionOf(trx, session.workspaceId);
      });
    },

    async remove(
      session: SessionContext,
      taskId: string,
      body: { workspaceId: string; projectId?: string | null | undefined },
    ) {
      requireOwnWorkspace(session, body.workspaceId);
      return db.transaction().execute(async (trx) => {
        const task = await findVisible(trx, session, taskId, body.projectId);
        await workspacesRepo.bumpVersions(trx, await workspacesShowing(trx, task), now());
        await repo.deleteTask(trx, taskId);
        return versionOf(trx, session.workspaceId);
      });
    },

    /**
     * spec §4 transitions. Planning is per workspace; completing is for everyone who sees the
     * task (ARCHITECTURE §5). Repeating an action that already holds changes nothing.
     */
    async act(
      session: SessionContext,
      taskId: string,
      action: TaskAction,
      body: { workspaceId: string; projectId?: string | null | undefined },
    ) {
      const ws = requireOwnWorkspace(session, body.workspaceId);
      return db.transaction().execute(async (trx) => {
        const task = await findVisible(trx, session, taskId, body.projectId);
        if (task.project_archived_at) throw archivedProject();
        const at = now();
        const isDone = task.completed_at !== null;
        switch (action) {
          case 'plan':
          case 'idle': {
            if (isDone) throw conflict('This task is completed. Revert it first.');
            await workspacesRepo.bumpVersions(trx, [ws], at);
            const planned = await plannedRepo.findPlanned(trx, ws, taskId);
            if (action === 'plan' && !planned) await appendToPlannedList(trx, ws, taskId);
            if (action === 'idle' && planned) await plannedRepo.removePlanned(trx, ws, taskId);
            break;
          }
          case 'complete':
            if (isDone) break;
            await workspacesRepo.bumpVersions(trx, await workspacesShowing(trx, task), at);
            await repo.updateTask(trx, taskId, { completed_at: at, updated_at: at });
            break;
          case 'revert':
            if (!isDone) break;
            await workspacesRepo.bumpVersions(trx, await workspacesShowing(trx, task), at);
            await repo.updateTask(trx, taskId, { completed_at: null, updated_at: at });
            // spec §4: REVERT sets PLANNED, so the task is back on the reverting user's list.
            if (!(await plannedRepo.findPlanned(trx, ws, taskId)))
              await appendToPlannedList(trx, ws, taskId);
            break;
        }
        return versionOf(trx, ws);
      });
    },

    async putToFront(session: SessionContext, taskId: string, workspaceId: string) {
      const ws = requireOwnWorkspace(session, workspaceId);
      return db.transaction().execute(async (trx) => {
        await findVisible(trx, session, taskId);
        await workspacesRepo.bumpVersions(trx, [ws], now());
        const planned = await inList(trx, ws, taskId);
        const first = await plannedRepo.edgePlannedPosition(trx, ws, 'first');
        if (first !== planned.position) {
          await plannedRepo.setPlannedPosition(trx, ws, taskId, keyBetween(null, first));
        }
        return versionOf(trx, ws);
      });
    },

    /** Moves the task right after `afterTaskId` on the Execute list: one row written. */
    async reorder(
      session: SessionContext,
      taskId: string,
      workspaceId: string,
      afterTaskId: string,
    ) {
      const ws = requireOwnWorkspace(session, workspaceId);
      if (afterTaskId === taskId) {
        throw new AppError(400, 'VALIDATION_FAILED', 'A task cannot be placed after itself.');
      }
      return db.transaction().execute(async (trx) => {
        await findVisible(trx, session, taskId);
        await findVisible(trx, session, afterTaskId);
        await workspacesRepo.bumpVersions(trx, [ws], now());
        await inList(trx, ws, taskId);
        const after = await inList(trx, ws, afterTaskId);
        const next = await plannedRepo.nextPlannedPosition(trx, ws, after.position, taskId);
        await plannedRepo.setPlannedPosition(trx, ws, taskId, keyBetween(after.position, next));
        return versionOf(trx, ws);
      });
    },

    /** spec §4: completed tasks leave the Execute view and stay completed. */
    async hideCompleted(session: SessionContext) {
      return db.transaction().execute(async (trx) => {
        await workspacesRepo.bumpVersions(trx, [session.workspaceId], now());
        await plannedRepo.removeCompletedFromList(trx, session.workspaceId);
        return versionOf(trx, session.workspaceId);
      });
    },

    /** spec §4 "Move all tasks to planning". */
    async idleAllPlanned(session: SessionContext) {
      return db.transaction().execute(async (trx) => {
        await workspacesRepo.bumpVersions(trx, [session.workspaceId], now());
        await plannedRepo.clearList(trx, session.workspaceId);
        return versionOf(trx, session.workspaceId);
      });
    },
  };
}

export type TasksService = ReturnType<typeof createTasksService>;
