import type { focusApi } from '@hustle/shared/focus.api';
import {
  carriedEntryIds,
  FOCUS_CLOCK_TOLERANCE_MS,
  laterOf,
  secondsBetween,
} from '@hustle/shared/focus';
import type { TimeEntriesTable } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Policy } from '../policy/policy.service.ts';
import { findChangeable } from '../tasks/tasks.service.ts';
import type { CommandHandler } from '../workspaces/command-routes.ts';
import type { UnitOfWork } from '../workspaces/unit-of-work.ts';
import { captureRows } from '../workspaces/workspaces.service.ts';
import * as repo from './focus.repository.ts';
import { focusChanged, readFocus, taskTimeChanged } from './focus.service.ts';

type Api = typeof focusApi;
type Handlers = { [Name in keyof Api]: CommandHandler<Api[Name]> };

const refused = (message: string) => new AppError('VALIDATION_FAILED', message);

/**
 * A command's instant is the device's (it may have waited offline in the outbox), but never ahead
 * of the server's clock by more than a device's drift: time not yet spent is not recorded.
 */
function requireNotAhead(uow: UnitOfWork, at: string) {
  if (Date.parse(at) > Date.parse(uow.now) + FOCUS_CLOCK_TOLERANCE_MS) {
    throw refused('A time entry cannot start or end in the future.');
  }
}

/** The entry ends at `at`: its seconds are written and join its task's time. */
async function endEntry(
  uow: UnitOfWork,
  entry: Pick<TimeEntriesTable, 'id' | 'task_id' | 'started_at' | 'workspace_id'>,
  at: string,
  how: 'pause' | 'stop',
) {
  await repo.updateEntry(uow.trx, entry.id, {
    ended_at: at,
    seconds: secondsBetween(entry.started_at, at),
    ended_by: how,
  });
  await taskTimeChanged(uow, entry.task_id);
  focusChanged(uow, entry.workspace_id);
}

/** Whether the open session (running or paused) carries the entry's time: then it stays. */
async function isCarriedByOpenSession(uow: UnitOfWork, entry: TimeEntriesTable) {
  const focus = await readFocus(uow.trx, entry.workspace_id);
  if (!focus || focus.taskId !== entry.task_id || focus.entryId === entry.id) return false;
  const entries = await repo.entriesSince(
    uow.trx,
    entry.workspace_id,
    entry.task_id,
    entry.started_at,
  );
  const seconds = entries.map((each) => ({ id: each.id, seconds: Number(each.seconds ?? 0) }));
  return carriedEntryIds(seconds, focus).includes(entry.id);
}

/** Focus on a task (issue 30, decision 076): one running entry per user, held here and by an index. */
export function createFocusCommands(deps: { policy: Policy }): Handlers {
  const { policy } = deps;
  return {
    /**
     * A new entry from `at`. A timer running on another task ends where the new one starts, never
     * before it began; one already on this task, or this very entry, changes nothing. With no timer
     * running, a start inside an entry already recorded is refused.
     */
    async startFocus(uow, { workspaceId: ws, body }) {
      const { trx } = uow;
      requireNotAhead(uow, body.at);
      const task = await findChangeable(trx, policy, ws, body.taskId, body.projectId);
      const existing = await repo.findEntry(trx, body.entryId);
      if (existing) {
        if (existing.workspace_id === ws && existing.task_id === task.id) return;
        policy.refuseUsedId();
      }
      const latest = await repo.latestEntry(trx, ws);
      const running = latest?.ended_at === null ? latest : null;
      if (running?.task_id === task.id) return;
      let startedAt = body.at;
      if (running) {
        startedAt = laterOf(body.at, running.started_at);
        await endEntry(uow, running, startedAt, 'stop');
      } else if (latest?.ended_at && Date.parse(body.at) < Date.parse(latest.ended_at)) {
        throw refused('This start falls inside a time entry already recorded.');
      }
      const paused = !running && latest?.ended_by === 'pause' ? latest : null;
      const continues = body.resume && paused?.task_id === task.id;
      // A pause is taken up once: resumed, or left behind by a start on anything.
      if (paused) await repo.updateEntry(trx, paused.id, { ended_by: 'stop' });
      await repo.insertEntry(trx, {
        id: body.entryId,
        workspace_id: ws,
        task_id: task.id,
        started_at: startedAt,
        ended_at: null,
        seconds: null,
        ended_by: null,
        carried_seconds: continues
          ? Number(paused.carried_seconds) + Number(paused.seconds ?? 0)
          : 0,
      });
      focusChanged(uow, ws);
    },

    /**
     * Ends the running entry the browser saw. One ended already (by another device) changes
     * nothing, except that a stop ends a paused session.
     */
    async endFocus(uow, { workspaceId: ws, body }) {
      const { trx } = uow;
      requireNotAhead(uow, body.at);
      const entry = await repo.findEntry(trx, body.entryId);
      if (!entry || entry.workspace_id !== ws) throw notFound('Time entry');
      const how = body.pause ? 'pause' : 'stop';
      if (entry.ended_at === null) {
        if (Date.parse(body.at) < Date.parse(entry.started_at)) {
          throw refused('A time entry cannot end before it starts.');
        }
        await endEntry(uow, entry, body.at, how);
      } else if (how === 'stop' && entry.ended_by === 'pause') {
        await repo.updateEntry(trx, entry.id, { ended_by: 'stop' });
        focusChanged(uow, ws);
      }
    },

    /**
     * The caller's own entries only. A running one, or one whose time the open session carries, waits
     * for the timer to stop: the session's count must match the entries it is made of.
     */
    async deleteTimeEntry(uow, { workspaceId: ws, params }) {
      const { trx } = uow;
      const entry = await repo.findEntry(trx, params.id);
      if (!entry || entry.workspace_id !== ws) throw notFound('Time entry');
      if (entry.ended_at === null) {
        throw new AppError('CONFLICT', 'This entry is still running. Stop the timer first.');
      }
      if (await isCarriedByOpenSession(uow, entry)) {
        throw new AppError(
          'CONFLICT',
          'This entry is part of the focus session still open. Stop the timer first.',
        );
      }
      const undo = await uow.undoable('deleteTimeEntry', {
        rows: { time_entries: await captureRows(trx, 'time_entries', 'id', [entry.id]) },
      });
      await repo.deleteEntry(trx, entry.id);
      await taskTimeChanged(uow, entry.task_id);
      if (entry.ended_by === 'pause') focusChanged(uow, ws);
      return { undo };
    },
  };
}
