import { shortenText } from '@hustle/shared/text';
import {
  EXPORT_FORMAT,
  EXPORT_TIME_ENTRIES_PER_TASK,
  EXPORT_VERSION,
  RUN_ERROR_MAX_LENGTH,
  type ExportChecklistItem,
  type ExportTask,
  type ExportTimeEntry,
} from '@hustle/shared/portability';
import type { Db } from '../../db/database.ts';
import type { AutomationsTable, TasksTable } from '../../db/schema.ts';
import type { PageStart } from '../../db/task-columns.ts';
import { automationRowsOf, triggerOf } from '../automations/automations.service.ts';
import * as repo from './portability.repository.ts';

/** Rows one read of a list takes: a page's JSON is a few hundred kB at most. */
export const EXPORT_PAGE_ROWS = 1000;

type AutomationRow = Awaited<ReturnType<typeof automationRowsOf>>[number];
type RunRow = Awaited<ReturnType<typeof repo.runsOf>>[number];
/** A task's notes, checklist and the exporter's time entries, read a page at a time. */
interface TaskExtras {
  /** The exporter's workspace: a reminder someone else set on a shared task is theirs. */
  exporter: string;
  notes: Map<string, string>;
  checklists: Map<string, ExportChecklistItem[]>;
  timeEntries: Map<string, ExportTimeEntry[]>;
}

/** A task as the document holds it: what it lacks (deadline, estimate, notes, checklist) stays out. */
const toExportTask = (row: TasksTable, extras: TaskExtras): ExportTask => {
  const notes = extras.notes.get(row.id);
  const checklist = extras.checklists.get(row.id);
  const timeEntries = extras.timeEntries.get(row.id);
  return {
    ref: row.id,
    name: row.name,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    completedAt: row.completed_at,
    ...(row.deadline === null ? {} : { deadline: row.deadline }),
    ...(row.estimate_minutes == null ? {} : { estimate: row.estimate_minutes }),
    ...(row.remind_at != null && row.remind_workspace_id === extras.exporter
      ? { remindAt: row.remind_at }
      : {}),
    ...(notes ? { notes } : {}),
    ...(checklist ? { checklist } : {}),
    ...(timeEntries ? { timeEntries } : {}),
  };
};

/**
 * The notes, checklists and the exporter's time entries of a page's tasks that have any: three
 * reads, whatever the page.
 */
async function extrasOf(db: Db, exporter: string, rows: TasksTable[]): Promise<TaskExtras> {
  const withNotes = rows.filter((row) => Number(row.has_notes ?? 0) === 1).map((row) => row.id);
  const withItems = rows.filter((row) => Number(row.checklist_total ?? 0) > 0).map((row) => row.id);
  const withTime = rows.filter((row) => Number(row.actual_seconds ?? 0) > 0).map((row) => row.id);
  const [notes, items, entries] = await Promise.all([
    repo.notesOf(db, withNotes),
    repo.checklistsOf(db, withItems),
    repo.timeEntriesOf(db, exporter, withTime),
  ]);
  const timeEntries = new Map<string, ExportTimeEntry[]>();
  for (const entry of entries) {
    const list = timeEntries.get(entry.task_id) ?? [];
    // The newest EXPORT_TIME_ENTRIES_PER_TASK at most: the read is oldest first, so drop the first.
    if (list.length === EXPORT_TIME_ENTRIES_PER_TASK) list.shift();
    list.push({ startedAt: entry.started_at, endedAt: entry.ended_at });
    timeEntries.set(entry.task_id, list);
  }
  const checklists = new Map<string, ExportChecklistItem[]>();
  for (const item of items) {
    const list = checklists.get(item.task_id) ?? [];
    list.push({ name: item.name, doneAt: item.done_at, createdAt: item.created_at });
    checklists.set(item.task_id, list);
  }
  return {
    exporter,
    notes: new Map(notes.flatMap((row) => (row.notes ? [[row.id, row.notes] as const] : []))),
    checklists,
    timeEntries,
  };
}

/** The start of the page after `rows`, or null when `rows` was the last page. */
const nextStart = (rows: { position: string; id: string }[]): PageStart | null => {
  const last = rows.at(-1);
  return rows.length < EXPORT_PAGE_ROWS || !last ? null : { position: last.position, id: last.id };
};

/**
 * The items of one task list as JSON, comma-separated, a page at a time. The pages are read
 * one by one, not in one snapshot, so a task moved meanwhile from a list already written to a
 * later one would come twice: `written` keeps it to its first place, and tells the Execute
 * list and the runs which tasks the document holds.
 */
async function* taskItems<Item>(
  db: Db,
  exporter: string,
  list: repo.TaskList,
  written: Set<string>,
  toItem: (row: TasksTable, extras: TaskExtras) => Item,
): AsyncGenerator<string> {
  let start: PageStart | null = null;
  let isFirst = true;
  do {
    const rows: TasksTable[] = await repo.taskPage(db, list, start, EXPORT_PAGE_ROWS);
    const fresh = rows.filter((row) => !written.has(row.id));
    const extras = await extrasOf(db, exporter, fresh);
    const items: string[] = [];
    for (const row of fresh) {
      written.add(row.id);
      items.push(JSON.stringify(toItem(row, extras)));
    }
    if (items.length > 0) {
      yield (isFirst ? '' : ',') + items.join(',');
      isFirst = false;
    }
    start = nextStart(rows);
  } while (start);
}

