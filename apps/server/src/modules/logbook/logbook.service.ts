import { addDaysTo, todayIn, type Day } from '@hustle/shared/days';
import {
  accuracyOf,
  dayStartIn,
  LOGBOOK_COUNT_MAX,
  LOGBOOK_PAGE_SIZE,
  logbookCursorOf,
  parseLogbookCursor,
  weekStartOf,
  type LogbookDay,
  type LogbookPage,
  type LogbookTotals,
  type LogbookWeek,
} from '@hustle/shared/logbook';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { placeOf } from '../search/search.service.ts';
import { daySettingsOf, requireWithinRange } from '../tasks/days.service.ts';
import * as repo from './logbook.repository.ts';

export interface LogbookService {
  page(
    session: { workspaceId: string },
    input: { before?: string | undefined },
  ): Promise<LogbookPage>;
  week(session: { workspaceId: string }, input: { day?: string | undefined }): Promise<LogbookWeek>;
}

/** The instants a run of local days spans: from the first's start to the start of the day after. */
const rangeOf = (first: Day, last: Day, timeZone: string): repo.Range => ({
  from: dayStartIn(first, timeZone),
  to: dayStartIn(addDaysTo(last, 1), timeZone),
});

const toTotals = (row: repo.TotalsRow | undefined): LogbookTotals => {
  const done = Number(row?.done ?? 0);
  return {
    done,
    focusedSeconds: Number(row?.focused_seconds ?? 0),
    estimatedMinutes: Number(row?.estimated_minutes ?? 0),
    actualSeconds: Number(row?.actual_seconds ?? 0),
    estimatedTasks: Number(row?.estimated_tasks ?? 0),
    isCapped: done >= LOGBOOK_COUNT_MAX,
  };
};

/** Issue 30 item 4 (decision 078): the caller's completed tasks by day, and a week's totals. */
export function createLogbookService({ db, clock }: { db: Db; clock: Clock }): LogbookService {
  return {
    async page({ workspaceId }, { before }) {
      const cursor = before === undefined ? null : parseLogbookCursor(before);
      if (before !== undefined && !cursor) {
        throw new AppError('VALIDATION_FAILED', 'Not a logbook cursor.');
      }
      const { timeZone } = await daySettingsOf(db, workspaceId);
      const rows = await repo.completionsBefore(db, workspaceId, cursor, LOGBOOK_PAGE_SIZE + 1);
      const scanned = rows.slice(0, LOGBOOK_PAGE_SIZE);
      const last = scanned.at(-1);
      const next =
        rows.length > LOGBOOK_PAGE_SIZE && last
          ? logbookCursorOf({ completedAt: last.completed_at, id: last.id })
          : null;
      // Tasks of projects the caller has left are passed over, not shown: the page may be short.
      const days: LogbookDay[] = [];
      for (const row of scanned) {
        if (!row.is_visible) continue;
        const day = todayIn(row.completed_at, timeZone);
        let entry = days.at(-1);
        if (entry?.day !== day)
          days.push((entry = { day, totals: toTotals(undefined), tasks: [] }));
        entry.tasks.push({
          taskId: row.id,
          name: row.name,
          completedAt: row.completed_at,
          place: placeOf(row),
          estimate: row.estimate_minutes,
          actualSeconds: Number(row.actual_seconds),
        });
      }
      // Each day's totals count all of it, also the part in the pages before and after.
      const totals = await repo.totalsOf(
        db,
        workspaceId,
        days.map(({ day }) => rangeOf(day, day, timeZone)),
        LOGBOOK_COUNT_MAX,
      );
      days.forEach((day, index) => (day.totals = toTotals(totals[index])));
      return { days, next };
    },

    async week({ workspaceId }, { day }) {
      const { timeZone } = await daySettingsOf(db, workspaceId);
      const today = todayIn(clock.now(), timeZone);
      if (day !== undefined) requireWithinRange(day, today, 'The week');
      const start = weekStartOf(day ?? today);
      const end = addDaysTo(start, 6);
      const [[row], finishedDays] = await Promise.all([
        repo.totalsOf(db, workspaceId, [rangeOf(start, end, timeZone)], LOGBOOK_COUNT_MAX),
        repo.finishedDays(db, workspaceId, start, end),
      ]);
      const totals = toTotals(row);
      return { start, end, totals, accuracy: accuracyOf(totals), finishedDays };
    },
  };
}
