import { FEED_MAX_ENTRIES } from '@hustle/shared/feeds';
import type { Db } from '../../db/database.ts';
import type { CalendarFeedsTable } from '../../db/schema.ts';

/** The feed and what it needs to answer: its owner's workspace, zone and whether disabled. */
export function findFeed(db: Db, feedId: string) {
  return db
    .selectFrom('calendar_feeds as f')
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .innerJoin('workspaces as w', 'w.owner_user_id', 'u.id')
    .select([
      'f.id',
      'f.user_id',
      'f.project_id',
      'f.created_at',
      'u.timezone',
      'u.disabled_at',
      'w.id as workspace_id',
    ])
    .where('f.id', '=', feedId)
    .executeTakeFirst();
}

export function listFeedsOf(db: Db, userId: string) {
  return db
    .selectFrom('calendar_feeds')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function findFeedOf(db: Db, userId: string, projectId: string | null) {
  return db
    .selectFrom('calendar_feeds')
    .selectAll()
    .where('user_id', '=', userId)
    .where('project_id', projectId === null ? 'is' : '=', projectId)
    .executeTakeFirst();
}

/** Adds the feed unless the account has one for it already (a racing request made it). */
export async function insertFeed(db: Db, row: CalendarFeedsTable): Promise<void> {
  await db
    .insertInto('calendar_feeds')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function deleteFeed(db: Db, feedId: string): Promise<void> {
  await db.deleteFrom('calendar_feeds').where('id', '=', feedId).execute();
}

/** The workspace's open planned tasks, by day then list order; of one project when named. */
export function plannedEntries(db: Db, workspaceId: string, projectId: string | null) {
  return db
    .selectFrom('planned_tasks as pt')
    .innerJoin('tasks as t', 't.id', 'pt.task_id')
    .select(['t.id', 't.name', 't.updated_at', 'pt.day'])
    .where('pt.workspace_id', '=', workspaceId)
    .where('t.completed_at', 'is', null)
    .$if(projectId !== null, (qb) => qb.where('t.project_id', '=', projectId))
    .orderBy('pt.day')
    .orderBy('pt.position')
    .limit(FEED_MAX_ENTRIES)
    .execute();
}

/**
 * Deadlines of the open tasks the workspace sees: its inbox and its active projects, its own
 * and shared ones; of one project when named.
 */
export function deadlineEntries(db: Db, workspaceId: string, projectId: string | null) {
  return db
    .selectFrom('tasks as t')
    .select(['t.id', 't.name', 't.updated_at', 't.deadline'])
    .where('t.deadline', 'is not', null)
    .where('t.completed_at', 'is', null)
    .where((eb) => {
      const activeProjects = eb
        .selectFrom('workspace_projects as wp')
        .innerJoin('projects as p', 'p.id', 'wp.project_id')
        .select('wp.project_id')
        .where('wp.workspace_id', '=', workspaceId)
        .where('p.archived_at', 'is', null);
      if (projectId !== null) {
        return eb.and([
          eb('t.project_id', '=', projectId),
          eb('t.project_id', 'in', activeProjects),
        ]);
      }
      return eb.or([
        eb.and([eb('t.workspace_id', '=', workspaceId), eb('t.project_id', 'is', null)]),
        eb('t.project_id', 'in', activeProjects),
      ]);
    })
    .orderBy('t.deadline')
    .orderBy('t.id')
    .limit(FEED_MAX_ENTRIES)
    .execute();
}

/** The workspace's running automations (paused ones add nothing, so they show nothing). */
export function runningAutomations(db: Db, workspaceId: string) {
  return db
    .selectFrom('automations')
    .select([
      'id',
      'name',
      'task_name',
      'frequency',
      'day_of_month',
      'weekdays',
      'rule',
      'created_at',
      'scheduled_from',
      'paused_at',
    ])
    .where('workspace_id', '=', workspaceId)
    .where('paused_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .limit(FEED_MAX_ENTRIES)
    .execute();
}
