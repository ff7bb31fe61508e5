import { hasReachedLimit } from '@hustle/shared/access';
import {
  AUTOMATION_STATUS_ORDER,
  defaultAutomationName,
  type Automation,
  type AutomationStatusItem,
} from '@hustle/shared/automations';
import type { Db } from '../../db/database.ts';
import type { AutomationsTable } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { SessionContext } from '../auth/auth.service.ts';
import type { PlanService } from '../billing/plan.service.ts';
import { requireOwnWorkspace } from '../workspaces/require-workspace.ts';
import type { AutomationScheduler } from './automation-scheduler.ts';
import { monthStatus, periodsAround, thisMonthsRun } from './automation-schedule.ts';
import * as repo from './automations.repository.ts';

const toAutomation = (row: AutomationsTable): Automation => ({
  id: row.id,
  name: row.name,
  trigger: { frequency: 'MONTHLY', dayOfMonth: row.day_of_month },
  steps: [{ type: 'TASK', payload: { taskName: row.task_name } }],
  status: 'ON',
  createdAt: row.created_at,
});

export function createAutomationsService(deps: {
  db: Db;
  clock: Clock;
  plans: PlanService;
  scheduler: AutomationScheduler;
}) {
  const { db, clock, plans, scheduler } = deps;

  return {
    async list(session: SessionContext): Promise<Automation[]> {
      return (await repo.listAutomations(db, session.workspaceId)).map(toAutomation);
    },

    async create(
      session: SessionContext,
      body: {
        workspaceId: string;
        name?: string | undefined;
        dayOfMonth: number;
        taskName: string;
      },
    ): Promise<Automation> {
      const ws = requireOwnWorkspace(session, body.workspaceId);
      const row = await db.transaction().execute(async (trx) => {
        const { automationsLimit } = await plans.accessOfWorkspace(trx, ws);
        if (hasReachedLimit(automationsLimit, await repo.countAutomations(trx, ws))) {
          throw new AppError(
            409,
            'AUTOMATION_LIMIT_REACHED',
            `Your plan allows ${automationsLimit} automations. Upgrade to Premium for unlimited automations.`,
          );
        }
        const automation: AutomationsTable = {
          id: newId(),
          workspace_id: ws,
          name: body.name ?? defaultAutomationName(body.dayOfMonth),
          day_of_month: body.dayOfMonth,
          task_name: body.taskName,
          created_at: clock.now().toISOString(),
        };
        await repo.insertAutomation(trx, automation);
        return automation;
      });
      // An automation for today fires at once rather than at the scheduler's next tick.
      await scheduler.runDue(ws);
      return toAutomation(row);
    },

    /** Stops future runs; tasks it already made stay (ARCHITECTURE §5). */
    async remove(session: SessionContext, automationId: string) {
      if (!(await repo.findAutomation(db, automationId, session.workspaceId)))
        throw notFound('Automation');
      await repo.deleteAutomation(db, automationId);
    },

    /** This month's status of each automation, most urgent first. */
    async statuses(session: SessionContext): Promise<AutomationStatusItem[]> {
      await scheduler.runDue(session.workspaceId);
      const now = clock.now();
      const automations = await repo.automationsWithRuns(
        db,
        periodsAround(now),
        session.workspaceId,
      );
      return automations
        .map((automation) => {
          const { period, isDue } = thisMonthsRun(automation, now);
          const run = automation.runs.find((candidate) => candidate.period === period);
          return {
            id: automation.id,
            name: automation.name,
            period,
            status: monthStatus(run, isDue),
          };
        })
        .sort((a, b) => AUTOMATION_STATUS_ORDER[a.status] - AUTOMATION_STATUS_ORDER[b.status]);
    },
  };
}

export type AutomationsService = ReturnType<typeof createAutomationsService>;
