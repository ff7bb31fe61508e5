import { pickProjectColor } from '@hustle/shared/colors';
import { shortenText } from '@hustle/shared/text';
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  RUN_ERROR_MAX_LENGTH,
  type ExportDocument,
  type ExportTask,
  type ImportPreview,
  type ImportResult,
} from '@hustle/shared/portability';
import type { Db } from '../../db/database.ts';
import type { TasksTable } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { keysAfter } from '../../lib/ordering.ts';
import type { SessionContext } from '../auth/auth.service.ts';
import {
  automationRowsOf,
  countAutomationsOf,
  triggerColumns,
  triggerOf,
} from '../automations/automations.service.ts';
import { countProjectsOf, projectColorsOf } from '../projects/projects.service.ts';
import { countTasksIn, lastPlannedPosition, lastTaskPosition } from '../tasks/tasks.service.ts';
import type { Policy } from '../policy/policy.service.ts';
import type { UnitOfWork, WritePath } from '../workspaces/unit-of-work.ts';
import { lastProjectPosition } from '../workspaces/workspaces.service.ts';
import { planImport, type ImportPlan } from './import-plan.ts';
import * as repo from './portability.repository.ts';

type TaskRow = Pick<TasksTable, 'id' | 'name' | 'created_at' | 'updated_at' | 'completed_at'>;

const toExportTask = (row: TaskRow): ExportTask => ({
  ref: row.id,
  name: row.name,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  completedAt: row.completed_at,
});

/** Rows by a key, each group in the rows' order (Node 20 has no Map.groupBy). */
function groupBy<T, K>(rows: T[], keyOf: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

/** The document of everything the workspace owns; the ids serve as the document's refs. */
async function readExport(db: Db, workspaceId: string, now: Date): Promise<ExportDocument> {
  const projects = await repo.ownedProjects(db, workspaceId);
  const [projectTasks, ownTasks, automations, planned, shared] = await Promise.all([
    repo.tasksOfProjects(
      db,
      projects.map((project) => project.id),
    ),
    repo.workspaceTasks(db, workspaceId),
    automationRowsOf(db, workspaceId),
    repo.plannedList(db, workspaceId),
    repo.memberProjects(db, workspaceId),
  ]);
  const runs = await repo.runsOf(
    db,
    automations.map((automation) => automation.id),
  );
  const automationIds = new Set(automations.map((automation) => automation.id));
  const exported = new Set([...projectTasks, ...ownTasks].map((task) => task.id));
  const tasksByProject = groupBy(projectTasks, (task) => task.project_id);
  const runsByAutomation = groupBy(runs, (run) => run.automation_id);
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: now.toISOString(),
    projects: projects.map((project) => ({
      ref: project.id,
      name: project.name,
      color: project.color,
      archivedAt: project.archived_at,
      createdAt: project.created_at,
      tasks: (tasksByProject.get(project.id) ?? []).map(toExportTask),
    })),
    inbox: ownTasks.filter((task) => task.automation_id === null).map(toExportTask),
    automations: automations.map((automation) => ({
      ref: automation.id,
      name: automation.name,
      ...(automation.frequency === 'MONTHLY'
        ? { dayOfMonth: automation.day_of_month }
        : { trigger: triggerOf(automation) }),
      taskName: automation.task_name,
      createdAt: automation.created_at,
      ...(automation.paused_at === null ? {} : { pausedAt: automation.paused_at }),
      ...(automation.scheduled_from === null || automation.scheduled_from === automation.created_at
        ? {}
        : { scheduledFrom: automation.scheduled_from }),
      runs: (runsByAutomation.get(automation.id) ?? []).map((run) => ({
        period: run.period,
        status: run.status,
        taskRef: run.task_id && exported.has(run.task_id) ? run.task_id : null,
        // A failure's text is whatever the error said; the format keeps its start.
        error: run.error === null ? null : shortenText(run.error, RUN_ERROR_MAX_LENGTH),
        createdAt: run.created_at,
      })),
    })),
    automationTasks: ownTasks
      .filter((task) => task.automation_id !== null)
      .map((task) => ({
        ...toExportTask(task),
        automationRef: automationIds.has(task.automation_id!) ? task.automation_id : null,
      })),
    // Tasks of projects others own stay with those projects.
    planned: planned.filter((row) => exported.has(row.task_id)).map((row) => row.task_id),
    sharedWithMe: shared.map((project) => ({
      name: project.name,
      ownerEmail: project.owner_email,
    })),
  };
}

