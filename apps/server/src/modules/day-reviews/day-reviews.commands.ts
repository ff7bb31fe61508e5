import type { dayReviewsApi } from '@hustle/shared/day-reviews.api';
import { noteOf } from '@hustle/shared/day-reviews';
import { AppError } from '../../lib/errors.ts';
import type { Policy } from '../policy/policy.service.ts';
import { requireWithinRange, todayOf } from '../tasks/days.service.ts';
import { findChangeable, placeOf, planOnDay, takeOffPlannedList } from '../tasks/tasks.service.ts';
import type { CommandHandler } from '../workspaces/command-routes.ts';
import { captureRows } from '../workspaces/workspaces.service.ts';
import * as repo from './day-reviews.repository.ts';
import { reviewChanged } from './day-reviews.service.ts';

type Api = typeof dayReviewsApi;
type Handlers = { [Name in keyof Api]: CommandHandler<Api[Name]> };

/** Finishing the day (issue 30, decision 077). */
export function createDayReviewCommands(deps: { policy: Policy }): Handlers {
  const { policy } = deps;
  return {
    /**
     * Keeps the day's review (a finish again replaces its note) and carries each unfinished task
     * where it was sent, by the rules of planning for a day and of moving back to planning. Every
     * id and day is checked before anything is written; a task completed meanwhile stays done
     * where it is. The moves and the review it replaced are kept for the undo.
     */
    async finishDay(uow, { workspaceId: ws, body }) {
      const { trx } = uow;
      const today = await todayOf(trx, ws, uow.now);
      if (body.day > today) {
        throw new AppError(
          'VALIDATION_FAILED',
          `Only a day that has come can be finished: today (${today}) or one before.`,
        );
      }
      requireWithinRange(body.day, today, 'A finished day');
      const moves = [];
      for (const move of body.moves) {
        const task = await findChangeable(trx, policy, ws, move.taskId);
        if (move.to !== null) requireWithinRange(move.to, today, 'A day to carry a task to');
        if (task.completed_at === null) moves.push({ ...move, planned: placeOf(task) });
      }
      const moved = moves.map((move) => move.taskId);
      const replaced = await repo.findReview(trx, ws, body.day);
      const undo = await uow.undoable('finishDay', {
        rows: {
          planned_tasks: (await captureRows(trx, 'planned_tasks', 'task_id', moved)).filter(
            (row) => row.workspace_id === ws,
          ),
          day_reviews: replaced ? [{ ...replaced }] : [],
        },
        facts: { day: body.day, finishedAt: uow.now },
      });
      for (const move of moves) {
        if (move.to === null) await takeOffPlannedList(uow, ws, move.taskId);
        else {
          const task = { id: move.taskId, planned: move.planned };
          await planOnDay(uow, ws, task, move.to < today ? today : move.to);
        }
      }
      await repo.putReview(trx, {
        workspace_id: ws,
        day: body.day,
        finished_at: uow.now,
        note: noteOf(body.note),
      });
      reviewChanged(uow, ws);
      return { undo };
    },
  };
}
