import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Issue 31 item 6 (decision 075): a full-text index of every task's name, notes and checklist,
 * in the database's own engine (SQLite FTS5, PostgreSQL tsvector + GIN), kept by triggers so that
 * every write keeps it — renames, notes, checklist edits, moves, deletes and their cascades,
 * imports, undo restores — and nothing has to remember to.
 *
 * Each document also holds one token for the list the task lives in (`h` + its project's or
 * workspace's id without dashes), in a field of its own that typed words never search: a search
 * asks for the caller's lists inside the index, so it reads the caller's matches, not every
 * account's.
 *
 * Words are the 'simple' configuration's (lower-cased, no stemming, no stop words, diacritics
 * kept) on both databases, so Polish and English words are found alike and both answer the same.
 */
const homeToken = (row: string) =>
  `'h' || replace(coalesce(${row}.project_id, ${row}.workspace_id), '-', '')`;

// Frozen in time: migrations never import app code.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const statement of isPostgres ? POSTGRES : SQLITE) {
    await sql.raw(statement).execute(db);
  }
}

const checklistText = (taskId: string) =>
  `coalesce((select group_concat(c.name, ' ') from checklist_items c where c.task_id = ${taskId}), '')`;
const docOf = (taskId: string) => `(select doc from task_search_docs where task_id = ${taskId})`;
const refreshChecklist = (taskId: string) =>
  `update task_search set checklist = ${checklistText(taskId)} where rowid = ${docOf(taskId)}`;

/**
 * FTS5 keeps its own copy of the text. Its rows are numbered by `task_search_docs`, whose integer
 * key never changes (a task's own rowid may, on VACUUM), so a trigger finds a task's document by
 * one index step; the numbers grow, so the highest are the newest documents.
 */
const SQLITE = [
  `create table task_search_docs (doc integer primary key, task_id text not null unique)`,
  `create virtual table task_search using fts5(
     task_id unindexed, home, name, notes, checklist,
     prefix = '2 3', tokenize = 'unicode61 remove_diacritics 0')`,
  `insert into task_search_docs (task_id) select id from tasks order by created_at, id`,
  `insert into task_search (rowid, task_id, home, name, notes, checklist)
     select d.doc, t.id, ${homeToken('t')}, t.name, t.notes, ${checklistText('t.id')}
     from task_search_docs d join tasks t on t.id = d.task_id`,
  `create trigger task_search_insert after insert on tasks begin
     insert into task_search_docs (task_id) values (new.id);
     insert into task_search (rowid, task_id, home, name, notes, checklist)
       values (${docOf('new.id')}, new.id, ${homeToken('new')}, new.name, new.notes, '');
   end`,
  `create trigger task_search_update after update of name, notes, project_id, workspace_id on tasks
   when old.name is not new.name or old.notes is not new.notes
     or old.project_id is not new.project_id or old.workspace_id is not new.workspace_id
   begin
     update task_search set home = ${homeToken('new')}, name = new.name, notes = new.notes
       where rowid = ${docOf('new.id')};
   end`,
  `create trigger task_search_delete after delete on tasks begin
     delete from task_search where rowid = ${docOf('old.id')};
     delete from task_search_docs where task_id = old.id;
   end`,
  `create trigger task_search_checklist_insert after insert on checklist_items begin
     ${refreshChecklist('new.task_id')};
   end`,
  `create trigger task_search_checklist_delete after delete on checklist_items begin
     ${refreshChecklist('old.task_id')};
   end`,
  `create trigger task_search_checklist_update after update of name, task_id on checklist_items
   when old.name is not new.name or old.task_id is not new.task_id
   begin
     ${refreshChecklist('old.task_id')};
     ${refreshChecklist('new.task_id')};
   end`,
];

const pgDocument = (name: string, notes: string, checklist: string, home: string) =>
  `setweight(to_tsvector('simple', ${name}), 'A')
   || setweight(to_tsvector('simple', ${notes}), 'B')
   || setweight(to_tsvector('simple', ${checklist}), 'C')
   || setweight(to_tsvector('simple', ${home}), 'D')`;
