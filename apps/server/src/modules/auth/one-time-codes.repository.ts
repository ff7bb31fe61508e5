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

interface CodeRows {
  login: LoginCodesTable;
  emailChange: EmailChangeCodesTable;
}

/** Issuing a code replaces the owner's previous one, its tries counted afresh. */
export async function upsertCode<K extends CodeKind>(db: Db, kind: K, row: CodeRows[K]) {
  const { table, owner } = CODE_TABLES[kind];
  const fresh = Object.fromEntries(Object.entries(row).filter(([column]) => column !== owner));
  // Kysely cannot type a table chosen at run time; CODE_TABLES pairs each kind with its row.
  await db
    .insertInto(table)
    .values(row as never)
    .onConflict((oc) =>
      oc.column(owner).doUpdateSet({ ...fresh, attempts: 0, used_at: null } as never),
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
