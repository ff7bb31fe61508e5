import type { Db } from '../../db/database.ts';
import type { EmailChangeCodesTable, LoginCodesTable } from '../../db/schema.ts';

/**
 * The mailed one-time codes: a login code per address, an e-mail change code per user. Both
 * tables have the same life (issued, tried, spent once), so they share their SQL here.
 */
const CODE_TABLES = {
  login: { table: 'login_codes', owner: 'email' },
  emailChange: { table: 'email_change_codes', owner: 'user_id' },
} as const;

export type CodeKind = keyof typeof CODE_TABLES;

/** Issuing a code replaces the owner's previous one, its tries counted afresh. */
export async function upsertLoginCode(db: Db, row: LoginCodesTable): Promise<void> {
  await db
    .insertInto('login_codes')
    .values(row)
    .onConflict((oc) =>
      oc.column('email').doUpdateSet({
        code_hash: row.code_hash,
        created_at: row.created_at,
        expires_at: row.expires_at,
        attempts: 0,
        used_at: null,
      }),
    )
    .execute();
}

export async function upsertEmailChangeCode(db: Db, row: EmailChangeCodesTable): Promise<void> {
  await db
    .insertInto('email_change_codes')
    .values(row)
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        new_email: row.new_email,
        code_hash: row.code_hash,
        created_at: row.created_at,
        expires_at: row.expires_at,
        attempts: 0,
        used_at: null,
      }),
    )
    .execute();
}

export function findLoginCode(db: Db, email: string) {
  return db.selectFrom('login_codes').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findEmailChangeCode(db: Db, userId: string) {
  return db
    .selectFrom('email_change_codes')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Counts the try before the comparison, so parallel guesses cannot slip past the limit. */
export async function countAttempt(db: Db, kind: CodeKind, owner: string): Promise<void> {
  const { table, owner: column } = CODE_TABLES[kind];
  await db
    .updateTable(table)
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where(column, '=', owner)
    .where('used_at', 'is', null)
    .execute();
}

/** One conditional UPDATE: of two parallel uses of one code, only one can win. */
export async function consumeCode(
  db: Db,
  kind: CodeKind,
  owner: string,
  codeHash: string,
  now: string,
): Promise<boolean> {
  const { table, owner: column } = CODE_TABLES[kind];
  const result = await db
    .updateTable(table)
    .set({ used_at: now })
    .where(column, '=', owner)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
