import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Policy } from '../policy/policy.service.ts';
import { addTask } from '../tasks/tasks.service.ts';
import type { UnitOfWork, WritePath } from '../workspaces/unit-of-work.ts';
import { findMembership } from '../workspaces/workspaces.service.ts';
import * as repo from './automations.repository.ts';
import { currentRun, periodsSince } from './automation-schedule.ts';

type Firing = { id: string; workspace_id: string };
type SchedulerObserver = {
  run(outcome: 'created' | 'failed'): void;
  tick(outcome: 'ok' | 'failed', lagSeconds: number, seconds: number): void;
};
type FireOptions = { retry: boolean; isAsked: boolean };

/**
 * Claims the period's run and makes its task, in the caller's unit of work. `retry` takes over
 * a failed run instead of claiming a new one. Unless `isAsked` (a person retrying it), the
 * automation is read again under the workspace's lock, so a pause, an edit or a delete that
 * committed since the tick read it wins: no run for a paused or changed schedule.
 */
async function fireIn(
  policy: Policy,
  uow: UnitOfWork,
  automation: Firing,
  period: string,
  { retry, isAsked }: FireOptions,
): Promise<boolean> {
  const { trx, now } = uow;
  const fresh = await repo.findScheduledAutomation(trx, automation.id, automation.workspace_id);
  if (!fresh) return false;
  if (!isAsked) {
    const current = currentRun(fresh, new Date(now));
    if (!current.isDue || current.period !== period) return false;
  }
  const claimed = retry
    ? await repo.reclaimFailedRun(trx, automation.id, period)
    : await repo.claimRun(trx, {
        automation_id: automation.id,
        period,
        status: 'CREATED',
        created_at: now,
      });
  if (!claimed) return false;
  const task = await addTask(uow, policy, {
    home: await homeOf(trx, automation.workspace_id, fresh.project_id),
    name: fresh.task_name,
    automationId: automation.id,
    plannedIn: automation.workspace_id,
  });
  await repo.setRunTask(trx, automation.id, period, task.id);
  uow.happened({ entity: 'run', id: task.id, what: 'made' });
  uow.changed([automation.workspace_id], 'automation', automation.id);
  return true;
}

/**
 * Where a run's task goes: the automation's project while the workspace shows it and it is not
 * archived; else the inbox, so a project archived or left since never fails a run (decision 063).
 */
async function homeOf(trx: Db, workspaceId: string, projectId: string | null) {
  const project = projectId ? await findMembership(trx, workspaceId, projectId) : undefined;
  return projectId && project && !project.archived_at ? { projectId } : { workspaceId };
}

/**
 * Runs `pass` every `intervalMs`, never two at once, and reports each pass: how late it started
 * (a pass is due an interval after the timer last fired; one skipped while the last pass still
 * ran stays due, so a slow pass shows as lag of the next) and how long it took.
 */
function createTicker(deps: {
  intervalMs: number;
  pass: () => Promise<number>;
  log: FastifyBaseLogger;
  observe?: SchedulerObserver | undefined;
}) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  /** Starts a pass due at `dueAt` (ms since the epoch) unless one runs; whether it started. */
  function tick(dueAt: number): boolean {
    if (running) return false;
    const started = Date.now();
    const report = (outcome: 'ok' | 'failed') =>
      deps.observe?.tick(
        outcome,
        Math.max(0, started - dueAt) / 1000,
        (Date.now() - started) / 1000,
      );
    running = deps
      .pass()
      .then((fired) => {
        report('ok');
        return fired;
      })
      .catch((error: unknown) => {
        report('failed');
        deps.log.error({ err: error }, 'automation scheduler tick failed');
        return 0;
      })
      .finally(() => {
        running = undefined;
      });
    return true;
  }

  return {
    start() {
      if (deps.intervalMs <= 0 || timer) return;
      tick(Date.now());
      let lastFired = Date.now();
      let dueSince: number | undefined;
      timer = setInterval(() => {
        const now = Date.now();
        dueSince ??= Math.min(now, lastFired + deps.intervalMs);
        lastFired = now;
        if (tick(dueSince)) dueSince = undefined;
      }, deps.intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}

/**
 * Fires due automations: each firing makes one PLANNED task in the owner's workspace. Several
 * processes may run this at once: the run's unique key (automation, period) lets exactly one of
 * them create the task. It catches up when started, so a run missed while the server was down
 * still happens while its period lasts.
 */
export function createAutomationScheduler(deps: {
  db: Db;
  writes: WritePath;
  policy: Policy;
  clock: Clock;
  log: FastifyBaseLogger;
  intervalMs: number;
  /** Told of each run the scheduler fired or failed, and of each pass (metrics). */
  observe?: SchedulerObserver;
}) {
  const { db, writes, policy, clock, log } = deps;

  /** Stores a failed firing as ERROR, to be retried while its period lasts (decision 005). */
  async function recordFailure(automation: Firing, period: string, error: unknown) {
    log.error({ err: error, automationId: automation.id, period }, 'automation run failed');
    await writes
      .run({ workspaceId: automation.workspace_id }, async (uow) => {
        await repo.recordRunError(uow.trx, automation.id, period, String(error), uow.now);
        uow.changed([automation.workspace_id], 'automation', automation.id);
      })
      .catch(() => undefined);
  }

  async function fire(automation: Firing, period: string, retry: boolean) {
    try {
      return await writes.run({ workspaceId: automation.workspace_id }, (uow) =>
        fireIn(policy, uow, automation, period, { retry, isAsked: false }),
      );
    } catch (error) {
      deps.observe?.run('failed');
      await recordFailure(automation, period, error);
      return false;
    }
  }

  async function runDue(workspaceId?: string): Promise<number> {
    const now = clock.now();
    const automations = await repo.automationsWithRuns(db, periodsSince(now), workspaceId);
    let fired = 0;
    for (const automation of automations) {
      const { period, isDue } = currentRun(automation, now);
      const run = automation.runs.find((candidate) => candidate.period === period);
      if (!isDue || (run && run.status !== 'ERROR')) continue;
      if (await fire(automation, period, run?.status === 'ERROR')) {
        fired += 1;
        deps.observe?.run('created');
      }
    }
    return fired;
  }

  const ticker = createTicker({ ...deps, pass: () => runDue() });
  return {
    /** Fires what is due now (for one workspace, or all); returns how many tasks were made. */
    runDue,
    /** Fires a run in the caller's unit of work (see `fireIn`): a person retrying a failed one. */
    fireIn: (uow: UnitOfWork, automation: Firing, period: string, how: FireOptions) =>
      fireIn(policy, uow, automation, period, how),
    recordFailure,

    start: () => ticker.start(),
    stop: () => ticker.stop(),
  };
}

export type AutomationScheduler = ReturnType<typeof createAutomationScheduler>;
