import { setImmediate as nextTurn } from 'node:timers/promises';
import { pickProjectColor } from '@hustle/shared/colors';
import {
  type ExportDocument,
  type ExportTask,
  type ExportTimeEntry,
  type ImportPreview,
  type ImportResult,
} from '@hustle/shared/portability';
import type { Db } from '../../db/database.ts';
import type { ChecklistItemsTable, TasksTable, TimeEntriesTable } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { keysAfter } from '../../lib/ordering.ts';
import type { SessionContext } from '../auth/auth.service.ts';
import { countAutomationsOf, triggerColumns } from '../automations/automations.service.ts';
import { countProjectsOf, projectColorsOf } from '../projects/projects.service.ts';
import { countTasksIn, lastPlannedPosition, lastTaskPosition } from '../tasks/tasks.service.ts';
import type { Policy } from '../policy/policy.service.ts';
import type { UnitOfWork, WritePath } from '../workspaces/unit-of-work.ts';
import { lastProjectPosition } from '../workspaces/workspaces.service.ts';
import { exportJson } from './export-stream.ts';
import { daysOutOfRange, planImport, type ImportPlan } from './import-plan.ts';
import * as repo from './portability.repository.ts';
import { reviewChanged } from '../day-reviews/day-reviews.service.ts';
import { noteOf } from '@hustle/shared/day-reviews';
import { storedRemindAt } from '@hustle/shared/reminders';
import { todayOf } from '../tasks/days.service.ts';

/** What the steps of one import share: its unit of work, its workspace and the ids it makes. */
interface ImportWrite {
  uow: UnitOfWork;
  workspaceId: string;
  /** The new id of a document ref, made on first use. */
  idOf: (ref: string) => string;
  /** Whether a ref got an id (a task the import left out has none). */
  hasId: (ref: string) => boolean;
}

async function writeProjects({ uow, workspaceId, idOf }: ImportWrite, plan: ImportPlan) {
  const { trx, now } = uow;
  const colors = await projectColorsOf(trx, workspaceId);
  const projectKeys = keysAfter(await lastProjectPosition(trx, workspaceId), plan.projects.length);
  const projectRows = plan.projects.map((project) => {
    const color = project.color ?? pickProjectColor(colors);
    colors.push(color);
    return {
      id: idOf(project.ref),
      owner_workspace_id: workspaceId,
      name: project.name,
      color,
      archived_at: project.archivedAt,
      created_at: project.createdAt,
      updated_at: now,
    };
  });
  await repo.insertProjects(
    trx,
    projectRows,
    projectRows.map((row, i) => ({
      workspace_id: workspaceId,
      project_id: row.id,
      position: projectKeys[i]!,
      joined_at: now,
    })),
  );
  for (const row of projectRows) {
    uow.changed([workspaceId], 'project', row.id);
    uow.changed([workspaceId], 'membership', row.id);
  }
}

/** A task's row as the import writes it: its notes' mark and checklist progress with it. */
function taskRow(
  task: ExportTask,
  at: { id: string; importer: string; position: string; now: string },
  home: Pick<TasksTable, 'workspace_id' | 'project_id' | 'automation_id'>,
): TasksTable {
  const notes = task.notes ?? '';
  const checklist = task.checklist ?? [];
  return {
    // A task's time is its entries' (decision 076); the document's are the exporter's own.
    actual_seconds: (task.timeEntries ?? []).reduce((sum, entry) => sum + secondsOf(entry), 0),
    id: at.id,
    ...home,
    name: task.name,
    position: at.position,
    created_at: task.createdAt,
    updated_at: task.updatedAt,
    completed_at: task.completedAt,
    // An export does not say who completed a task: the importer's card counts it (issue 28).
    completed_by: task.completedAt ? at.importer : null,
    deadline: task.deadline ?? null,
    estimate_minutes: task.estimate ?? null,
    ...reminderOf(task, at),
    notes,
    has_notes: notes.trim() === '' ? 0 : 1,
    checklist_total: checklist.length,
    checklist_done: checklist.filter((item) => item.doneAt !== null).length,
  };
}

/**
 * A reminder still ahead is the importer's (version 4). One already past is left out: the
 * scheduler sends a reminder found up to an hour late, and an old one found later is only dropped
 * with a record, so keeping it would mean a stale notification or noise for nothing.
 */
function reminderOf(task: ExportTask, at: { importer: string; now: string }) {
  if (task.remindAt === undefined || Date.parse(task.remindAt) <= Date.parse(at.now)) {
    return { remind_at: null, remind_workspace_id: null };
  }
  return { remind_at: storedRemindAt(task.remindAt), remind_workspace_id: at.importer };
}

