import {
  AUTOMATION_STATUS_ORDER,
  type Automation,
  type AutomationHistory,
  type AutomationRun,
  type AutomationStatusItem,
  type RunTask,
} from '@hustle/shared/automations';
import type { Db } from '../../db/database.ts';
import type { AutomationsTable } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import type { SessionContext } from '../auth/auth.service.ts';
import type { AutomationScheduler } from './automation-scheduler.ts';
import {
  currentRun,
  nextOpenRun,
  periodStatus,
  periodsSince,
  triggerColumns,
  triggerOf,
} from './automation-schedule.ts';
import * as repo from './automations.repository.ts';

/** Runs shown in an automation's history: two years of months, or a few months of days. */
const HISTORY_LENGTH = 120;

export const toAutomation = (row: AutomationsTable): Automation => ({
  id: row.id,
  name: row.name,
  trigger: triggerOf(row),
  steps: [{ type: 'TASK', payload: { taskName: row.task_name } }],
  status: row.paused_at === null ? 'ON' : 'PAUSED',
  createdAt: row.created_at,
  ...(row.project_id ? { projectId: row.project_id } : {}),
});

interface RunRow {
  status: 'CREATED' | 'ERROR' | 'SKIPPED';
  existing_task_id: string | null;
  task_name: string | null;
  completed_at: string | null;
  planned_task_id: string | null;
}

/** spec §3 task states, for the task a run made; null once the user deleted it. */
const taskOf = (run: RunRow | undefined): RunTask =>
  run?.existing_task_id && run.task_name !== null
    ? {
        id: run.existing_task_id,
        name: run.task_name,
        state: run.completed_at ? 'DONE' : run.planned_task_id ? 'PLANNED' : 'IDLE',
      }
    : null;

/** How the export and import read and write a trigger. */
export { triggerColumns, triggerOf };

/** A workspace's automation rows in their order, and how many there are. */
export const automationRowsOf = (trx: Db, workspaceId: string) =>
  repo.listAutomations(trx, workspaceId);
export const countAutomationsOf = (trx: Db, workspaceId: string) =>
  repo.countAutomations(trx, workspaceId);

/** The workspace's automations among `ids`; others' ids are left out. */
export async function automationsOfWorkspace(
  trx: Db,
  workspaceId: string,
  ids: string[],
): Promise<Automation[]> {
  return (await repo.findAutomations(trx, ids, workspaceId)).map(toAutomation);
}

/** The workspace's automation `id`, with its owner's timezone; another's is not found. */
export async function requireAutomation(trx: Db, workspaceId: string, id: string) {
  const automation = await repo.findScheduledAutomation(trx, id, workspaceId);
  if (!automation) throw notFound('Automation');
  return automation;
}

/** The automation's coming run as of `now` and its runs, newest first. */
export async function historyOf(
  trx: Db,
  now: Date,
  workspaceId: string,
  id: string,
): Promise<AutomationHistory> {
  const automation = await requireAutomation(trx, workspaceId, id);
  const runs = await repo.runHistory(trx, id, HISTORY_LENGTH);
  const coming = await repo.automationsWithRuns(trx, periodsSince(now), workspaceId);
  const taken = new Set(
    coming.find((candidate) => candidate.id === id)?.runs.map((run) => run.period),
  );
  return {
    id,
    nextRun: nextOpenRun(automation, now, taken),
    runs: runs.map((run): AutomationRun => ({
      period: run.period,
      status:
        run.status === 'CREATED'
          ? run.existing_task_id && !run.completed_at
            ? 'ACTIVE'
            : 'DONE'
          : run.status,
      task: taskOf(run),
      createdAt: run.created_at,
    })),
  };
}

/** The automation reads; its commands are handlers (`automations.commands.ts`). */
export function createAutomationsService(deps: {
  db: Db;
  clock: Clock;
  scheduler: AutomationScheduler;
}) {
  const { db, clock, scheduler } = deps;

  return {
    async list(session: SessionContext): Promise<Automation[]> {
      return (await repo.listAutomations(db, session.workspaceId)).map(toAutomation);
    },

    async history(session: SessionContext, id: string): Promise<AutomationHistory> {
      return historyOf(db, clock.now(), session.workspaceId, id);
    },

    /** The current period's status of each automation, most urgent first. */
    async statuses(session: SessionContext): Promise<AutomationStatusItem[]> {
      // What became due since the scheduler's last tick fires before it is shown.
      await scheduler.runDue(session.workspaceId);
      const now = clock.now();
      const automations = await repo.automationsWithRuns(
        db,
        periodsSince(now),
        session.workspaceId,
      );
      return automations
        .map((automation): AutomationStatusItem => {
          const { period, isDue } = currentRun(automation, now);
          const run = automation.runs.find((candidate) => candidate.period === period);
          return {
            id: automation.id,
            name: automation.name,
            period,
            status: periodStatus(run, { isDue, isPaused: automation.paused_at !== null }),
            frequency: automation.frequency,
            task: taskOf(run),
          };
        })
        .sort((a, b) => AUTOMATION_STATUS_ORDER[a.status] - AUTOMATION_STATUS_ORDER[b.status]);
    },
  };
}

export type AutomationsService = ReturnType<typeof createAutomationsService>;
