import { sql } from 'kysely';
import { compiledOnce } from '../../db/compiled-once.ts';
import type { Db } from '../../db/database.ts';
import type { ChangeLogTable } from '../../db/schema.ts';

/**
 * Takes the row locks of the workspaces a command writes to, in one order so two commands never
 * wait on each other in a circle (PostgreSQL; SQLite's BEGIN IMMEDIATE already holds the lock).
 */
export async function lockWorkspaces(
  db: Db,
  workspaceIds: string[],
  options: { noWait?: boolean } = {},
): Promise<void> {
  if (workspaceIds.length === 0) return;
  let query = db
    .selectFrom('workspaces')
    .select('id')
    .where('id', 'in', [...new Set(workspaceIds)].sort())
    .orderBy('id')
    .forUpdate();
  if (options.noWait) query = query.noWait();
  await query.execute();
}

// Every command bumps at least one version: built once (issue 12).
const bumpVersion = compiledOnce((db, id: string, now: string) =>
  db
    .updateTable('workspaces')
    .set((eb) => ({ version: eb('version', '+', 1), updated_at: now }))
    .where('id', '=', id)
    .returning('version'),
);

/** Bumps each workspace's version by one and answers the new versions. */
export async function bumpVersions(
  db: Db,
  workspaceIds: string[],
  now: string,
): Promise<Map<string, number>> {
  const versions = new Map<string, number>();
  for (const id of [...new Set(workspaceIds)].sort()) {
    const [row] = await bumpVersion(db, id, now);
    if (row) versions.set(id, row.version);
  }
  return versions;
}

// The version poll and every command read it: built once (issue 12's small read).
const versionOf = compiledOnce(
  (db, workspaceId: string) =>
    db
      .selectFrom('workspaces')
      .select(['id as workspaceId', 'version', 'updated_at as updatedAt'])
      .where('id', '=', workspaceId),
  { keptWhileUnchanged: true },
);

export async function findVersion(db: Db, workspaceId: string) {
  return (await versionOf(db, workspaceId))[0];
}

const projectWorkspaces = compiledOnce((db, projectId: string) =>
  db.selectFrom('workspace_projects').select('workspace_id').where('project_id', '=', projectId),
);

/** Every workspace the project shows in: its owner's and its members'. */
export async function workspacesShowingProject(db: Db, projectId: string): Promise<string[]> {
  const rows = await projectWorkspaces(db, projectId);
  return rows.map((row) => row.workspace_id);
}

/** Order keys of the workspace's active projects, first to last. */
export async function activeProjectKeys(db: Db, workspaceId: string) {
  return db
    .selectFrom('workspace_projects as wp')
    .innerJoin('projects as p', 'p.id', 'wp.project_id')
    .select(['wp.project_id as projectId', 'wp.position'])
    .where('wp.workspace_id', '=', workspaceId)
    .where('p.archived_at', 'is', null)
    .orderBy('wp.position')
    .orderBy('p.id')
    .execute();
}

