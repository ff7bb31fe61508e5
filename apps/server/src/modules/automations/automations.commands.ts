import { defaultNameFor, type Automation, type Trigger } from '@hustle/shared/automations';
import type { automationsApi } from '@hustle/shared/automations.api';
import { runPeriodOf } from '@hustle/shared/dates';
import type { Db } from '../../db/database.ts';
import type { AutomationsTable } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { Policy } from '../policy/policy.service.ts';
import { requireWithinRange, todayOf } from '../tasks/days.service.ts';
import type { UnitOfWork } from '../workspaces/unit-of-work.ts';
import type { CommandHandler, CommandOptions } from '../workspaces/command-routes.ts';
import { captureRows, findMembership, isIdUsed } from '../workspaces/workspaces.service.ts';
import type { AutomationScheduler } from './automation-scheduler.ts';
import { currentRun, triggerColumns, triggerOf } from './automation-schedule.ts';
import * as repo from './automations.repository.ts';
import { historyOf, requireAutomation, toAutomation } from './automations.service.ts';

type Api = typeof automationsApi;
type Commands = Pick<
  Api,
  | 'createAutomation'
  | 'deleteAutomation'
  | 'updateAutomation'
  | 'pauseAutomation'
  | 'resumeAutomation'
  | 'skipAutomationRun'
  | 'unskipAutomationRun'
  | 'retryAutomationRun'
>;
type Handlers<Names extends keyof Commands = keyof Commands> = {
  [Name in Names]: CommandHandler<Commands[Name]>;
};
type Options = { [Name in keyof Commands]?: CommandOptions<Commands[Name]> };

type AutomationRow = Awaited<ReturnType<typeof requireAutomation>>;

/** The row as stored, without the owner's timezone its read joins in. */
const storedRow = ({ timezone: _timezone, ...stored }: AutomationRow): AutomationsTable => stored;

/**
 * A create under a client-made id that is used already (decision 021): the same create again
 * answers the automation it made; anything else holding the id is refused alike.
 */
async function replayOfCreate(
  trx: Db,
  policy: Policy,
  workspaceId: string,
  id: string,
  create: {
    name?: string | undefined;
    trigger: Trigger;
    taskName: string;
    projectId?: string | undefined;
  },
): Promise<Automation> {
  const row = await repo.findAutomation(trx, id, workspaceId);
  const columns = triggerColumns(create.trigger);
  const isSameCreate =
    row !== undefined &&
    row.task_name === create.taskName &&
    row.name === (create.name ?? defaultNameFor(create.trigger)) &&
    row.frequency === columns.frequency &&
    row.day_of_month === columns.day_of_month &&
    row.weekdays === columns.weekdays &&
    row.rule === columns.rule &&
    row.project_id === (create.projectId ?? null);
  if (!isSameCreate) return policy.refuseUsedId();
  return toAutomation(row);
}

/**
 * An edit's new columns. A new trigger counts from today like a new automation (decision 026); a
 * period that already ran keeps its run. An empty name brings back the default one.
 */
function editOf(
  row: AutomationRow,
  body: {
    name?: string | undefined;
    taskName?: string | undefined;
    trigger?: Trigger | undefined;
    projectId?: string | null | undefined;
  },
  now: string,
): Partial<AutomationsTable> {
  const trigger = body.trigger ?? triggerOf(row);
  const isNewTrigger =
    body.trigger !== undefined && JSON.stringify(body.trigger) !== JSON.stringify(triggerOf(row));
  return {
    name: body.name === undefined ? row.name : body.name.trim() || defaultNameFor(trigger),
    task_name: body.taskName ?? row.task_name,
    ...(isNewTrigger ? { ...triggerColumns(trigger), scheduled_from: now } : {}),
    ...(body.projectId !== undefined ? { project_id: body.projectId } : {}),
  };
}

/**
 * A project for an automation's tasks takes what a new task there takes (spec §4): one the
 * workspace shows (another's is 404) and not archived.
 */
async function requireTaskProject(trx: Db, policy: Policy, workspaceId: string, projectId: string) {
  const project = policy.requireVisible(await findMembership(trx, workspaceId, projectId));
  policy.requireNotArchived(project);
}

