import type { taskMovesApi } from '@hustle/shared/task-moves.api';
import { AppError } from '../../lib/errors.ts';
import { keyBetween } from '../../lib/ordering.ts';
import type { Policy } from '../policy/policy.service.ts';
import type { CommandHandler } from '../workspaces/command-routes.ts';
import { captureRows } from '../workspaces/workspaces.service.ts';
import * as moveRepo from './task-moves.repository.ts';
import { isHomeOf, lastPositionIn, moveTaskHome, requireMoveTarget } from './task-moves.service.ts';
import { findChangeable, findVisible, workspacesShowing } from './tasks.service.ts';

type Api = typeof taskMovesApi;
type Handlers = { [Name in keyof Api]: CommandHandler<Api[Name]> };

const invalid = (message: string) => new AppError('VALIDATION_FAILED', message);

/** Issue 31 items 4 and 5 (decision 072): a task's home and its place there. */
export function createTaskMoveCommands(deps: { policy: Policy }): Handlers {
  const { policy } = deps;
  return {
    /**
     * To another project the caller sees, or to the caller's inbox; last there. Neither end may
     * be archived. Undoable: the task goes back, and the planned copies the move took return.
     */
    async moveTaskToProject(uow, { workspaceId: ws, params, body }) {
      const { trx } = uow;
      const task = await findChangeable(trx, policy, ws, params.id, body.projectId);
      const home = await requireMoveTarget(trx, policy, ws, body.toProjectId);
      if (task.automation_id !== null) {
        throw invalid('A task an automation made stays with its automation.');
      }
      if (isHomeOf(task, home)) return { undo: null };
      await policy.requireTaskRoom(trx, home);
      const [row] = await captureRows(trx, 'tasks', 'id', [task.id]);
      const removed = await moveTaskHome(uow, task, home, await lastPositionIn(trx, home));
      const undo = await uow.undoable('moveTaskToProject', {
        rows: { tasks: [row!], planned_tasks: removed },
      });
      return { undo };
    },

    /** Right after `afterTaskId` in the project's order, or first: one row written. */
    async reorderProjectTask(uow, { workspaceId: ws, params, body }) {
      const { trx } = uow;
      if (body.afterTaskId === params.id) {
        throw invalid('A task cannot be placed after itself.');
      }
      const task = await findChangeable(trx, policy, ws, params.id, body.projectId);
      const after =
        body.afterTaskId === null
          ? null
          : (await findVisible(trx, ws, body.afterTaskId, body.projectId)).position;
      const next = await moveRepo.positionAfter(trx, body.projectId, after, task.id);
      const isThere =
        (after === null || task.position > after) && (next === null || task.position < next);
      if (isThere) return;
      await moveRepo.setPosition(trx, task.id, keyBetween(after, next), uow.now);
      uow.changed(await workspacesShowing(trx, task), 'task', task.id);
    },
  };
}
