import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * How many tasks each list (a project, or a workspace's inbox) holds, kept by triggers so that
 * every write keeps it (creates, deletes and their cascades, moves, imports, undo restores) and
 * nothing has to remember to. Adding a task checks the list's room (5,000, spec's caps); counting
 * its rows made every create walk the whole list, so a create in a full list cost 5,000 index
 * steps. A list is keyed by its project's or workspace's id (both are UUIDs, never the same).
 * A row whose count falls to zero is removed, so a deleted list leaves nothing behind.
 */
const HOME = 'coalesce(project_id, workspace_id)';

// Frozen in time: migrations never import app code.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('task_list_sizes')
    .addColumn('list_id', 'text', (col) => col.primaryKey())
    .addColumn('tasks', 'integer', (col) => col.notNull())
    .execute();
  await sql
    .raw(
      `insert into task_list_sizes (list_id, tasks) select ${HOME}, count(*) from tasks group by ${HOME}`,
    )
    .execute(db);
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const statement of isPostgres ? POSTGRES_TRIGGERS : SQLITE_TRIGGERS) {
    await sql.raw(statement).execute(db);
  }
}

const grow = (list: string, by: string) =>
  `insert into task_list_sizes (list_id, tasks) values (${list}, ${by})
   on conflict (list_id) do update set tasks = task_list_sizes.tasks + excluded.tasks`;
const shrink = (list: string) =>
  `update task_list_sizes set tasks = tasks - 1 where list_id = ${list};
   delete from task_list_sizes where list_id = ${list} and tasks <= 0`;

const SQLITE_TRIGGERS = [
  `create trigger task_list_sizes_insert after insert on tasks begin
     ${grow('coalesce(new.project_id, new.workspace_id)', '1')};
   end`,
  `create trigger task_list_sizes_delete after delete on tasks begin
     ${shrink('coalesce(old.project_id, old.workspace_id)')};
   end`,
  `create trigger task_list_sizes_move after update of project_id, workspace_id on tasks
   when coalesce(old.project_id, old.workspace_id) is not coalesce(new.project_id, new.workspace_id)
   begin
     ${shrink('coalesce(old.project_id, old.workspace_id)')};
     ${grow('coalesce(new.project_id, new.workspace_id)', '1')};
   end`,
];

/**
 * Inserts and deletes count per statement from their transition tables, so an import of
 * 100,000 tasks runs one trigger, not 100,000. A move counts per row, only when the home changes;
 * it takes the two lists' rows in id order, as every other multi-row lock here is taken.
 */
const POSTGRES_TRIGGERS = [
  `create function hustle_task_lists_added() returns trigger language plpgsql as $$
   begin
     insert into task_list_sizes (list_id, tasks)
       select coalesce(project_id, workspace_id), count(*) from added
       group by 1 order by 1
     on conflict (list_id) do update set tasks = task_list_sizes.tasks + excluded.tasks;
     return null;
   end $$`,
  `create function hustle_task_lists_removed() returns trigger language plpgsql as $$
   begin
     update task_list_sizes s set tasks = s.tasks - r.tasks
       from (select coalesce(project_id, workspace_id) as list_id, count(*) as tasks
             from removed group by 1) r
       where s.list_id = r.list_id;
     delete from task_list_sizes s using (select distinct coalesce(project_id, workspace_id) as list_id
       from removed) r where s.list_id = r.list_id and s.tasks <= 0;
     return null;
   end $$`,
  `create function hustle_task_list_moved() returns trigger language plpgsql as $$
   declare
     from_list text := coalesce(old.project_id, old.workspace_id);
     to_list text := coalesce(new.project_id, new.workspace_id);
   begin
     perform 1 from task_list_sizes where list_id in (from_list, to_list)
       order by list_id for update;
     update task_list_sizes set tasks = tasks - 1 where list_id = from_list;
     delete from task_list_sizes where list_id = from_list and tasks <= 0;
     ${grow('to_list', '1')};
     return null;
   end $$`,
  `create trigger task_list_sizes_insert after insert on tasks
   referencing new table as added for each statement execute function hustle_task_lists_added()`,
  `create trigger task_list_sizes_delete after delete on tasks
   referencing old table as removed for each statement execute function hustle_task_lists_removed()`,
  `create trigger task_list_sizes_move after update of project_id, workspace_id on tasks
   for each row when (coalesce(old.project_id, old.workspace_id)
     is distinct from coalesce(new.project_id, new.workspace_id))
   execute function hustle_task_list_moved()`,
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const trigger of ['insert', 'delete', 'move']) {
    const name = `task_list_sizes_${trigger}`;
    await sql
      .raw(isPostgres ? `drop trigger ${name} on tasks` : `drop trigger ${name}`)
      .execute(db);
  }
  if (isPostgres) {
    for (const fn of ['added', 'removed']) {
      await sql.raw(`drop function hustle_task_lists_${fn}()`).execute(db);
    }
    await sql.raw('drop function hustle_task_list_moved()').execute(db);
  }
  await db.schema.dropTable('task_list_sizes').execute();
}
