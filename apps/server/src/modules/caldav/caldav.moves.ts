import type { UnitOfWork } from '../workspaces/unit-of-work.ts';
import { findProjectSeenFrom } from '../projects/projects.service.ts';
import * as repo from './caldav.repository.ts';
import { INBOX, defaultNameOf, toResource } from './caldav-resources.ts';
import { taskIdOfHustleUid } from './vtodo.ts';

/** Whether the workspace shows the task's home as a list: its inbox, or an active project. */
async function isListOf(uow: UnitOfWork, workspaceId: string, task: repo.UidHolder) {
  if (task.project_id === null) return task.workspace_id === workspaceId;
  const project = await findProjectSeenFrom(uow.trx, workspaceId, task.project_id);
  return project !== undefined && !project.archived_at;
}

/**
 * The task of another of the workspace's lists that carries the UID, moved here by the app's
 * move command (a client moving a task between lists writes it to the new one): the task
 * itself, not a copy. Nothing when no other list has it, or when this list has it already.
 */
export async function moveHere(
  uow: UnitOfWork,
  home: repo.ListHome,
  uid: string,
  how: { move: (taskId: string, body: unknown) => Promise<unknown>; uidDomain: string },
) {
  const ownId = taskIdOfHustleUid(uid, how.uidDomain);
  const holders = await repo.tasksWithUid(uow.trx, uid, ownId);
  const isHere = (task: repo.UidHolder) =>
    task.project_id === home.projectId &&
    (home.projectId !== null || task.workspace_id === home.workspaceId);
  // The list has the UID already: no move, and the create refuses it (RFC 4791 no-uid-conflict).
  if (holders.some(isHere)) return undefined;
  for (const task of holders) {
    if (!(await isListOf(uow, home.workspaceId, task))) continue;
    await how.move(task.id, {
      workspaceId: home.workspaceId,
      projectId: task.project_id,
      toProjectId: home.projectId,
    });
    const [row] = await repo.findObjectsByIds(uow.trx, home, [task.id]);
    if (!row) return undefined;
    const left = {
      list: task.project_id ?? INBOX,
      name: task.resource ?? defaultNameOf(task.id),
    };
    return { task: toResource(row).task, left };
  }
  return undefined;
}