/** An entry's whole seconds, as ending it in the app writes them. */
const secondsOf = (entry: ExportTimeEntry) =>
  Math.round((Date.parse(entry.endedAt) - Date.parse(entry.startedAt)) / 1000);

/**
 * Each task's time entries, the importer's now (version 3, decision 078), ended by a stop. The
 * instants are written as `toISOString` does, which the entries' comparisons need (076).
 */
function timeEntryRows(
  tasks: { task: ExportTask; id: string }[],
  importer: string,
): TimeEntriesTable[] {
  return tasks.flatMap(({ task, id }) =>
    (task.timeEntries ?? []).map((entry) => ({
      id: newId(),
      workspace_id: importer,
      task_id: id,
      started_at: new Date(entry.startedAt).toISOString(),
      ended_at: new Date(entry.endedAt).toISOString(),
      seconds: secondsOf(entry),
      ended_by: 'stop' as const,
      carried_seconds: 0,
    })),
  );
}

/** Each task's checklist items, in its order (decision 064). */
function checklistRows(tasks: { task: ExportTask; id: string }[]): ChecklistItemsTable[] {
  return tasks.flatMap(({ task, id }) => {
    const items = task.checklist ?? [];
    const keys = keysAfter(null, items.length);
    return items.map((item, i) => ({
      id: newId(),
      task_id: id,
      name: item.name,
      position: keys[i]!,
      done_at: item.doneAt,
      created_at: item.createdAt,
    }));
  });
}

async function writeTasks({ uow, workspaceId, idOf }: ImportWrite, plan: ImportPlan) {
  const taskRows: TasksTable[] = [];
  const written: { task: ExportTask; id: string }[] = [];
  const add = (task: ExportTask, home: Parameters<typeof taskRow>[2], position: string) => {
    const row = taskRow(
      task,
      { id: idOf(task.ref), importer: workspaceId, position, now: uow.now },
      home,
    );
    taskRows.push(row);
    written.push({ task, id: row.id });
  };
  for (const project of plan.projects) {
    const keys = keysAfter(null, project.tasks.length);
    const home = { workspace_id: null, project_id: idOf(project.ref), automation_id: null };
    project.tasks.forEach((task, i) => add(task, home, keys[i]!));
    // A project's rows at a time: a large import's in one go held the event loop for most of
    // a second (decision 045).
    await nextTurn();
  }
  const workspaceKeys = keysAfter(
    await lastTaskPosition(uow.trx, { workspaceId }),
    plan.inbox.length + plan.automationTasks.length,
  );
  const noAutomation = { workspace_id: workspaceId, project_id: null, automation_id: null };
  plan.inbox.forEach((task, i) => add(task, noAutomation, workspaceKeys[i]!));
  plan.automationTasks.forEach((task, i) => {
    // A task whose automation is gone keeps an id of its own, as deleting an automation leaves it.
    const automationId = task.automationRef === null ? newId() : idOf(task.automationRef);
    const home = { workspace_id: workspaceId, project_id: null, automation_id: automationId };
    add(task, home, workspaceKeys[plan.inbox.length + i]!);
  });
  await repo.insertTasks(uow.trx, taskRows);
  await repo.insertChecklistItems(uow.trx, checklistRows(written));
  await repo.insertTimeEntries(uow.trx, timeEntryRows(written, workspaceId));
  for (const row of taskRows) uow.changed([workspaceId], 'task', row.id);
}

/** After the tasks, so a run names its task only when the import holds it. */
async function writeAutomations({ uow, workspaceId, idOf, hasId }: ImportWrite, plan: ImportPlan) {
  const automationRows = plan.automations.map((automation) => ({
    id: idOf(automation.ref),
    workspace_id: workspaceId,
    name: automation.name,
    ...triggerColumns(
      automation.trigger ?? { frequency: 'MONTHLY', dayOfMonth: automation.dayOfMonth ?? 1 },
    ),
    task_name: automation.taskName,
    created_at: automation.createdAt,
    paused_at: automation.pausedAt ?? null,
    scheduled_from: automation.scheduledFrom ?? automation.createdAt,
    project_id: automation.projectRef === undefined ? null : idOf(automation.projectRef),
  }));
  const runRows = plan.automations.flatMap((automation) =>
    automation.runs.map((run) => ({
      automation_id: idOf(automation.ref),
      period: run.period,
      status: run.status,
      // A run's task may have been left out; the run still says the month was done.
      task_id: run.taskRef !== null && hasId(run.taskRef) ? idOf(run.taskRef) : null,
      error: run.error,
      created_at: run.createdAt,
    })),
  );
  await repo.insertAutomations(uow.trx, automationRows, runRows);
  for (const row of automationRows) uow.changed([workspaceId], 'automation', row.id);
}

