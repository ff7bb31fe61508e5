import type { Db } from '../../db/database.ts';

export async function findVersions(db: Db, workspaceIds: string[]) {
  if (workspaceIds.length === 0) return [];
  return db
    .selectFrom('workspaces')
    .select(['id as workspaceId', 'version'])
    .where('id', 'in', workspaceIds)
    .execute();
}