const pgChecklist = (taskId: string) =>
  `coalesce((select string_agg(c.name, ' ') from checklist_items c where c.task_id = ${taskId}), '')`;

/**
 * One row per task, gone with it (foreign key). Inserts of tasks and checklist items index per
 * statement from their transition tables, so an import runs one trigger, not one per row.
 */
const POSTGRES = [
  `create table task_search (
     task_id text primary key references tasks(id) on delete cascade,
     doc bigint generated always as identity,
     document tsvector not null)`,
  `create index task_search_document_idx on task_search using gin (document)`,
  `create index task_search_doc_idx on task_search (doc)`,
  `create function hustle_task_search_document(task text) returns tsvector
   language sql stable as $$
     select coalesce((select ${pgDocument('t.name', 't.notes', pgChecklist('t.id'), homeToken('t'))}
       from tasks t where t.id = task), ''::tsvector)
   $$`,
  `insert into task_search (task_id, document)
     select id, hustle_task_search_document(id) from tasks order by created_at, id`,
  `create function hustle_task_search_added() returns trigger language plpgsql as $$
   begin
     insert into task_search (task_id, document)
       select a.id, ${pgDocument('a.name', 'a.notes', "''", homeToken('a'))} from added a;
     return null;
   end $$`,
  `create function hustle_task_search_changed() returns trigger language plpgsql as $$
   begin
     update task_search set document = hustle_task_search_document(new.id)
       where task_id = new.id;
     return null;
   end $$`,
  `create function hustle_task_search_checklists() returns trigger language plpgsql as $$
   begin
     update task_search s set document = hustle_task_search_document(s.task_id)
       where s.task_id in (select distinct task_id from changed_items);
     return null;
   end $$`,
  `create function hustle_task_search_checklist_item() returns trigger language plpgsql as $$
   begin
     update task_search s set document = hustle_task_search_document(s.task_id)
       where s.task_id in (old.task_id, new.task_id);
     return null;
   end $$`,
  `create trigger task_search_insert after insert on tasks
   referencing new table as added for each statement execute function hustle_task_search_added()`,
  `create trigger task_search_update after update of name, notes, project_id, workspace_id on tasks
   for each row when (old.name is distinct from new.name or old.notes is distinct from new.notes
     or old.project_id is distinct from new.project_id
     or old.workspace_id is distinct from new.workspace_id)
   execute function hustle_task_search_changed()`,
  `create trigger task_search_checklist_insert after insert on checklist_items
   referencing new table as changed_items for each statement
   execute function hustle_task_search_checklists()`,
  `create trigger task_search_checklist_delete after delete on checklist_items
   referencing old table as changed_items for each statement
   execute function hustle_task_search_checklists()`,
  `create trigger task_search_checklist_update after update of name, task_id on checklist_items
   for each row when (old.name is distinct from new.name or old.task_id is distinct from new.task_id)
   execute function hustle_task_search_checklist_item()`,
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const triggers = [
    ['task_search_insert', 'tasks'],
    ['task_search_update', 'tasks'],
    ['task_search_checklist_insert', 'checklist_items'],
    ['task_search_checklist_delete', 'checklist_items'],
    ['task_search_checklist_update', 'checklist_items'],
    ...(isPostgres ? [] : [['task_search_delete', 'tasks']]),
  ];
  for (const [name, table] of triggers) {
    await sql
      .raw(isPostgres ? `drop trigger ${name} on ${table}` : `drop trigger ${name}`)
      .execute(db);
  }
  if (isPostgres) {
    for (const fn of ['added', 'changed', 'checklists', 'checklist_item']) {
      await sql.raw(`drop function hustle_task_search_${fn}()`).execute(db);
    }
    await sql.raw('drop function hustle_task_search_document(text)').execute(db);
    await sql.raw('drop table task_search').execute(db);
  } else {
    await sql.raw('drop table task_search').execute(db);
    await sql.raw('drop table task_search_docs').execute(db);
  }
}