function exportAutomation(
  automation: AutomationRow,
  runs: RunRow[],
  written: Set<string>,
  projectIds: Set<string>,
) {
  return {
    ref: automation.id,
    name: automation.name,
    // spec §3's plain MONTHLY keeps its older form; an "every N months" is a trigger.
    ...(automation.frequency === 'MONTHLY' && automation.rule === null
      ? { dayOfMonth: automation.day_of_month }
      : { trigger: triggerOf(automation) }),
    taskName: automation.task_name,
    // A project of another's the workspace joined is not in the document: its tasks go to the inbox.
    ...(automation.project_id !== null && projectIds.has(automation.project_id)
      ? { projectRef: automation.project_id }
      : {}),
    createdAt: automation.created_at,
    ...(automation.paused_at === null ? {} : { pausedAt: automation.paused_at }),
    ...(automation.scheduled_from === null || automation.scheduled_from === automation.created_at
      ? {}
      : { scheduledFrom: automation.scheduled_from }),
    runs: runs.map((run) => ({
      period: run.period,
      status: run.status,
      taskRef: run.task_id && written.has(run.task_id) ? run.task_id : null,
      // A failure's text is whatever the error said; the format keeps its start.
      error: run.error === null ? null : shortenText(run.error, RUN_ERROR_MAX_LENGTH),
      createdAt: run.created_at,
    })),
  };
}

/** The Execute list's refs of tasks the document holds, a page at a time. */
async function* plannedItems(db: Db, workspaceId: string, written: Set<string>) {
  let start: PageStart | null = null;
  let isFirst = true;
  do {
    const rows = await repo.plannedPage(db, workspaceId, start, EXPORT_PAGE_ROWS);
    // Tasks of projects others own stay with those projects.
    const entries = rows
      .filter((row) => written.has(row.task_id))
      .map((row) => ({ ref: row.task_id, day: row.day, carried: Number(row.carried) }));
    if (entries.length > 0) {
      yield (isFirst ? '' : ',') + entries.map((entry) => JSON.stringify(entry)).join(',');
      isFirst = false;
    }
    start = nextStart(rows.map((row) => ({ position: row.position, id: row.task_id })));
  } while (start);
}

/**
 * The export document (docs/export-format.md) as JSON text, written as it is read (decision
 * 045): the lists a page at a time, so memory holds a page and the set of task ids written,
 * never the document. The tasks come before the automations and the Execute list, which name
 * them, so those name only tasks the document holds.
 */
export async function* exportJson(db: Db, workspaceId: string, now: Date): AsyncGenerator<string> {
  const [projects, automations, shared] = await Promise.all([
    repo.ownedProjects(db, workspaceId),
    automationRowsOf(db, workspaceId),
    repo.memberProjects(db, workspaceId),
  ]);
  const automationIds = new Set(automations.map((automation: AutomationsTable) => automation.id));
  const projectIds = new Set(projects.map((project) => project.id));
  const written = new Set<string>();
  const header = { format: EXPORT_FORMAT, version: EXPORT_VERSION, exportedAt: now.toISOString() };
  yield `${JSON.stringify(header).slice(0, -1)},"projects":[`;
  for (const [index, project] of projects.entries()) {
    const fields = {
      ref: project.id,
      name: project.name,
      color: project.color,
      archivedAt: project.archived_at,
      createdAt: project.created_at,
    };
    yield `${index === 0 ? '' : ','}${JSON.stringify(fields).slice(0, -1)},"tasks":[`;
    yield* taskItems(db, workspaceId, { projectId: project.id }, written, toExportTask);
    yield ']}';
  }
  yield '],"inbox":[';
  yield* taskItems(
    db,
    workspaceId,
    { workspaceId, isAutomationTask: false },
    written,
    toExportTask,
  );
  yield '],"automationTasks":[';
  yield* taskItems(
    db,
    workspaceId,
    { workspaceId, isAutomationTask: true },
    written,
    (task, extras) => ({
      ...toExportTask(task, extras),
      automationRef: automationIds.has(task.automation_id!) ? task.automation_id : null,
    }),
  );
  yield '],"automations":[';
  for (const [index, automation] of automations.entries()) {
    const runs = await repo.runsOf(db, [automation.id]);
    yield (
      (index === 0 ? '' : ',') +
      JSON.stringify(exportAutomation(automation, runs, written, projectIds))
    );
  }
  yield '],"planned":[';
  yield* plannedItems(db, workspaceId, written);
  const sharedWithMe = shared.map((project) => ({
    name: project.name,
    ownerEmail: project.owner_email,
  }));
  const dayReviews = (await repo.dayReviewsOf(db, workspaceId)).map((review) => ({
    day: review.day,
    finishedAt: review.finished_at,
    note: review.note,
  }));
  yield `],"sharedWithMe":${JSON.stringify(sharedWithMe)},"dayReviews":${JSON.stringify(dayReviews)}}`;
}
