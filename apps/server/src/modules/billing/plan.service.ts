import {
  accessForPlan,
  FREE_PLAN_ANSWER,
  type Plan,
  type PlanResponse,
} from '@hustle/shared/plans';
import type { Access } from '@hustle/shared/access';
import type { Db } from '../../db/database.ts';
import { addDays, type Clock } from '../../lib/clock.ts';
import type { SubscriptionsTable } from '../../db/schema.ts';
import * as repo from './billing.repository.ts';

type AccessFields = Pick<
  SubscriptionsTable,
  'plan' | 'is_trial' | 'trial_end_date' | 'expiration_date'
>;
type PlanFields = AccessFields &
  Pick<
    SubscriptionsTable,
    | 'billing_period'
    | 'next_period'
    | 'cancel_at_period_end'
    | 'payment_failed'
    | 'provider_customer_id'
  >;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * ARCHITECTURE §5: Premium while a trial or paid period runs, Free afterwards, data kept.
 * The stored row says what was bought; the clock decides whether it still holds.
 */
function premiumAt(row: AccessFields | undefined, now: Date): Plan {
  if (!row) return 'FREE';
  const endsAt = row.is_trial === 1 ? row.trial_end_date : row.expiration_date;
  return row.plan === 'PREMIUM' && endsAt !== null && endsAt > now.toISOString()
    ? 'PREMIUM'
    : 'FREE';
}

export function planAt(row: PlanFields | undefined, now: Date): PlanResponse {
  if (!row) return { ...FREE_PLAN_ANSWER };
  const isTrial = row.plan === 'PREMIUM' && row.is_trial === 1;
  const isActivePremium = premiumAt(row, now) === 'PREMIUM';
  const isPaidPeriod = isActivePremium && !isTrial;
  const cancelAtPeriodEnd = isPaidPeriod && row.cancel_at_period_end === 1;
  return {
    plan: isActivePremium ? 'PREMIUM' : 'FREE',
    isExpired: row.plan === 'PREMIUM' && !isActivePremium,
    expirationDate: row.expiration_date,
    isTrial: isTrial && isActivePremium,
    // A purchase ends the trial, so its date goes with it (decision 023).
    trialEndDate: isTrial ? row.trial_end_date : null,
    trialDaysLeft:
      isTrial && isActivePremium
        ? Math.ceil((Date.parse(row.trial_end_date!) - now.getTime()) / DAY_MS)
        : null,
    period: row.billing_period,
    nextPeriod: isPaidPeriod && !cancelAtPeriodEnd ? row.next_period : null,
    renewsOn: isPaidPeriod && !cancelAtPeriodEnd ? row.expiration_date : null,
    cancelAtPeriodEnd,
    paymentFailed: isPaidPeriod && row.payment_failed === 1,
    canManage: row.billing_period !== null || row.provider_customer_id !== null,
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
        billing_period: null,
        next_period: null,
        cancel_at_period_end: 0,
        payment_failed: 0,
      });
    },

    async planOfUser(userId: string): Promise<PlanResponse> {
      return planAt(await repo.findSubscription(db, userId), clock.now());
    },

    /** The access flags of a workspace come from its owner's plan. */
    async accessOfWorkspace(trx: Db, workspaceId: string): Promise<Access> {
      const row = await repo.findSubscriptionByWorkspace(trx, workspaceId);
      return accessForPlan(premiumAt(row?.plan ? (row as AccessFields) : undefined, clock.now()));
    },
  };
}

export type PlanService = ReturnType<typeof createPlanService>;
