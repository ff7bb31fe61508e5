import {
  AUTOMATION_STATUS_ORDER,
  defaultNameFor,
  type Automation,
  type AutomationHistory,
  type AutomationRun,
  type AutomationStatusItem,
  type RunTask,
  type Trigger,
} from '@hustle/shared/automations';
import { runPeriodOf } from '@hustle/shared/dates';
import type { UndoableResponse } from '@hustle/shared/undo';
import type { Db } from '../../db/database.ts';
import type { AutomationsTable } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { SessionContext } from '../auth/auth.service.ts';
import type { Policy } from '../policy/policy.service.ts';
import type { WritePath } from '../workspaces/unit-of-work.ts';
import { captureRows, isIdUsed, requireOwnWorkspace } from '../workspaces/workspaces.service.ts';
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

const toAutomation = (row: AutomationsTable): Automation => ({
  id: row.id,
  name: row.name,
  trigger: triggerOf(row),
  steps: [{ type: 'TASK', payload: { taskName: row.task_name } }],
  status: row.paused_at === null ? 'ON' : 'PAUSED',
  createdAt: row.created_at,
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

export function createAutomationsService(deps: {
  db: Db;
  clock: Clock;
  writes: WritePath;
  policy: Policy;
  scheduler: AutomationScheduler;
}) {
  const { db, clock, writes, policy, scheduler } = deps;

  async function requireAutomation(trx: Db, session: SessionContext, id: string) {
    const automation = await repo.findScheduledAutomation(trx, id, session.workspaceId);
    if (!automation) throw notFound('Automation');
    return automation;
  }

  /** The automation's coming run and its runs, newest first. */
  async function historyOf(
    trx: Db,
    session: SessionContext,
    id: string,
  ): Promise<AutomationHistory> {
    const automation = await requireAutomation(trx, session, id);
    const runs = await repo.runHistory(trx, id, HISTORY_LENGTH);
    const now = clock.now();
    const coming = await repo.automationsWithRuns(trx, periodsSince(now), session.workspaceId);
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

  /** A paused, resumed or re-timed automation may be due at once; it fires now, not next tick. */
  const fireDue = async (workspaceId: string) => {
    await scheduler.runDue(workspaceId);
  };

  /**
   * A create under a client-made id that is used already (decision 021): the same create again
   * answers the automation it made; anything else holding the id is refused alike.
   */
  async function replayOfCreate(
    trx: Db,
    workspaceId: string,
    id: string,
    create: { name?: string | undefined; trigger: Trigger; taskName: string },
  ): Promise<Automation> {
    const row = await repo.findAutomation(trx, id, workspaceId);
    const columns = triggerColumns(create.trigger);
    const isSameCreate =
      row !== undefined &&
      row.task_name === create.taskName &&
      row.name === (create.name ?? defaultNameFor(create.trigger)) &&
      row.frequency === columns.frequency &&
      row.day_of_month === columns.day_of_month &&
      row.weekdays === columns.weekdays;
    if (!isSameCreate) return policy.refuseUsedId();
    return toAutomation(row);
  }

  return {
    async list(session: SessionContext): Promise<Automation[]> {
      return (await repo.listAutomations(db, session.workspaceId)).map(toAutomation);
    },

    async create(
      session: SessionContext,
      body: {
        id?: string | undefined;
        workspaceId: string;
        name?: string | undefined;
        trigger: Trigger;
        taskName: string;
      },
    ): Promise<Automation> {
      const ws = requireOwnWorkspace(session, body.workspaceId);
      const automation = await writes.run(session, async (uow) => {
        const { trx, now } = uow;
        if (body.id && (await isIdUsed(trx, body.id)))
          return replayOfCreate(trx, ws, body.id, body);
        await policy.requireAutomationRoom(trx, ws);
        const row: AutomationsTable = {
          id: body.id ?? newId(),
          workspace_id: ws,
          name: body.name ?? defaultNameFor(body.trigger),
          ...triggerColumns(body.trigger),
          task_name: body.taskName,
          created_at: now,
          paused_at: null,
          scheduled_from: now,
        };
        await repo.insertAutomation(trx, row);
        uow.changed([ws], 'automation', row.id);
        return toAutomation(row);
      });
      // An automation for today fires at once rather than at the scheduler's next tick.
      await fireDue(ws);
      return automation;
    },

    /**
     * Edits the name, task name or trigger. A new trigger counts from today like a new automation
     * (decision 026); a period that already ran keeps its run. An empty name brings back the
     * default one.
     */
    async update(
      session: SessionContext,
      id: string,
      body: {
        name?: string | undefined;
        taskName?: string | undefined;
        trigger?: Trigger | undefined;
      },
    ): Promise<Automation> {
      const automation = await writes.run(session, async (uow) => {
        const { trx, now } = uow;
        const row = await requireAutomation(trx, session, id);
        const trigger = body.trigger ?? triggerOf(row);
        const isNewTrigger =
          body.trigger !== undefined &&
          JSON.stringify(body.trigger) !== JSON.stringify(triggerOf(row));
        const name =
          body.name === undefined ? row.name : body.name.trim() || defaultNameFor(trigger);
        const changes = {
          name,
          task_name: body.taskName ?? row.task_name,
          ...(isNewTrigger ? { ...triggerColumns(trigger), scheduled_from: now } : {}),
        };
        await repo.updateAutomation(trx, id, changes);
        uow.changed([session.workspaceId], 'automation', id);
        const { timezone: _timezone, ...stored } = { ...row, ...changes };
        return toAutomation(stored);
      });
      await fireDue(session.workspaceId);
      return automation;
    },

    /** No runs while paused (decision 026); pausing a paused automation changes nothing. */
    async pause(session: SessionContext, id: string): Promise<Automation> {
      return writes.run(session, async (uow) => {
        const row = await requireAutomation(uow.trx, session, id);
        const { timezone: _timezone, ...stored } = row;
        if (row.paused_at !== null) return toAutomation(stored);
        await repo.updateAutomation(uow.trx, id, { paused_at: uow.now });
        uow.changed([session.workspaceId], 'automation', id);
        return toAutomation({ ...stored, paused_at: uow.now });
      });
    },

    /**
     * Runs again from the next run date, counting today (decision 026): a period whose run date
     * passed while paused is not made up.
     */
    async resume(session: SessionContext, id: string): Promise<Automation> {
      const automation = await writes.run(session, async (uow) => {
        const row = await requireAutomation(uow.trx, session, id);
        const { timezone: _timezone, ...stored } = row;
        if (row.paused_at === null) return toAutomation(stored);
        const changes = { paused_at: null, scheduled_from: uow.now };
        await repo.updateAutomation(uow.trx, id, changes);
        uow.changed([session.workspaceId], 'automation', id);
        return toAutomation({ ...stored, ...changes });
      });
      await fireDue(session.workspaceId);
      return automation;
    },

    /** Stops future runs; tasks it already made stay (ARCHITECTURE §5). */
    async remove(session: SessionContext, automationId: string): Promise<UndoableResponse> {
      return writes.run(session, async (uow) => {
        const { trx } = uow;
        if (!(await repo.findAutomation(trx, automationId, session.workspaceId)))
          throw notFound('Automation');
        // Decision 025: the rule with every column it has, and its run history, for the undo.
        const undo = await uow.undoable('deleteAutomation', {
          rows: {
            automations: await captureRows(trx, 'automations', 'id', [automationId]),
            automation_runs: await captureRows(trx, 'automation_runs', 'automation_id', [
              automationId,
            ]),
          },
        });
        await repo.deleteAutomation(trx, automationId);
        uow.changed([session.workspaceId], 'automation', automationId, 'delete');
        return { ...(await uow.ok()), undo };
      });
    },

    async history(session: SessionContext, id: string): Promise<AutomationHistory> {
      return historyOf(db, session, id);
    },

    /**
     * Skips the coming run, recorded as a SKIPPED run of its period. The period is named, so a
     * repeated request skips it once; a period that is not the coming one is refused.
     */
    async skip(session: SessionContext, id: string, period: string): Promise<AutomationHistory> {
      return writes.run(session, async (uow) => {
        const { trx, now } = uow;
        const existing = await repo.findRun(trx, id, period);
        if (existing?.status === 'SKIPPED') return historyOf(trx, session, id);
        const { nextRun } = await historyOf(trx, session, id);
        if (nextRun?.period !== period) {
          throw new AppError(
            'CONFLICT',
            nextRun
              ? `Only the next run (${nextRun.period}) can be skipped.`
              : 'A paused automation has no next run to skip.',
          );
        }
        if (
          !(await repo.claimRun(trx, {
            automation_id: id,
            period,
            status: 'SKIPPED',
            created_at: now,
          }))
        )
          throw new AppError('CONFLICT', 'That run has already happened.');
        uow.changed([session.workspaceId], 'automation', id);
        return historyOf(trx, session, id);
      });
    },

    /**
     * Undoes a skip while its run is still to come (the current period or a later one): the run
     * happens after all, at once if its day has come. Without a skip it changes nothing.
     */
    async unskip(session: SessionContext, id: string, period: string): Promise<AutomationHistory> {
      const history = await writes.run(session, async (uow) => {
        const automation = await requireAutomation(uow.trx, session, id);
        const run = await repo.findRun(uow.trx, id, period);
        if (run?.status !== 'SKIPPED') return historyOf(uow.trx, session, id);
        const { today } = currentRun(automation, clock.now());
        const now = runPeriodOf(triggerOf(automation), today);
        // A month's period sorts before its days, so the current month counts as still to come.
        if (period < now.slice(0, period.length))
          throw new AppError('CONFLICT', 'That run’s time has passed.');
        await repo.deleteSkippedRun(uow.trx, id, period);
        uow.changed([session.workspaceId], 'automation', id);
        return historyOf(uow.trx, session, id);
      });
      await fireDue(session.workspaceId);
      // Read again: a run due today was just made.
      return history.runs.some((run) => run.period === period)
        ? historyOf(db, session, id)
        : history;
    },

    /**
     * Runs a failed period again (decision 026): the failed run is taken over by exactly one
     * request. A period that has since run is left as it is; a period that never failed is
     * refused. If it fails again, it stays ERROR with the new error.
     */
    async retry(session: SessionContext, id: string, period: string): Promise<AutomationHistory> {
      const target = { id, workspace_id: session.workspaceId };
      try {
        return await writes.run(session, async (uow) => {
          await requireAutomation(uow.trx, session, id);
          const run = await repo.findRun(uow.trx, id, period);
          if (!run) throw notFound('Run');
          if (run.status === 'SKIPPED')
            throw new AppError('CONFLICT', 'A skipped run cannot be retried.');
          if (run.status === 'ERROR') {
            await scheduler.fireIn(uow, target, period, { retry: true, isAsked: true });
          }
          return historyOf(uow.trx, session, id);
        });
      } catch (error) {
        if (error instanceof AppError) throw error;
        await scheduler.recordFailure(target, period, error);
        return historyOf(db, session, id);
      }
    },

    /** The current period's status of each automation, most urgent first. */
    async statuses(session: SessionContext): Promise<AutomationStatusItem[]> {
      await fireDue(session.workspaceId);
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
