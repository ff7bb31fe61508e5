import { z } from 'zod';
import type { AdminUser } from '@hustle/shared/admin';
import { FEATURE_FLAGS, type FeatureFlag } from '@hustle/shared/constants';
import type { Clock } from '../../lib/clock.ts';
import { planAt } from '../billing/plan.service.ts';
import type { AccountRow } from './admin.repository.ts';

const StoredFlagsSchema = z.array(z.enum(FEATURE_FLAGS));

/** A stored list of features; anything unreadable follows the server's setting. */
export function storedFlags(value: string | null): FeatureFlag[] | null {
  if (value === null) return null;
  try {
    const parsed = StoredFlagsSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Features as stored: in the contract's order, whatever order they were given in. */
export const flagsToStore = (flags: readonly FeatureFlag[] | null): string | null =>
  flags === null ? null : JSON.stringify(FEATURE_FLAGS.filter((flag) => flags.includes(flag)));

/** The account's plan row, from the left join (no row: never had one, Free). */
function subscriptionOf(row: AccountRow) {
  if (row.plan === null) return undefined;
  return {
    plan: row.plan,
    is_trial: row.is_trial ?? 0,
    trial_end_date: row.trial_end_date,
    expiration_date: row.expiration_date,
    billing_period: row.billing_period,
    next_period: row.next_period,
    cancel_at_period_end: row.cancel_at_period_end ?? 0,
    payment_failed: row.payment_failed ?? 0,
    provider_customer_id: row.provider_customer_id,
  };
}

/** Who is an admin, what an account gets, and an account as the admin page shows it. */
export function createAccountView(deps: {
  clock: Clock;
  adminEmails: readonly string[];
  /** The server's FEATURE_FLAGS: what an account without its own setting gets. */
  defaultFeatureFlags: readonly FeatureFlag[];
}) {
  const isAdmin = (email: string) => deps.adminEmails.includes(email);
  const effective = (own: FeatureFlag[] | null) => [...(own ?? deps.defaultFeatureFlags)];
  return {
    isAdmin,
    effective,
    viewOf(row: AccountRow): AdminUser {
      const plan = planAt(subscriptionOf(row), deps.clock.now());
      const own = storedFlags(row.feature_flags);
      return {
        id: row.id,
        email: row.email,
        plan: plan.plan,
        isTrial: plan.isTrial,
        createdAt: row.created_at,
        lastSeenAt: row.last_seen_at ?? null,
        tasks: Number(row.tasks),
        disabledAt: row.disabled_at,
        featureFlags: own,
        effectiveFeatureFlags: effective(own),
        isAdmin: isAdmin(row.email),
      };
    },
  };
}

export type AccountView = ReturnType<typeof createAccountView>;
