import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import app code.

/** The date it is now in a time zone, 'YYYY-MM-DD' (the en-CA format writes it so). */
const todayIn = (timeZone: string, now: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // Issue 29 (decision 060): a planned task is planned for a day of its planner's calendar, and
  // counts the day ends it was carried across. Every write names the day; the rows planned
  // before this release are today's, as they were shown.
  await db.schema.alterTable('planned_tasks').addColumn('day', 'text').execute();
  await db.schema
    .alterTable('planned_tasks')
    .addColumn('carried', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  const zones = await db.selectFrom('users').select('timezone').distinct().execute();
  const now = new Date();
  for (const { timezone } of zones as { timezone: string }[]) {
    let today: string;
    try {
      today = todayIn(timezone, now);
    } catch {
      today = todayIn('UTC', now);
    }
    await db
      .updateTable('planned_tasks')
      .set({ day: today })
      .where(
        'workspace_id',
        'in',
        db
          .selectFrom('workspaces as w')
          .innerJoin('users as u', 'u.id', 'w.owner_user_id')
          .select('w.id')
          .where('u.timezone', '=', timezone),
      )
      .execute();
  }
  // A workspace without its user does not stay: its rows go with it. None is left undated.
  await db
    .updateTable('planned_tasks')
    .set({ day: todayIn('UTC', now) })
    .where('day', 'is', null)
    .execute();

  // Carry-over looks for open rows of past days, Upcoming for the rows of coming days.
  await db.schema
    .createIndex('planned_tasks_day_idx')
    .on('planned_tasks')
    .columns(['workspace_id', 'day'])
    .execute();

  // A deadline belongs to the task, whoever plans it.
  await db.schema.alterTable('tasks').addColumn('deadline', 'text').execute();

  // What carry-over does, per workspace: where carried tasks go, and after how many carry-overs
  // a task goes back (null: never).
  await db.schema
    .alterTable('workspaces')
    .addColumn('carry_over_to', 'text', (col) => col.notNull().defaultTo(sql.lit('top')))
    .execute();
  await db.schema.alterTable('workspaces').addColumn('carry_over_limit', 'integer').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('workspaces').dropColumn('carry_over_limit').execute();
  await db.schema.alterTable('workspaces').dropColumn('carry_over_to').execute();
  await db.schema.alterTable('tasks').dropColumn('deadline').execute();
  await db.schema.dropIndex('planned_tasks_day_idx').execute();
  await db.schema.alterTable('planned_tasks').dropColumn('carried').execute();
  await db.schema.alterTable('planned_tasks').dropColumn('day').execute();
}
