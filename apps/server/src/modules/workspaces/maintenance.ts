import type { Db } from '../../db/database.ts';
import { addDays, type Clock } from '../../lib/clock.ts';
import * as changeLog from './change-log.repository.ts';
import * as idempotency from './idempotency.repository.ts';
import { pruneActivityBefore } from './task-activity.repository.ts';
import * as undoJournal from './undo-journal.repository.ts';

/**
 * Bounded retention of the write path's history (docs/decisions/013-one-write-path.md):
 * change-log rows for 30 days — a client further behind than that takes a fresh snapshot —
 * and idempotent answers for 48 hours, so a repeat within a day is always recognised.
 */
export const CHANGE_LOG_RETENTION_DAYS = 30;
export const IDEMPOTENCY_RETENTION_DAYS = 2;
/** A shared task's activity is read by people, not clients catching up: kept longer (decision 087). */
export const TASK_ACTIVITY_RETENTION_DAYS = 90;

export function createMaintenance(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  return {
    async pruneWriteHistory(): Promise<void> {
      const now = clock.now();
      await changeLog.pruneChangesBefore(
        db,
        addDays(now, -CHANGE_LOG_RETENTION_DAYS).toISOString(),
      );
      await idempotency.pruneAnswersBefore(
        db,
        addDays(now, -IDEMPOTENCY_RETENTION_DAYS).toISOString(),
      );
      await pruneActivityBefore(db, addDays(now, -TASK_ACTIVITY_RETENTION_DAYS).toISOString());
      // An expired undo is kept a day, so a late repeat still reads "no longer possible".
      await undoJournal.pruneEntriesBefore(db, addDays(now, -1).toISOString());
    },
  };
}
