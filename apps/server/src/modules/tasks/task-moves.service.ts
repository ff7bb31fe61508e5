import type { Db } from '../../db/database.ts';
import { keyBetween } from '../../lib/ordering.ts';
import type { Policy } from '../policy/policy.service.ts';
import type { UnitOfWork } from '../workspaces/unit-of-work.ts';
import { findMembership } from '../workspaces/workspaces.service.ts';
import * as moveRepo from './task-moves.repository.ts';
import * as repo from './tasks.repository.ts';
import { workspacesShowing } from './tasks.service.ts';

/** Where a task lives: a project, or the inbox of one workspace. */
export type TaskHome = { projectId: string } | { workspaceId: string };

const rowOf = (home: TaskHome) => ({
  project_id: 'projectId' in home ? home.projectId : null,
  workspace_id: 'workspaceId' in home ? home.workspaceId : null,
});

/** The inbox of `workspaceId` for null, else the project, if it shows there and is not archived. */
export async function requireMoveTarget(
  trx: Db,
  policy: Policy,
  workspaceId: string,
  projectId: string | null,
): Promise<TaskHome> {
  if (projectId === null) return { workspaceId };
  const project = policy.requireVisible(await findMembership(trx, workspaceId, projectId));
  policy.requireNotArchived(project);
  return { projectId };
}

/** The position a task takes last in a home, for a move (or its undo, near where it was). */
export const lastPositionIn = async (trx: Db, home: TaskHome) =>
  keyBetween(await repo.lastTaskPosition(trx, home), null);

/**
 * Decision 072: moves a task to a new home at `position`. Whoever saw it there and does not see
 * it here loses its planned copy, as a member removed from a project does; whoever sees it here
 * hears of it. Answers the planned rows taken off, whole, for an undo.
 */
export async function moveTaskHome(
  uow: UnitOfWork,
  task: { id: string; project_id: string | null; workspace_id: string | null },
  home: TaskHome,
  position: string,
) {
  const { trx } = uow;
  const before = await workspacesShowing(trx, task);
  const to = rowOf(home);
  await moveRepo.setHome(trx, task.id, { ...to, position, updated_at: uow.now });
  const after = await workspacesShowing(trx, to);
  const leaving = before.filter((workspaceId) => !after.includes(workspaceId));
  await uow.lock(leaving);
  const removed = await moveRepo.unplanIn(trx, task.id, leaving);
  for (const row of removed) uow.changed([row.workspace_id], 'planned', task.id, 'delete');
  uow.changed([...new Set([...before, ...after])], 'task', task.id);
  // The lists it left and joined go out whole (their cards, their counts).
  if (task.project_id) uow.changed(before, 'project', task.project_id);
  if (to.project_id) uow.changed(after, 'project', to.project_id);
  return removed;
}

/** Whether the task lives in this home already. */
export const isHomeOf = (
  task: { project_id: string | null; workspace_id: string | null },
  home: TaskHome,
) => {
  const to = rowOf(home);
  return task.project_id === to.project_id && task.workspace_id === to.workspace_id;
};
