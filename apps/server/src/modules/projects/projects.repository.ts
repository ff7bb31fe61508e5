import { compiledOnce } from '../../db/compiled-once.ts';
import type { Db } from '../../db/database.ts';
import type { ProjectsTable } from '../../db/schema.ts';

/** Projects as one workspace sees them: its memberships, its own order, and who owns each. */
export function projectsSeenFrom(db: Db, workspaceId: string) {
  return db
    .selectFrom('workspace_projects as wp')
    .innerJoin('projects as p', 'p.id', 'wp.project_id')
    .innerJoin('workspaces as ow', 'ow.id', 'p.owner_workspace_id')
    .innerJoin('users as owner', 'owner.id', 'ow.owner_user_id')
    .select([
      'p.id',
      'p.name',
      'p.color',
      'p.archived_at',
      'p.created_at',
      'p.updated_at',
      'p.owner_workspace_id',
      'owner.id as owner_user_id',
      'owner.email as owner_email',
      'wp.position',
      (eb) =>
        eb
          .selectFrom('workspace_projects as m')
          .select((count) => count.fn.countAll().as('n'))
          .whereRef('m.project_id', '=', 'p.id')
          .whereRef('m.workspace_id', '<>', 'p.owner_workspace_id')
          .as('member_count'),
    ])
    .where('wp.workspace_id', '=', workspaceId);
}

/** The projects of a workspace in its own order, with who owns each. */
export function listProjectsOfWorkspace(db: Db, workspaceId: string, archived: boolean) {
  return projectsSeenFrom(db, workspaceId)
    .where('p.archived_at', archived ? 'is not' : 'is', null)
    .orderBy('wp.position')
    .orderBy('p.id')
    .execute();
}

// Every project command and page read looks its project up: built once (issue 12).
const projectSeenFrom = compiledOnce((db, projectId: string, workspaceId: string) =>
  projectsSeenFrom(db, workspaceId).where('wp.project_id', '=', projectId),
);

/** The project as seen from one workspace, or nothing when it does not show there. */
export async function findProjectInWorkspace(db: Db, projectId: string, workspaceId: string) {
  return (await projectSeenFrom(db, projectId, workspaceId))[0];
}

export async function insertProject(db: Db, row: ProjectsTable): Promise<void> {
  await db.insertInto('projects').values(row).execute();
}

export async function updateProject(
  db: Db,
  projectId: string,
  changes: Partial<Pick<ProjectsTable, 'name' | 'color' | 'archived_at' | 'updated_at'>>,
): Promise<void> {
  await db.updateTable('projects').set(changes).where('id', '=', projectId).execute();
}

export async function deleteProject(db: Db, projectId: string): Promise<void> {
  await db.deleteFrom('projects').where('id', '=', projectId).execute();
}

/** Colours already used by the workspace's projects, archived ones too (spec §4). */
export async function colorsInWorkspace(db: Db, workspaceId: string): Promise<(string | null)[]> {
  const rows = await db
    .selectFrom('workspace_projects as wp')
    .innerJoin('projects as p', 'p.id', 'wp.project_id')
    .select('p.color')
    .where('wp.workspace_id', '=', workspaceId)
    .execute();
  return rows.map((row) => row.color);
}

export async function countProjects(
  db: Db,
  workspaceId: string,
  archived: boolean,
): Promise<number> {
  const row = await db
    .selectFrom('workspace_projects as wp')
    .innerJoin('projects as p', 'p.id', 'wp.project_id')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('wp.workspace_id', '=', workspaceId)
    .where('p.archived_at', archived ? 'is not' : 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
