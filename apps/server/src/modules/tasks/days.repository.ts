import { sql } from 'kysely';
import { compiledOnce } from '../../db/compiled-once.ts';
import type { Db } from '../../db/database.ts';

// Every plan, and every read of the workspace, asks what today is there: built once.
const settingsRow = compiledOnce((db, workspaceId: string) =>
  db
    .selectFrom('workspaces as w')
    .innerJoin('users as u', 'u.id', 'w.owner_user_id')
    .select([
      'u.timezone',
      'w.carry_over_to',
      'w.carry_over_limit',
      'w.day_capacity',
      'w.plan_nudge_at',
      'w.finish_nudge_at',
    ])
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

// A task planned without a day goes last on today's list: the owner's time zone (what today is)
// and the list's last position in one read (issue 34: one round trip fewer per plan and create).
const zoneAndListEndRow = compiledOnce((db, workspaceId: string) =>
  db
    .selectFrom('workspaces as w')
    .innerJoin('users as u', 'u.id', 'w.owner_user_id')
    .select((eb) => [
      'u.timezone',
      eb
        .selectFrom('planned_tasks as pt')
        .select('pt.position')
        .whereRef('pt.workspace_id', '=', 'w.id')
        .orderBy('pt.position', 'desc')
        .limit(1)
        .as('last_position'),
    ])
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

/** The owner's time zone and the last position on the workspace's Execute list. */
export async function findZoneAndListEnd(db: Db, workspaceId: string) {
  return (await zoneAndListEndRow(db, workspaceId))[0];
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

/** Rows per statement when a carry-over moves many: well under either database's parameter cap. */
const ROWS_PER_STATEMENT = 500;

function inChunks<T>(rows: readonly T[]): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    chunks.push(rows.slice(start, start + ROWS_PER_STATEMENT));
  }
  return chunks;
}

/**
 * Moves carried rows to `day`, each with its own count and key: one statement per 500 rows, so
 * a week away costs a few statements, not one per task.
 */
export async function carryRows(
  db: Db,
  workspaceId: string,
  day: string,
  rows: readonly { taskId: string; carried: number; position: string }[],
): Promise<void> {
  for (const chunk of inChunks(rows)) {
    const byTask = (value: (row: (typeof chunk)[number]) => string | number) =>
      sql.join(
        chunk.map((row) => sql`when ${row.taskId} then ${value(row)}`),
        sql` `,
      );
    await db
      .updateTable('planned_tasks')
      .set({
        day,
        // A cast, so PostgreSQL reads the parameters as numbers for the integer column.
        carried: sql<number>`cast(case task_id ${byTask((row) => row.carried)} end as integer)`,
        position: sql<string>`case task_id ${byTask((row) => row.position)} end`,
      })
      .where('workspace_id', '=', workspaceId)
      .where(
        'task_id',
        'in',
        chunk.map((row) => row.taskId),
      )
      .execute();
  }
}

/** Takes the rows off the workspace's list, 500 per statement. */
export async function removeRows(db: Db, workspaceId: string, taskIds: readonly string[]) {
  for (const chunk of inChunks(taskIds)) {
    await db
      .deleteFrom('planned_tasks')
      .where('workspace_id', '=', workspaceId)
      .where('task_id', 'in', chunk)
      .execute();
  }
}

export async function updateDaySettings(
  db: Db,
  workspaceId: string,
  change: {
    carry_over_to?: 'top' | 'bottom';
    carry_over_limit?: number | null;
    day_capacity?: string;
    plan_nudge_at?: string | null;
    finish_nudge_at?: string | null;
  },
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
