import type { DayReview } from '@hustle/shared/day-reviews';
import type { Db } from '../../db/database.ts';
import type { UnitOfWork } from '../workspaces/unit-of-work.ts';
import { restoreRows } from '../workspaces/workspaces.service.ts';
import * as repo from './day-reviews.repository.ts';

/**
 * The newest day the user finished, with its note for the day after (decision 077): read with the
 * workspace answer and with every sync page, one step along the primary key.
 */
export async function readDayReview(db: Db, workspaceId: string): Promise<DayReview | null> {
  const row = await repo.newestReview(db, workspaceId);
  return row ? { day: row.day, note: row.note } : null;
}

/** Whether the user finished `day` (the evening nudge is not sent then, decision 084). */
export async function isDayFinished(db: Db, workspaceId: string, day: string): Promise<boolean> {
  return (await repo.findReview(db, workspaceId, day)) !== undefined;
}

/** The workspace's finished days changed: its devices read the newest again with the next sync. */
export const reviewChanged = (uow: UnitOfWork, workspaceId: string) =>
  uow.changed([workspaceId], 'review', workspaceId);

/**
 * Takes a finish of `day` back (its undo): the review it wrote goes, the one it replaced (if any)
 * comes back. Answers false, changing nothing, when the day was finished again since (that later
 * finish is the one to undo) or its review is gone.
 */
export async function takeBackReview(
  uow: UnitOfWork,
  workspaceId: string,
  finish: { day: string; finishedAt: string },
  replaced: Record<string, unknown> | undefined,
): Promise<boolean> {
  const current = await repo.findReview(uow.trx, workspaceId, finish.day);
  if (current?.finished_at !== finish.finishedAt) return false;
  await repo.deleteReview(uow.trx, workspaceId, finish.day);
  if (replaced) await restoreRows(uow.trx, 'day_reviews', [replaced]);
  reviewChanged(uow, workspaceId);
  return true;
}
