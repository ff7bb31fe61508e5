import type { Db } from '../../db/database.ts';
import * as repo from './workspaces.repository.ts';

/** What a write answers: the caller's workspace version after the change. */
export async function versionOf(db: Db, workspaceId: string) {
  const version = await repo.findVersion(db, workspaceId);
  return { ok: true as const, version: version?.version ?? 0 };
}
