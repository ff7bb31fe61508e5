import { accessForPlan, type PlanResponse } from '@hustle/shared/plans';
import type { Access } from '@hustle/shared/access';
import type { Db } from '../../db/database.ts';
import { addDays, type Clock } from '../../lib/clock.ts';
import type { SubscriptionsTable } from '../../db/schema.ts';
import * as repo from './billing.repository.ts';

type PlanFields = Pick<
  SubscriptionsTable,
  'plan' | 'is_trial' | 'trial_end_date' | 'expiration_date'
>;

/**
 * ARCHITECTURE §5: Premium while a trial or paid period runs, Free afterwards, data kept.
 * The stored row says what was bought; the clock decides whether it still holds.
 */
export function planAt(row: PlanFields | undefined, now: Date): PlanResponse {
  const nowIso = now.toISOString();
  if (!row) {
    return {
      plan: 'FREE',
      isExpired: false,
      expirationDate: null,
      isTrial: false,
      trialEndDate: null,
    };
  }
  const isTrial = row.plan === 'PREMIUM' && row.is_trial === 1;
  const endsAt = isTrial ? row.trial_end_date : row.expiration_date;
  const isActivePremium = row.plan === 'PREMIUM' && endsAt !== null && endsAt > nowIso;
  return {
    plan: isActivePremium ? 'PREMIUM' : 'FREE',
    isExpired: row.plan === 'PREMIUM' && !isActivePremium,
    expirationDate: row.expiration_date,
    isTrial: isTrial && isActivePremium,
    trialEndDate: row.trial_end_date,
  };
}

export function createPlanService(deps: { db: Db; clock: Clock; trialDays: number }) {
  const { db, clock } = deps;
  return {
    /** Every new account starts on a Premium trial (ARCHITECTURE §5). */
    async startTrial(trx: Db, userId: string): Promise<void> {
      const now = clock.now();
      const hasTrial = deps.trialDays > 0;
      await repo.insertSubscription(trx, {
        user_id: userId,
        plan: hasTrial ? 'PREMIUM' : 'FREE',
        is_trial: hasTrial ? 1 : 0,
        trial_end_date: hasTrial ? addDays(now, deps.trialDays).toISOString() : null,
        expiration_date: null,
        provider_customer_id: null,
        provider_subscription_id: null,
        provider_state_at: null,
        updated_at: now.toISOString(),
      });
    },

    async planOfUser(userId: string): Promise<PlanResponse> {
      return planAt(await repo.findSubscription(db, userId), clock.now());
    },

    /** The access flags of a workspace come from its owner's plan. */
    async accessOfWorkspace(trx: Db, workspaceId: string): Promise<Access> {
      const row = await repo.findSubscriptionByWorkspace(trx, workspaceId);
      const fields = row?.plan ? (row as PlanFields) : undefined;
      return accessForPlan(planAt(fields, clock.now()).plan);
    },
  };
}

export type PlanService = ReturnType<typeof createPlanService>;