/** The commands on automations themselves (spec §3), one handler each. */
/** An "every N" starts within five years of the user's today (their zone, the server's clock). */
async function requireStartInRange(uow: UnitOfWork, workspaceId: string, trigger?: Trigger) {
  if (!trigger?.startsOn) return;
  const today = await todayOf(uow.trx, workspaceId, uow.now);
  requireWithinRange(trigger.startsOn, today, 'The start date');
}

function createRuleHandlers(
  policy: Policy,
): Handlers<
  | 'createAutomation'
  | 'deleteAutomation'
  | 'updateAutomation'
  | 'pauseAutomation'
  | 'resumeAutomation'
> {
  return {
    async createAutomation(uow, { workspaceId: ws, body }) {
      const { trx, now } = uow;
      if (body.id && (await isIdUsed(trx, body.id)))
        return replayOfCreate(trx, policy, ws, body.id, body);
      if (body.projectId) await requireTaskProject(trx, policy, ws, body.projectId);
      await requireStartInRange(uow, ws, body.trigger);
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
        project_id: body.projectId ?? null,
      };
      await repo.insertAutomation(trx, row);
      uow.changed([ws], 'automation', row.id);
      return toAutomation(row);
    },

    /** Stops future runs; tasks it already made stay (ARCHITECTURE §5). */
    async deleteAutomation(uow, { workspaceId, params }) {
      const { trx } = uow;
      if (!(await repo.findAutomation(trx, params.id, workspaceId))) throw notFound('Automation');
      // Decision 025: the rule with every column it has, and its run history, for the undo.
      const undo = await uow.undoable('deleteAutomation', {
        rows: {
          automations: await captureRows(trx, 'automations', 'id', [params.id]),
          automation_runs: await captureRows(trx, 'automation_runs', 'automation_id', [params.id]),
        },
      });
      await repo.deleteAutomation(trx, params.id);
      uow.changed([workspaceId], 'automation', params.id, 'delete');
      return { undo };
    },

    async updateAutomation(uow, { workspaceId, params, body }) {
      const row = await requireAutomation(uow.trx, workspaceId, params.id);
      if (body.projectId) await requireTaskProject(uow.trx, policy, workspaceId, body.projectId);
      await requireStartInRange(uow, workspaceId, body.trigger);
      const changes = editOf(row, body, uow.now);
      await repo.updateAutomation(uow.trx, params.id, changes);
      uow.changed([workspaceId], 'automation', params.id);
      return toAutomation({ ...storedRow(row), ...changes });
    },

    /** No runs while paused (decision 026); pausing a paused automation changes nothing. */
    async pauseAutomation(uow, { workspaceId, params }) {
      const row = await requireAutomation(uow.trx, workspaceId, params.id);
      if (row.paused_at !== null) return toAutomation(storedRow(row));
      await repo.updateAutomation(uow.trx, params.id, { paused_at: uow.now });
      uow.changed([workspaceId], 'automation', params.id);
      return toAutomation({ ...storedRow(row), paused_at: uow.now });
    },

    /**
     * Runs again from the next run date, counting today (decision 026): a period whose run date
     * passed while paused is not made up.
     */
    async resumeAutomation(uow, { workspaceId, params }) {
      const row = await requireAutomation(uow.trx, workspaceId, params.id);
      if (row.paused_at === null) return toAutomation(storedRow(row));
      const changes = { paused_at: null, scheduled_from: uow.now };
      await repo.updateAutomation(uow.trx, params.id, changes);
      uow.changed([workspaceId], 'automation', params.id);
      return toAutomation({ ...storedRow(row), ...changes });
    },
  };
}