async function writePlanned({ uow, workspaceId, idOf }: ImportWrite, plan: ImportPlan) {
  const plannedKeys = keysAfter(
    await lastPlannedPosition(uow.trx, workspaceId),
    plan.planned.length,
  );
  // Version 1 carried no days: what it planned is planned for today. A day gone by is carried
  // over when the list is next read, as any other (decision 060).
  const today = await todayOf(uow.trx, workspaceId, uow.now);
  const plannedRows = plan.planned.map((entry, i) => ({
    workspace_id: workspaceId,
    task_id: idOf(entry.ref),
    position: plannedKeys[i]!,
    day: entry.day ?? today,
    carried: entry.carried ?? 0,
  }));
  await repo.insertPlanned(uow.trx, plannedRows);
  for (const row of plannedRows) uow.changed([workspaceId], 'planned', row.task_id);
}

/** The days finished (issue 30): those the account finished itself keep their own note. */
async function writeDayReviews({ uow, workspaceId }: ImportWrite, plan: ImportPlan) {
  if (plan.dayReviews.length === 0) return;
  await repo.insertDayReviews(
    uow.trx,
    plan.dayReviews.map((review) => ({
      workspace_id: workspaceId,
      day: review.day,
      finished_at: review.finishedAt,
      note: noteOf(review.note),
    })),
  );
  reviewChanged(uow, workspaceId);
}

/** Writes the plan's entities with fresh ids after what the workspace holds, in their order. */
async function writePlan(uow: UnitOfWork, workspaceId: string, plan: ImportPlan) {
  const ids = new Map<string, string>();
  const write: ImportWrite = {
    uow,
    workspaceId,
    idOf: (ref) => {
      let id = ids.get(ref);
      if (!id) ids.set(ref, (id = newId()));
      return id;
    },
    hasId: (ref) => ids.has(ref),
  };
  await writeProjects(write, plan);
  await writeTasks(write, plan);
  await writeAutomations(write, plan);
  await writePlanned(write, plan);
  await writeDayReviews(write, plan);
}

export function createPortabilityService(deps: {
  db: Db;
  clock: Clock;
  writes: WritePath;
  policy: Policy;
}) {
  const { db, clock, writes, policy } = deps;

  async function planFor(trx: Db, workspaceId: string, doc: ExportDocument, now: string) {
    const issues = daysOutOfRange(doc, await todayOf(trx, workspaceId, now));
    if (issues.length > 0) {
      throw new AppError('VALIDATION_FAILED', `${issues[0]!.path}: ${issues[0]!.message}`, issues);
    }
    const [projects, automations, inboxTasks] = await Promise.all([
      countProjectsOf(trx, workspaceId),
      countAutomationsOf(trx, workspaceId),
      countTasksIn(trx, { workspaceId }),
    ]);
    const room = await policy.importRoom(trx, workspaceId, {
      activeProjects: projects.active,
      allProjects: projects.all,
      automations,
      inboxTasks,
    });
    return planImport(doc, room);
  }

  return {
    /**
     * Every plan may export (issue 16: no paywall on leaving). The document's JSON text, read and
     * written a page at a time, so an account of any size can leave (decision 045).
     */
    exportJson(session: SessionContext): AsyncGenerator<string> {
      return exportJson(db, session.workspaceId, clock.now());
    },

    async preview(session: SessionContext, doc: ExportDocument): Promise<ImportPreview> {
      const plan = await planFor(db, session.workspaceId, doc, clock.now().toISOString());
      return { added: plan.added, details: plan.details, skipped: plan.skipped };
    },

    /** One unit of work: everything that fits goes in, or nothing does. */
    async importData(session: SessionContext, doc: ExportDocument): Promise<ImportResult> {
      return writes.run(session, async (uow) => {
        const plan = await planFor(uow.trx, session.workspaceId, doc, uow.now);
        await writePlan(uow, session.workspaceId, plan);
        const { version } = await uow.ok();
        const { added, details, skipped } = plan;
        return { ok: true, version, added, details, skipped };
      });
    },
  };
}

export type PortabilityService = ReturnType<typeof createPortabilityService>;
