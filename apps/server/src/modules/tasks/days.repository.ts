import { compiledOnce } from '../../db/compiled-once.ts';
import type { Db } from '../../db/database.ts';

// Every plan, and every read of the workspace, asks what today is there: built once.
const settingsRow = compiledOnce((db, workspaceId: string) =>
  db
    .selectFrom('workspaces as w')
    .innerJoin('users as u', 'u.id', 'w.owner_user_id')
    .select(['u.timezone', 'w.carry_over_to', 'w.carry_over_limit'])
    .where('w.id', '=', workspaceId),
);

// The workspace read's entity tag reads it on every read: its version and its time zone.
const versionAndZoneRow = compiledOnce((db, workspaceId: string) =>
  db
    .selectFrom('workspaces as w')
    .innerJoin('users as u', 'u.id', 'w.owner_user_id')
    .select(['w.version', 'u.timezone'])
    .where('w.id', '=', workspaceId),
);

const pastOpenRow = compiledOnce((db, workspaceId: string, today: string) =>
  db
    .selectFrom('planned_tasks as pt')
    .innerJoin('tasks as t', 't.id', 'pt.task_id')
    .select('pt.task_id')
    .where('pt.workspace_id', '=', workspaceId)
    .where('pt.day', '<', today)
    .where('t.completed_at', 'is', null)
    .limit(1),
);

/** The workspace owner's time zone and carry-over settings. */
export async function findDaySettings(db: Db, workspaceId: string) {
  return (await settingsRow(db, workspaceId))[0];
}

/** The workspace's version and its owner's time zone, in one read. */
export async function findVersionAndZone(db: Db, workspaceId: string) {
  return (await versionAndZoneRow(db, workspaceId))[0];
}

/** Whether an open task of the workspace's list is planned for a day before `today`. */
export async function hasPastOpenTasks(db: Db, workspaceId: string, today: string) {
  return (await pastOpenRow(db, workspaceId, today)).length > 0;
}

/** The open rows of past days, in the list's order, as carry-over reads them. */
export function pastOpenRows(db: Db, workspaceId: string, today: string) {
  return db
    .selectFrom('planned_tasks as pt')
    .innerJoin('tasks as t', 't.id', 'pt.task_id')
    .select(['pt.task_id', 'pt.day', 'pt.carried', 't.project_id', 't.workspace_id'])
    .where('pt.workspace_id', '=', workspaceId)
    .where('pt.day', '<', today)
    .where('t.completed_at', 'is', null)
    .orderBy('pt.position')
    .orderBy('pt.task_id')
    .execute();
}

export async function setPlannedDay(
  db: Db,
  workspaceId: string,
  taskId: string,
  row: { day: string; carried: number; position?: string },
) {
  await db
    .updateTable('planned_tasks')
    .set(row)
    .where('workspace_id', '=', workspaceId)
    .where('task_id', '=', taskId)
    .execute();
}

export async function updateDaySettings(
  db: Db,
  workspaceId: string,
  change: { carry_over_to?: 'top' | 'bottom'; carry_over_limit?: number | null },
) {
  if (Object.keys(change).length === 0) return;
  await db.updateTable('workspaces').set(change).where('id', '=', workspaceId).execute();
}

export async function updateTimeZone(db: Db, workspaceId: string, timeZone: string) {
  await db
    .updateTable('users')
    .set({ timezone: timeZone })
    .where('id', '=', (eb) =>
      eb.selectFrom('workspaces').select('owner_user_id').where('id', '=', workspaceId),
    )
    .execute();
}
