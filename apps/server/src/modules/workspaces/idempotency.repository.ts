import type { Db } from '../../db/database.ts';
import type { IdempotencyKeysTable } from '../../db/schema.ts';

export function findAnswer(db: Db, userId: string, key: string) {
  return db
    .selectFrom('idempotency_keys')
    .select(['fingerprint', 'answer'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
}

export async function insertAnswer(db: Db, row: IdempotencyKeysTable): Promise<void> {
  await db.insertInto('idempotency_keys').values(row).execute();
}

export async function pruneAnswersBefore(db: Db, before: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('created_at', '<', before).execute();
}
