import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Policy } from '../policy/policy.service.ts';
import { addTask } from '../tasks/tasks.service.ts';
import type { WritePath } from '../workspaces/unit-of-work.ts';
import * as repo from './automations.repository.ts';
import { periodsAround, thisMonthsRun } from './automation-schedule.ts';

/**
 * Fires due automations: each firing makes one PLANNED task in the owner's workspace. Several
 * processes may run this at once: the run's unique key lets exactly one of them create the task.
 * It catches up when started, so a run missed while the server was down still happens that month.
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

  async function fire(
    automation: { id: string; workspace_id: string; task_name: string },
    period: string,
    retry: boolean,
  ) {
    const actor = { workspaceId: automation.workspace_id };
    try {
      return await writes.run(actor, async (uow) => {
        const { trx, now } = uow;
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
          name: automation.task_name,
          automationId: automation.id,
          plannedIn: automation.workspace_id,
        });
        await repo.setRunTask(trx, automation.id, period, task.id);
        uow.changed([automation.workspace_id], 'automation', automation.id);
        return true;
      });
    } catch (error) {
      log.error({ err: error, automationId: automation.id, period }, 'automation run failed');
      await writes
        .run(actor, async (uow) => {
          await repo.recordRunError(uow.trx, automation.id, period, String(error), uow.now);
          uow.changed([automation.workspace_id], 'automation', automation.id);
        })
        .catch(() => undefined);
      return false;
    }
  }

  async function runDue(workspaceId?: string): Promise<number> {
    const now = clock.now();
    const automations = await repo.automationsWithRuns(db, periodsAround(now), workspaceId);
    let fired = 0;
    for (const automation of automations) {
      const { period, isDue } = thisMonthsRun(automation, now);
      const run = automation.runs.find((candidate) => candidate.period === period);
      if (!isDue || run?.status === 'CREATED') continue;
      if (await fire(automation, period, run?.status === 'ERROR')) fired += 1;
    }
    return fired;
  }

  return {
    /** Fires what is due now (for one workspace, or all); returns how many tasks were made. */
    runDue,

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
