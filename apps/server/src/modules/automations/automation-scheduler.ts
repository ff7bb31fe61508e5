import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Policy } from '../policy/policy.service.ts';
import { addTask } from '../tasks/tasks.service.ts';
import type { UnitOfWork, WritePath } from '../workspaces/unit-of-work.ts';
import * as repo from './automations.repository.ts';
import { currentRun, periodsSince } from './automation-schedule.ts';

type Firing = { id: string; workspace_id: string };
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
    home: { workspaceId: automation.workspace_id },
    name: fresh.task_name,
    automationId: automation.id,
    plannedIn: automation.workspace_id,
  });
  await repo.setRunTask(trx, automation.id, period, task.id);
  uow.changed([automation.workspace_id], 'automation', automation.id);
  return true;
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
}) {
  const { db, writes, policy, clock, log } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

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
      if (await fire(automation, period, run?.status === 'ERROR')) fired += 1;
    }
    return fired;
  }

  return {
    /** Fires what is due now (for one workspace, or all); returns how many tasks were made. */
    runDue,
    /** Fires a run in the caller's unit of work (see `fireIn`): a person retrying a failed one. */
    fireIn: (uow: UnitOfWork, automation: Firing, period: string, how: FireOptions) =>
      fireIn(policy, uow, automation, period, how),
    recordFailure,

    start() {
      if (deps.intervalMs <= 0 || timer) return;
      const tick = () => {
        running ??= runDue()
          .catch((error: unknown) => {
            log.error({ err: error }, 'automation scheduler tick failed');
            return 0;
          })
          .finally(() => {
            running = undefined;
          });
      };
      tick();
      timer = setInterval(tick, deps.intervalMs);
      timer.unref();
    },

    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}

export type AutomationScheduler = ReturnType<typeof createAutomationScheduler>;
