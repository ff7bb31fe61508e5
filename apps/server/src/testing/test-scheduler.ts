import pino from 'pino';
import type { DatabaseHandle } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';
import { createAutomationScheduler } from '../modules/automations/automation-scheduler.ts';
import { createPlanService } from '../modules/billing/plan.service.ts';
import { createPolicy } from '../modules/policy/policy.service.ts';
import { createWritePath } from '../modules/workspaces/unit-of-work.ts';
import { policyCounts } from '../policy-counts.ts';

/** The scheduler as the app wires it, on a database of the test's own, without a timer. */
export function createTestScheduler(
  database: Pick<DatabaseHandle, 'db' | 'dialect'>,
  clock: Clock,
) {
  const plans = createPlanService({ db: database.db, clock, trialDays: 14 });
  return createAutomationScheduler({
    db: database.db,
    writes: createWritePath({ database, clock }),
    policy: createPolicy({ plans, counts: policyCounts }),
    clock,
    log: pino({ level: 'silent' }),
    intervalMs: 0,
  });
}
