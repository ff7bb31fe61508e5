import {
  carryOver,
  CAPACITY_MAX,
  DEFAULT_DAY_SETTINGS,
  isTimeZone,
  isWithinRange,
  todayIn,
  DAY_RANGE_YEARS,
  type Day,
  type DaySettings,
} from '@hustle/shared/days';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { keysBetween } from '../../lib/ordering.ts';
import type { UnitOfWork, WritePath } from '../workspaces/unit-of-work.ts';
import * as repo from './days.repository.ts';
import * as plannedRepo from './planned.repository.ts';

/**
 * Days (issue 29, decision 060): what today is for a workspace, and the carry-over that moves
 * the open tasks of days gone by to it, by the one rule in packages/shared.
 */

/** A time zone no longer known (stored before it was checked) counts as UTC. */
export const knownZone = (timeZone: string) => (isTimeZone(timeZone) ? timeZone : 'UTC');

/** The workspace's version and its owner's time zone, in one read (the entity tag's). */
export const versionAndZoneOf = (db: Db, workspaceId: string) =>
  repo.findVersionAndZone(db, workspaceId);

/** The workspace's day settings. */
export async function daySettingsOf(trx: Db, workspaceId: string): Promise<DaySettings> {
  const row = await repo.findDaySettings(trx, workspaceId);
  if (!row) throw notFound('Workspace');
  return {
    timeZone: knownZone(row.timezone),
    carryOverTo: row.carry_over_to ?? DEFAULT_DAY_SETTINGS.carryOverTo,
    backToInboxAfter: row.carry_over_limit ?? DEFAULT_DAY_SETTINGS.backToInboxAfter,
    capacity: capacityOf(row.day_capacity),
    planNudgeAt: row.plan_nudge_at,
    finishNudgeAt: row.finish_nudge_at,
  };
}

/**
 * Each weekday's capacity as stored ("360,360,…", Monday first); the default when none was
 * set, or when what is stored is not seven numbers the contract allows.
 */
function capacityOf(stored: string | null): number[] {
  const days = stored?.split(',').map(Number) ?? [];
  const fits = (minutes: number) =>
    Number.isInteger(minutes) && minutes >= 0 && minutes <= CAPACITY_MAX;
  return days.length === 7 && days.every(fits) ? days : [...DEFAULT_DAY_SETTINGS.capacity];
}

/** Capacity as stored: seven minutes, Monday first. */
export const storedCapacity = (capacity: readonly number[]): string => capacity.join(',');

/** Today where the workspace's user is, at `now`. */
export async function todayOf(trx: Db, workspaceId: string, now: string): Promise<Day> {
  return todayIn(now, (await daySettingsOf(trx, workspaceId)).timeZone);
}

/** Today where the workspace's user is, and the last position on its Execute list, in one read. */
export async function todayAndListEnd(trx: Db, workspaceId: string, now: string) {
  const row = await repo.findZoneAndListEnd(trx, workspaceId);
  if (!row) throw notFound('Workspace');
  return { today: todayIn(now, knownZone(row.timezone)), last: row.last_position ?? null };
}

/** A planned day or deadline further than DAY_RANGE_YEARS from today is a mistake: 400. */
export function requireWithinRange(day: Day, today: Day, what: string): void {
  if (!isWithinRange(day, today)) {
    throw new AppError(
      'VALIDATION_FAILED',
      `${what} must be within ${DAY_RANGE_YEARS} years of today (${today}).`,
    );
  }
}

/**
 * Carries the workspace's open tasks of past days over to today, in its unit of work: each
 * moved row gets today, its count and a key at the top or the bottom of the list; a row carried
 * too often leaves the list. Changes nothing when nothing is late, so running it twice is safe.
 */
export async function carryOverIn(uow: UnitOfWork, workspaceId: string): Promise<void> {
  const { trx } = uow;
  const settings = await daySettingsOf(trx, workspaceId);
  const today = todayIn(uow.now, settings.timeZone);
  const rows = await repo.pastOpenRows(trx, workspaceId, today);
  if (rows.length === 0) return;
  const entries = rows.map((row) => ({
    taskId: row.task_id,
    day: row.day,
    carried: Number(row.carried),
    done: false,
  }));
  const result = carryOver(entries, today, settings);
  const edge = settings.carryOverTo === 'top' ? 'first' : 'last';
  const neighbour = await plannedRepo.edgePlannedPosition(trx, workspaceId, edge);
  const keys =
    edge === 'first'
      ? keysBetween(null, neighbour, result.moved.length)
      : keysBetween(neighbour, null, result.moved.length);
  await repo.carryRows(
    trx,
    workspaceId,
    today,
    result.moved.map((moved, index) => ({ ...moved, position: keys[index]! })),
  );
  for (const moved of result.moved) uow.changed([workspaceId], 'planned', moved.taskId);
  await repo.removeRows(trx, workspaceId, result.unplanned);
  for (const taskId of result.unplanned) uow.changed([workspaceId], 'planned', taskId, 'delete');
}

/** Workspaces whose check found nothing to carry, remembered per version and day. */
const CHECKED_MAX = 10_000;

/**
 * Carry-over on read (decision 060): before the workspace is answered, a short unit of work
 * moves what the day's end left behind, so every device reads the same today. A workspace
 * found with nothing to carry is not looked at again until its version or its today changes
 * (any instance's write bumps the version), so a steady read costs one small read. The unit of
 * work checks again under the lock. Answers whether it carried anything.
 */
export function createCarryOver(deps: { db: Db; writes: WritePath; clock: Clock }) {
  const { db, writes, clock } = deps;
  const checked = new Map<string, string>();
  return async function ensureCarriedOver(
    workspaceId: string,
    known?: { version: number; timezone: string },
  ): Promise<boolean> {
    const state = known ?? (await repo.findVersionAndZone(db, workspaceId));
    if (!state) return false;
    const today = todayIn(clock.now(), knownZone(state.timezone));
    const key = `${state.version}:${today}`;
    if (checked.get(workspaceId) === key) return false;
    if (await repo.hasPastOpenTasks(db, workspaceId, today)) {
      await writes.run({ workspaceId }, (uow) => carryOverIn(uow, workspaceId));
      return true;
    }
    checked.delete(workspaceId);
    checked.set(workspaceId, key);
    if (checked.size > CHECKED_MAX) checked.delete(checked.keys().next().value!);
    return false;
  };
}

export type EnsureCarriedOver = ReturnType<typeof createCarryOver>;
