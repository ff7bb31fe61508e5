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

/** The fields a word may be found in: FTS5's columns, tsvector's weights (migration 0037). */
const FIELDS = {
  any: { columns: 'name notes checklist', weights: 'ABC' },
  name: { columns: 'name', weights: 'A' },
  notes: { columns: 'notes', weights: 'B' },
  checklist: { columns: 'checklist', weights: 'C' },
} as const;
type Field = keyof typeof FIELDS;

const isPrefixAt = (query: IndexQuery, index: number) =>
  query.isLastPrefix && index === query.words.length - 1;

/** FTS5's query language: words quoted (only letters, digits and marks reach here). */
function sqliteMatch(query: IndexQuery, field: Field): string {
  const terms = query.words.map((word, i) => `"${word}"${isPrefixAt(query, i) ? '*' : ''}`);
  const words = `{${FIELDS[field].columns}} : (${terms.join(' AND ')})`;
  if (field !== 'any') return words;
  const lists = query.homes.map((home) => `"${homeToken(home)}"`);
  return `${words} AND home : (${lists.join(' OR ')})`;
}

/** to_tsquery's language: words at the field's weights, the list at weight D. */
function postgresMatch(query: IndexQuery, field: Field): string {
  const { weights } = FIELDS[field];
  const terms = query.words.map(
    (word, i) => `${word}:${isPrefixAt(query, i) ? '*' : ''}${weights}`,
  );
  const words = `(${terms.join(' & ')})`;
  if (field !== 'any') return words;
  const lists = query.homes.map((home) => `${homeToken(home)}:D`);
  return `${words} & (${lists.join(' | ')})`;
}

/**
 * The newest `candidates` matches in the caller's lists, each scored by where all the words are:
 * 4 in the name, 2 in the notes, 1 in the checklist (summed). bm25 was tried: its word
 * statistics read every match of every word, 15–40 ms for a word in 50,000 tasks; these
 * column matches read only the candidates' range (decision 075).
 */
function scoredCandidates(dialect: DialectName, query: IndexQuery, candidates: number) {
  if (dialect === 'postgres') {
    // Each tsquery in a subquery of its own: parsed once, not again for every row a plan reads.
    const tsquery = (field: Field) =>
      sql`(select to_tsquery('simple', ${postgresMatch(query, field)}))`;
    const has = (field: Field) => sql`(s.document @@ ${tsquery(field)})::int`;
    return sql`select s.task_id, s.doc,
        ${has('name')} * 4 + ${has('notes')} * 2 + ${has('checklist')} as score
      from (select task_id, doc, document from task_search
            where document @@ ${tsquery('any')}
            order by doc desc limit ${candidates}) s`;
  }
  const has = (field: Field) =>
    sql`(c.doc in (select rowid from task_search where task_search match ${sqliteMatch(query, field)}
          and rowid >= (select coalesce(min(doc), 0) from c)))`;
  return sql`with c as (
      select rowid as doc, task_id from task_search
      where task_search match ${sqliteMatch(query, 'any')} order by rowid desc limit ${candidates})
    select c.task_id, c.doc, ${has('name')} * 4 + ${has('notes')} * 2 + ${has('checklist')} as score
    from c`;
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
 * One page of the tasks the index finds, best first (ties: the newest first): only the newest
 * `candidates` matches are ranked, so a word in every task costs a bounded read. The index's
 * list tokens narrow the read to the caller's lists; the visibility rule itself (the same as
 * every task read's) decides what is returned.
 */
export async function findTasks(
  db: Db,
  dialect: DialectName,
  workspaceId: string,
  query: IndexQuery,
  page: { offset: number; limit: number; candidates: number },
): Promise<FoundRow[]> {
  const found = scoredCandidates(dialect, query, page.candidates);
  // The candidates first, then each one's task by its key: left to choose, SQLite walked the
  // caller's 50,000 tasks looking each up among the candidates (200 ms), and PostgreSQL hashed
  // them all. CROSS JOIN fixes SQLite's order; a LATERAL read, PostgreSQL's.
  const { rows } = await sql<FoundRow>`
    select t.id, t.name, t.notes, t.completed_at, t.project_id, t.automation_id,
      p.name as project_name, p.color as project_color, p.archived_at as project_archived_at,
      pt.task_id as planned_task_id
    from (${found}) f
    ${dialect === 'postgres' ? sql`cross join lateral (select * from tasks where id = f.task_id) t` : sql`cross join tasks t`}
    left join projects p on p.id = t.project_id
    left join planned_tasks pt on pt.task_id = t.id and pt.workspace_id = ${workspaceId}
    where t.id = f.task_id and (t.workspace_id = ${workspaceId} or t.project_id in
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