/** The commands on an automation's runs: skip, unskip and retry a period. */
function createRunHandlers(deps: {
  clock: Clock;
  scheduler: AutomationScheduler;
}): Handlers<'skipAutomationRun' | 'unskipAutomationRun' | 'retryAutomationRun'> {
  const { clock, scheduler } = deps;
  return {
    /**
     * Skips the coming run, recorded as a SKIPPED run of its period. The period is named, so a
     * repeated request skips it once; a period that is not the coming one is refused.
     */
    async skipAutomationRun(uow, { workspaceId, params: { id }, body: { period } }) {
      const { trx, now } = uow;
      const existing = await repo.findRun(trx, id, period);
      if (existing?.status === 'SKIPPED') return historyOf(trx, clock.now(), workspaceId, id);
      const { nextRun } = await historyOf(trx, clock.now(), workspaceId, id);
      if (nextRun?.period !== period) {
        throw new AppError(
          'CONFLICT',
          nextRun
            ? `Only the next run (${nextRun.period}) can be skipped.`
            : 'A paused automation has no next run to skip.',
        );
      }
      const run = { automation_id: id, period, status: 'SKIPPED' as const, created_at: now };
      if (!(await repo.claimRun(trx, run)))
        throw new AppError('CONFLICT', 'That run has already happened.');
      uow.changed([workspaceId], 'automation', id);
      return historyOf(trx, clock.now(), workspaceId, id);
    },

    /**
     * Undoes a skip while its run is still to come (the current period or a later one): the run
     * happens after all, at once if its day has come (`afterCommit`). Without a skip it changes
     * nothing.
     */
    async unskipAutomationRun(uow, { workspaceId, params: { id }, body: { period } }) {
      const automation = await requireAutomation(uow.trx, workspaceId, id);
      const run = await repo.findRun(uow.trx, id, period);
      if (run?.status !== 'SKIPPED') return historyOf(uow.trx, clock.now(), workspaceId, id);
      const { today } = currentRun(automation, clock.now());
      const current = runPeriodOf(triggerOf(automation), today);
      // A month's period sorts before its days, so the current month counts as still to come.
      if (period < current.slice(0, period.length))
        throw new AppError('CONFLICT', 'That run’s time has passed.');
      await repo.deleteSkippedRun(uow.trx, id, period);
      uow.changed([workspaceId], 'automation', id);
      return historyOf(uow.trx, clock.now(), workspaceId, id);
    },

    /**
     * Runs a failed period again (decision 026): the failed run is taken over by exactly one
     * request, with the scheduler's own firing. A period that has since run is left as it is; a
     * period that never failed is refused. A failure is recorded by `onFailure`.
     */
    async retryAutomationRun(uow, { workspaceId, params: { id }, body: { period } }) {
      await requireAutomation(uow.trx, workspaceId, id);
      const run = await repo.findRun(uow.trx, id, period);
      if (!run) throw notFound('Run');
      if (run.status === 'SKIPPED')
        throw new AppError('CONFLICT', 'A skipped run cannot be retried.');
      if (run.status === 'ERROR') {
        const target = { id, workspace_id: workspaceId };
        await scheduler.fireIn(uow, target, period, { retry: true, isAsked: true });
      }
      return historyOf(uow.trx, clock.now(), workspaceId, id);
    },
  };
}

/**
 * What runs around the units of work: a created, edited, resumed or unskipped automation may be
 * due at once, and fires now through the scheduler (its own unit of work, acting for no user)
 * rather than at its next tick; a retry that fails again is stored as ERROR with the new error.
 */
function createOptions(deps: { db: Db; clock: Clock; scheduler: AutomationScheduler }): Options {
  const { db, clock, scheduler } = deps;
  const fireDue = async <T>({ workspaceId }: { workspaceId: string }, answer: T): Promise<T> => {
    await scheduler.runDue(workspaceId);
    return answer;
  };
  return {
    createAutomation: { afterCommit: fireDue },
    updateAutomation: { afterCommit: fireDue },
    resumeAutomation: { afterCommit: fireDue },
    unskipAutomationRun: {
      async afterCommit(input, history) {
        await fireDue(input, history);
        // Read again: a run due today was just made.
        return history.runs.some((run) => run.period === input.body.period)
          ? historyOf(db, clock.now(), input.workspaceId, input.params.id)
          : history;
      },
    },
    retryAutomationRun: {
      async onFailure(error, { workspaceId, params: { id }, body: { period } }) {
        if (error instanceof AppError) throw error;
        await scheduler.recordFailure({ id, workspace_id: workspaceId }, period, error);
        return historyOf(db, clock.now(), workspaceId, id);
      },
    },
  };
}

/** The automation commands and what the router runs around them. */
export function createAutomationCommands(deps: {
  db: Db;
  clock: Clock;
  policy: Policy;
  scheduler: AutomationScheduler;
}): { handlers: Handlers; options: Options } {
  return {
    handlers: { ...createRuleHandlers(deps.policy), ...createRunHandlers(deps) },
    options: createOptions(deps),
  };
}
