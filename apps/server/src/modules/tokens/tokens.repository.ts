import type { Db } from '../../db/database.ts';
import type { PersonalTokensTable } from '../../db/schema.ts';

export async function insertToken(db: Db, row: PersonalTokensTable): Promise<void> {
  await db.insertInto('personal_tokens').values(row).execute();
}

/** The account's tokens not revoked, newest first; expired ones too, so the owner sees them. */
export function listTokensOf(db: Db, userId: string) {
  return db
    .selectFrom('personal_tokens')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

export async function countLiveTokensOf(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('personal_tokens')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Revokes one of the user's tokens; false when they have no such live token. */
export async function revokeTokenOf(db: Db, userId: string, tokenId: string, at: string) {
  const result = await db
    .updateTable('personal_tokens')
    .set({ revoked_at: at })
    .where('id', '=', tokenId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A token by its secret's hash, with whom it signs in as. */
export function findTokenByHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('personal_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .innerJoin('workspaces as w', 'w.owner_user_id', 'u.id')
    .select([
      't.id',
      't.scopes',
      't.expires_at',
      't.last_used_at',
      't.revoked_at',
      'u.id as user_id',
      'u.disabled_at',
      'u.email',
      'w.id as workspace_id',
    ])
    .where('t.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function touchToken(db: Db, tokenId: string, at: string): Promise<void> {
  await db
    .updateTable('personal_tokens')
    .set({ last_used_at: at })
    .where('id', '=', tokenId)
    .execute();
}