/** Writes the plan's entities with fresh ids after what the workspace holds, in their order. */
async function writePlan(uow: UnitOfWork, workspaceId: string, plan: ImportPlan) {
  const { trx, now } = uow;
  const ids = new Map<string, string>();
  const idOf = (ref: string) => {
    let id = ids.get(ref);
    if (!id) ids.set(ref, (id = newId()));
    return id;
  };
  const own = [workspaceId];

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
    uow.changed(own, 'project', row.id);
    uow.changed(own, 'membership', row.id);
  }

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
  }));

  const taskRow = (
    task: ExportTask,
    home: Pick<TasksTable, 'workspace_id' | 'project_id' | 'automation_id'>,
    position: string,
  ): TasksTable => ({
    id: idOf(task.ref),
    ...home,
    name: task.name,
    position,
    created_at: task.createdAt,
    updated_at: task.updatedAt,
    completed_at: task.completedAt,
    // An export does not say who completed a task: the importer's card counts it (issue 28).
    completed_by: task.completedAt ? workspaceId : null,
  });
  const taskRows: TasksTable[] = plan.projects.flatMap((project) => {
    const keys = keysAfter(null, project.tasks.length);
    const home = { workspace_id: null, project_id: idOf(project.ref), automation_id: null };
    return project.tasks.map((task, i) => taskRow(task, home, keys[i]!));
  });
  const workspaceKeys = keysAfter(
    await lastTaskPosition(trx, { workspaceId }),
    plan.inbox.length + plan.automationTasks.length,
  );
  const noAutomation = { workspace_id: workspaceId, project_id: null, automation_id: null };
  plan.inbox.forEach((task, i) => taskRows.push(taskRow(task, noAutomation, workspaceKeys[i]!)));
  plan.automationTasks.forEach((task, i) => {
    // A task whose automation is gone keeps an id of its own, as deleting an automation leaves it.
    const automationId = task.automationRef === null ? newId() : idOf(task.automationRef);
    const home = { workspace_id: workspaceId, project_id: null, automation_id: automationId };
    taskRows.push(taskRow(task, home, workspaceKeys[plan.inbox.length + i]!));
  });
  await repo.insertTasks(trx, taskRows);
  for (const row of taskRows) uow.changed(own, 'task', row.id);

  const runRows = plan.automations.flatMap((automation) =>
    automation.runs.map((run) => ({
      automation_id: idOf(automation.ref),
      period: run.period,
      status: run.status,
      // A run's task may have been left out; the run still says the month was done.
      task_id: run.taskRef !== null && ids.has(run.taskRef) ? ids.get(run.taskRef)! : null,
      error: run.error,
      created_at: run.createdAt,
    })),
  );
  await repo.insertAutomations(trx, automationRows, runRows);
  for (const row of automationRows) uow.changed(own, 'automation', row.id);

  const plannedKeys = keysAfter(await lastPlannedPosition(trx, workspaceId), plan.planned.length);
  const plannedRows = plan.planned.map((ref, i) => ({
    workspace_id: workspaceId,
    task_id: idOf(ref),
    position: plannedKeys[i]!,
  }));
  await repo.insertPlanned(trx, plannedRows);
  for (const row of plannedRows) uow.changed(own, 'planned', row.task_id);
}

export function createPortabilityService(deps: {
  db: Db;
  clock: Clock;
  writes: WritePath;
  policy: Policy;
}) {
  const { db, clock, writes, policy } = deps;

  async function planFor(trx: Db, workspaceId: string, doc: ExportDocument) {
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
    /** Every plan may export (issue 16: no paywall on leaving). */
    async exportData(session: SessionContext): Promise<ExportDocument> {
      return db.transaction().execute((trx) => readExport(trx, session.workspaceId, clock.now()));
    },

    async preview(session: SessionContext, doc: ExportDocument): Promise<ImportPreview> {
      const { added, skipped } = await planFor(db, session.workspaceId, doc);
      return { added, skipped };
    },

    /** One unit of work: everything that fits goes in, or nothing does. */
    async importData(session: SessionContext, doc: ExportDocument): Promise<ImportResult> {
      return writes.run(session, async (uow) => {
        const plan = await planFor(uow.trx, session.workspaceId, doc);
        await writePlan(uow, session.workspaceId, plan);
        const { version } = await uow.ok();
        return { ok: true, version, added: plan.added, skipped: plan.skipped };
      });
    },
  };
}

export type PortabilityService = ReturnType<typeof createPortabilityService>;
