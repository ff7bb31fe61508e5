import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';

/** A completion as the logbook reads it, and whether the caller still sees its task. */
export interface CompletionRow {
  id: string;
  name: string;
  completed_at: string;
  project_id: string | null;
  automation_id: string | null;
  project_name: string | null;
  project_color: string | null;
  project_archived_at: string | null;
  estimate_minutes: number | null;
  actual_seconds: number;
  is_visible: number;
}

/** A stretch of time, `[from, to)`, as instants written by `toISOString`. */
export interface Range {
  from: string;
  to: string;
}

export interface TotalsRow {
  done: number | string;
  estimated_minutes: number | string | null;
  actual_seconds: number | string | null;
  estimated_tasks: number | string;
  focused_seconds: number | string | null;
}

/**
 * Whether the caller sees the task: in their own lists, or in a project their workspace shows
 * (the rule of every task read). A task of a project they left since stays out.
 */
const isVisible = (workspaceId: string) =>
  sql<number>`case when t.workspace_id = ${workspaceId} or exists (
      select 1 from workspace_projects wp
      where wp.workspace_id = ${workspaceId} and wp.project_id = t.project_id) then 1 else 0 end`;

/**
 * The caller's completions before `before` (all of them without it), newest first, at most
 * `limit`: one step down `tasks_completed_by_at_idx` (migration 0039), seeking to the cursor with
 * a row value, so the 1,000th page costs what the first does. Each row says whether its task
 * is still visible; the service leaves out the rest, so a page never reads past its limit.
 */
export async function completionsBefore(
  db: Db,
  workspaceId: string,
  before: { completedAt: string; id: string } | null,
  limit: number,
): Promise<CompletionRow[]> {
  const { rows } = await sql<CompletionRow>`
    select t.id, t.name, t.completed_at, t.project_id, t.automation_id,
      p.name as project_name, p.color as project_color, p.archived_at as project_archived_at,
      t.estimate_minutes, t.actual_seconds, ${isVisible(workspaceId)} as is_visible
    from (select id from tasks
          where completed_by = ${workspaceId} and completed_at is not null
          ${before ? sql`and (completed_at, id) < (${before.completedAt}, ${before.id})` : sql``}
          order by completed_at desc, id desc limit ${limit}) c
    cross join tasks t
    left join projects p on p.id = t.project_id
    where t.id = c.id
    order by t.completed_at desc, t.id desc`.execute(db);
  return rows;
}

/**
 * The totals of each range, in one statement: the visible completions in it (at most `cap`, read
 * down the same index) with their estimates and recorded time, and the caller's ended time
 * entries that started in it (`time_entries_workspace_idx`).
 */
export async function totalsOf(
  db: Db,
  workspaceId: string,
  ranges: readonly Range[],
  cap: number,
): Promise<TotalsRow[]> {
  if (ranges.length === 0) return [];
  const one = ({ from, to }: Range, index: number): RawBuilder<unknown> => sql`
    select ${index} as ord, count(*) as done,
      sum(case when d.estimate_minutes is not null and d.actual_seconds > 0
          then d.estimate_minutes else 0 end) as estimated_minutes,
      sum(case when d.estimate_minutes is not null and d.actual_seconds > 0
          then d.actual_seconds else 0 end) as actual_seconds,
      sum(case when d.estimate_minutes is not null and d.actual_seconds > 0
          then 1 else 0 end) as estimated_tasks,
      (select sum(e.seconds) from time_entries e
        where e.workspace_id = ${workspaceId} and e.started_at >= ${from}
          and e.started_at < ${to} and e.ended_at is not null) as focused_seconds
    from (select t.estimate_minutes, t.actual_seconds from tasks t
          where t.completed_by = ${workspaceId}
            and t.completed_at >= ${from} and t.completed_at < ${to}
            and ${isVisible(workspaceId)} = 1
          order by t.completed_at desc limit ${cap}) d`;
  const parts = ranges.map(one);
  // A compound select's parts may not be parenthesised in SQLite, nor ordered: each is wrapped.
  const all = sql.join(
    parts.map((part) => sql`select * from (${part}) r`),
    sql` union all `,
  );
  const { rows } = await sql<TotalsRow & { ord: number | string }>`
    select * from (${all}) u order by ord`.execute(db);
  return rows;
}

/** The days of a range the workspace's plan was finished on (day_reviews, migration 0039). */
export async function finishedDays(
  db: Db,
  workspaceId: string,
  first: string,
  last: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('day_reviews')
    .select('day')
    .where('workspace_id', '=', workspaceId)
    .where('day', '>=', first)
    .where('day', '<=', last)
    .orderBy('day')
    .execute();
  return rows.map((row) => row.day);
}
