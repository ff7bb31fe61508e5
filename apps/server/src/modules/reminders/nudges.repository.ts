import type { Db } from '../../db/database.ts';

/** A daily nudge's kind and the workspaces column holding its time (decision 084). */
export type NudgeKind = 'plan-nudge' | 'finish-nudge';
const COLUMN = { 'plan-nudge': 'w.plan_nudge_at', 'finish-nudge': 'w.finish_nudge_at' } as const;

/** The time zones of the owners of workspaces with this nudge set: a few names, not every row. */
export async function nudgeZones(db: Db, kind: NudgeKind): Promise<string[]> {
  const rows = await db
    .selectFrom('workspaces as w')
    .innerJoin('users as u', 'u.id', 'w.owner_user_id')
    .select('u.timezone')
    .distinct()
    .where(COLUMN[kind], 'is not', null)
    .execute();
  return rows.map((row) => row.timezone);
}

/**
 * Workspaces whose owner is in `zone`, whose nudge time has come on the owner's clock (`clock`,
 * "HH:MM": the times compare as text) and which had no nudge of this kind since their day began
 * (`dayStart`, UTC): only what is due now, so a pass reads no more than it sends.
 */
export async function dueNudges(
  db: Db,
  kind: NudgeKind,
  at: { zone: string; clock: string; dayStart: string },
  limit: number,
) {
  const column = COLUMN[kind];
  return db
    .selectFrom('workspaces as w')
    .innerJoin('users as u', 'u.id', 'w.owner_user_id')
    .select(['w.id', `${column} as at`, 'u.email'])
    .where('u.timezone', '=', at.zone)
    .where('u.disabled_at', 'is', null)
    .where(column, 'is not', null)
    .where(column, '<=', at.clock)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('reminder_firings as f')
            .select('f.subject_id')
            .where('f.kind', '=', kind)
            .whereRef('f.subject_id', '=', 'w.id')
            .where('f.due_at', '>=', at.dayStart),
        ),
      ),
    )
    .orderBy('w.id')
    .limit(limit)
    .execute();
}

/** Open tasks on the workspace's list for `day` or before (carried over to it on the next read). */
export async function openPlannedCount(db: Db, workspaceId: string, day: string) {
  const row = await db
    .selectFrom('planned_tasks as pt')
    .innerJoin('tasks as t', 't.id', 'pt.task_id')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
    .where('pt.workspace_id', '=', workspaceId)
    .where('pt.day', '<=', day)
    .where('t.completed_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