export async function edgeProjectPosition(db: Db, workspaceId: string, edge: 'first' | 'last') {
  const row = await db
    .selectFrom('workspace_projects')
    .select('position')
    .where('workspace_id', '=', workspaceId)
    .orderBy('position', edge === 'first' ? 'asc' : 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.position ?? null;
}

export async function insertMembership(
  db: Db,
  row: { workspace_id: string; project_id: string; position: string; joined_at: string },
): Promise<void> {
  await db.insertInto('workspace_projects').values(row).execute();
}

export async function setProjectPosition(
  db: Db,
  workspaceId: string,
  projectId: string,
  position: string,
): Promise<void> {
  await db
    .updateTable('workspace_projects')
    .set({ position })
    .where('workspace_id', '=', workspaceId)
    .where('project_id', '=', projectId)
    .execute();
}

const membership = compiledOnce((db, workspaceId: string, projectId: string) =>
  db
    .selectFrom('workspace_projects as wp')
    .innerJoin('projects as p', 'p.id', 'wp.project_id')
    .select(['p.id', 'p.archived_at'])
    .where('wp.workspace_id', '=', workspaceId)
    .where('wp.project_id', '=', projectId),
);

/** Whether a project shows in the workspace, and whether it is archived. */
export async function findMembership(db: Db, workspaceId: string, projectId: string) {
  return (await membership(db, workspaceId, projectId))[0];
}

const projectAndWorkspaces = compiledOnce((db, projectId: string) =>
  db
    .selectFrom('workspace_projects as wp')
    .innerJoin('projects as p', 'p.id', 'wp.project_id')
    .select(['p.id', 'p.archived_at', 'wp.workspace_id'])
    .where('wp.project_id', '=', projectId),
);

/**
 * `findMembership` and `workspacesShowingProject` in one read, for a command that checks the
 * project and then tells every workspace showing it (a create: one round trip fewer, issue 34).
 */
export async function findMembershipAndShowing(db: Db, workspaceId: string, projectId: string) {
  const rows = await projectAndWorkspaces(db, projectId);
  const own = rows.find((row) => row.workspace_id === workspaceId);
  if (!own) return undefined;
  return { id: own.id, archived_at: own.archived_at, showing: rows.map((row) => row.workspace_id) };
}

export async function deleteMembership(
  db: Db,
  workspaceId: string,
  projectId: string,
): Promise<void> {
  await db
    .deleteFrom('workspace_projects')
    .where('workspace_id', '=', workspaceId)
    .where('project_id', '=', projectId)
    .execute();
}

/**
 * PostgreSQL: bumps each workspace's version by one, writes the change log rows under the new
 * versions and announces them on `channel` (delivered when the transaction commits), in one
 * statement and so one round trip (issue 34); answers the new versions, and which of the
 * workspaces' owners have a webhook endpoint on (decision 071), so a write with none to tell makes
 * no trip more.
 */
export async function bumpLogAndNotify(
  db: Db,
  channel: string,
  changes: Omit<ChangeLogTable, 'version' | 'changed_at'>[],
  now: string,
): Promise<{ versions: Map<string, number>; watched: Set<string> }> {
  const workspaceIds = [...new Set(changes.map((change) => change.workspace_id))];
  const column = (name: 'workspace_id' | 'entity' | 'entity_id' | 'op') =>
    changes.map((change) => change[name]);
  const { rows } = await sql<{ id: string; version: number; watched: boolean }>`
    with bumped as (
      update workspaces set version = version + 1, updated_at = ${now}
      where id = any(${workspaceIds}::text[])
      returning id, version
    ), logged as (
      insert into change_log (workspace_id, version, entity, entity_id, op, changed_at)
      select bumped.id, bumped.version, c.entity, c.entity_id, c.op, ${now}
      from unnest(${column('workspace_id')}::text[], ${column('entity')}::text[],
                  ${column('entity_id')}::text[], ${column('op')}::text[])
        as c (workspace_id, entity, entity_id, op)
      join bumped on bumped.id = c.workspace_id
    )
    select id, version, pg_notify(${channel}, id || ' ' || version),
      exists (select 1 from webhook_endpoints e join workspaces w on w.owner_user_id = e.user_id
              where w.id = bumped.id and e.enabled = 1) as watched
    from bumped`.execute(db);
  return {
    versions: new Map(rows.map((row) => [row.id, row.version])),
    watched: new Set(rows.filter((row) => row.watched).map((row) => row.id)),
  };
}

/** Whether a task, project or automation holds the id, or the change log still names it (deleted lately). */
export async function isIdUsed(db: Db, id: string): Promise<boolean> {
  const [task, project, automation, logged] = await Promise.all([
    db.selectFrom('tasks').select('id').where('id', '=', id).executeTakeFirst(),
    db.selectFrom('projects').select('id').where('id', '=', id).executeTakeFirst(),
    db.selectFrom('automations').select('id').where('id', '=', id).executeTakeFirst(),
    db
      .selectFrom('change_log')
      .select('entity_id')
      .where('entity_id', '=', id)
      .limit(1)
      .executeTakeFirst(),
  ]);
  return Boolean(task ?? project ?? automation ?? logged);
}
