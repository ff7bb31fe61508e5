import type { Db } from '../../db/database.ts';
import type { InvitesTable } from '../../db/schema.ts';

export function findActiveInviteOfProject(db: Db, projectId: string) {
  return db
    .selectFrom('invites')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

export async function insertInvite(db: Db, row: Omit<InvitesTable, 'revoked_at'>): Promise<void> {
  await db
    .insertInto('invites')
    .values({ ...row, revoked_at: null })
    .execute();
}

export function revokeInvitesOfProject(db: Db, projectId: string, now: string) {
  return db
    .updateTable('invites')
    .set({ revoked_at: now })
    .where('project_id', '=', projectId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
}

/** The live invite behind a token, with its project (never an archived one). */
export function findInviteByTokenHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('invites as i')
    .innerJoin('projects as p', 'p.id', 'i.project_id')
    .innerJoin('workspaces as ow', 'ow.id', 'p.owner_workspace_id')
    .innerJoin('users as owner', 'owner.id', 'ow.owner_user_id')
    .select([
      'i.project_id',
      'p.name',
      'p.color',
      'p.owner_workspace_id',
      'owner.email as owner_email',
    ])
    .where('i.token_hash', '=', tokenHash)
    .where('i.revoked_at', 'is', null)
    .where('p.archived_at', 'is', null)
    .executeTakeFirst();
}

/** The workspaces besides the owner's that show a project, with whose they are, oldest first. */
export function membersOfProject(db: Db, projectId: string, ownerWorkspaceId: string) {
  return db
    .selectFrom('workspace_projects as wp')
    .innerJoin('workspaces as w', 'w.id', 'wp.workspace_id')
    .innerJoin('users as u', 'u.id', 'w.owner_user_id')
    .select(['wp.workspace_id as workspaceId', 'u.email', 'wp.joined_at as joinedAt'])
    .where('wp.project_id', '=', projectId)
    .where('wp.workspace_id', '<>', ownerWorkspaceId)
    .orderBy('wp.joined_at')
    .orderBy('wp.workspace_id')
    .execute();
}
