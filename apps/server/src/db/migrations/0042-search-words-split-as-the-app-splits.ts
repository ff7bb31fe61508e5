import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Decision 075 says a word is a run of letters, digits and marks, as the app (`searchWords`) and
 * SQLite's unicode61 tokenizer split text. PostgreSQL's parser does not: it keeps
 * `developer.mozilla.org`, `ada@example.com`, `v1.2.3` and `notes/today` whole (host, e-mail,
 * version and file tokens), so a search for `mozilla` found the task on SQLite and not on
 * PostgreSQL. Its documents now read every ASCII punctuation mark as a space first, so both
 * databases index the same words. Other separators (dashes, quotes, spaces of other scripts)
 * already split there.
 */
const PUNCTUATION = `!"#$%&'()*+,-./:;<=>?@[\\]^_\`{|}~`;
const asWords = (text: string) =>
  `translate(${text}, '${PUNCTUATION.replaceAll("'", "''")}', '${' '.repeat(PUNCTUATION.length)}')`;

const document = (name: string, notes: string, checklist: string, home: string, split: boolean) => {
  const words = split ? asWords : (text: string) => text;
  return `setweight(to_tsvector('simple', ${words(name)}), 'A')
   || setweight(to_tsvector('simple', ${words(notes)}), 'B')
   || setweight(to_tsvector('simple', ${words(checklist)}), 'C')
   || setweight(to_tsvector('simple', ${home}), 'D')`;
};
const homeToken = (row: string) =>
  `'h' || replace(coalesce(${row}.project_id, ${row}.workspace_id), '-', '')`;
const checklist = (taskId: string) =>
  `coalesce((select string_agg(c.name, ' ') from checklist_items c where c.task_id = ${taskId}), '')`;

const functions = (split: boolean) => [
  `create or replace function hustle_task_search_document(task text) returns tsvector
   language sql stable as $$
     select coalesce((select ${document('t.name', 't.notes', checklist('t.id'), homeToken('t'), split)}
       from tasks t where t.id = task), ''::tsvector)
   $$`,
  `create or replace function hustle_task_search_added() returns trigger language plpgsql as $$
   begin
     insert into task_search (task_id, document)
       select a.id, ${document('a.name', 'a.notes', "''", homeToken('a'), split)} from added a;
     return null;
   end $$`,
  `update task_search set document = hustle_task_search_document(task_id)`,
];

// Frozen in time: migrations never import app code.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const statement of functions(true)) await sql.raw(statement).execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const statement of functions(false)) await sql.raw(statement).execute(db);
}
