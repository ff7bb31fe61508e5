import { sql } from 'kysely';
import type { Db, DialectName } from '../../db/database.ts';

/**
 * What a search asks the index (decision 075): every word in the name, notes or checklist, the
 * last one as the start of a word, in one of the caller's lists (`h` + a list's id without dashes,
 * as migration 0037 writes it).
 */
export interface IndexQuery {
  words: string[];
  /** Whether the last word matches as the start of a word (it is still being typed). */
  isLastPrefix: boolean;
  /** The workspace's own id and the ids of the projects it shows. */
  homes: string[];
}

export interface FoundRow {
  id: string;
  name: string;
  notes: string;
  completed_at: string | null;
  project_id: string | null;
  automation_id: string | null;
  project_name: string | null;
  project_color: string | null;
  project_archived_at: string | null;
  planned_task_id: string | null;
}

const homeToken = (id: string) => `h${id.replaceAll('-', '')}`;

/** FTS5's query language: words quoted (only letters, digits and marks reach here). */
function sqliteMatch({ words, isLastPrefix, homes }: IndexQuery): string {
  const terms = words.map(
    (word, index) => `"${word}"${isLastPrefix && index === words.length - 1 ? '*' : ''}`,
  );
  const lists = homes.map((home) => `"${homeToken(home)}"`);
  return `{name notes checklist} : (${terms.join(' AND ')}) AND home : (${lists.join(' OR ')})`;
}

/** to_tsquery's language: words from the weights A–C (name, notes, checklist), the list at D. */
function postgresMatch({ words, isLastPrefix, homes }: IndexQuery): string {
  const terms = words.map(
    (word, index) => `${word}:${isLastPrefix && index === words.length - 1 ? '*' : ''}ABC`,
  );
  const lists = homes.map((home) => `${homeToken(home)}:D`);
  return `(${terms.join(' & ')}) & (${lists.join(' | ')})`;
}

/** The ids of the projects a workspace shows, archived ones too. */
export async function projectIdsShownIn(db: Db, workspaceId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('workspace_projects')
    .select('project_id')
    .where('workspace_id', '=', workspaceId)
    .execute();
  return rows.map((row) => row.project_id);
}

/**
 * One page of the tasks the index finds, best first: the newest `candidates` matches are ranked
 * (bm25 / ts_rank, the name weighing most), so a word in every task costs a bounded read. The
 * index's list tokens narrow the read to the caller's lists; the visibility rule itself (the
 * same as every task read's) decides what is returned.
 */
export async function findTasks(
  db: Db,
  dialect: DialectName,
  workspaceId: string,
  query: IndexQuery,
  page: { offset: number; limit: number; candidates: number },
): Promise<FoundRow[]> {
  const found =
    dialect === 'postgres'
      ? sql`select s.task_id, s.doc, ts_rank('{0, 0.2, 0.4, 1.0}'::float4[], s.document, q.query) as score
            from (select task_id, doc, document from task_search
                  where document @@ to_tsquery('simple', ${postgresMatch(query)})
                  order by doc desc limit ${page.candidates}) s
            cross join (select to_tsquery('simple', ${postgresMatch(query)}) as query) q`
      : sql`select task_id, rowid as doc, -bm25(task_search, 0, 0, 10, 4, 2) as score
            from task_search where task_search match ${sqliteMatch(query)}
            order by rowid desc limit ${page.candidates}`;
  const { rows } = await sql<FoundRow>`
    select t.id, t.name, t.notes, t.completed_at, t.project_id, t.automation_id,
      p.name as project_name, p.color as project_color, p.archived_at as project_archived_at,
      pt.task_id as planned_task_id
    from (${found}) f
    join tasks t on t.id = f.task_id
    left join projects p on p.id = t.project_id
    left join planned_tasks pt on pt.task_id = t.id and pt.workspace_id = ${workspaceId}
    where (t.workspace_id = ${workspaceId} or t.project_id in
      (select project_id from workspace_projects where workspace_id = ${workspaceId}))
    order by f.score desc, f.doc desc
    limit ${page.limit} offset ${page.offset}`.execute(db);
  return rows;
}

/** The checklist items of some tasks, in their order: where a found word may be. */
export async function checklistsOf(
  db: Db,
  taskIds: string[],
): Promise<{ task_id: string; name: string }[]> {
  if (taskIds.length === 0) return [];
  return db
    .selectFrom('checklist_items')
    .select(['task_id', 'name'])
    .where('task_id', 'in', taskIds)
    .orderBy('task_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
}
