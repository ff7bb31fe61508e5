import {
  AUTOMATION_STATUS_ORDER,
  defaultAutomationName,
  type Automation,
  type AutomationStatusItem,
} from '@hustle/shared/automations';
import type { UndoableResponse } from '@hustle/shared/undo';
import type { Db } from '../../db/database.ts';
import type { AutomationsTable } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { SessionContext } from '../auth/auth.service.ts';
import type { Policy } from '../policy/policy.service.ts';
import type { WritePath } from '../workspaces/unit-of-work.ts';
import { captureRows, requireOwnWorkspace } from '../workspaces/workspaces.service.ts';
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
      const automation = await writes.run(session, async (uow) => {
        const { trx, now } = uow;
        await policy.requireAutomationRoom(trx, ws, await repo.countAutomations(trx, ws));
        const row: AutomationsTable = {
          id: newId(),
          workspace_id: ws,
          name: body.name ?? defaultAutomationName(body.dayOfMonth),
          day_of_month: body.dayOfMonth,
          task_name: body.taskName,
          created_at: now,
        };
        await repo.insertAutomation(trx, row);
        uow.changed([ws], 'automation', row.id);
        return toAutomation(row);
      });
      // An automation for today fires at once rather than at the scheduler's next tick.
      await scheduler.runDue(ws);
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
