import { FREE_ACCESS } from '@hustle/shared/access';
import { BILLING_PERIODS, type BillingPeriod, type PlanResponse } from '@hustle/shared/plans';

export const PLAN_NAMES = { FREE: 'Free', PREMIUM: 'Premium' } as const;

/** spec §9: the annual price saves 20% on the quarterly one. */
export const ANNUAL_SAVING_PERCENT = Math.round(
  (1 - BILLING_PERIODS.year.monthlyPrice / BILLING_PERIODS.quarter.monthlyPrice) * 100,
);

export interface PremiumPrice {
  /** Dollars a month, as the card shows it (spec §2: 5$ or 4$). */
  monthly: number;
  /** Dollars charged at checkout for the whole period. */
  total: number;
  /** What the billing line under the price says. */
  billing: string;
  /** 'Saving 20%' on the annual toggle only (spec §2); null otherwise. */
  saving: string | null;
}

export function premiumPrice(period: BillingPeriod): PremiumPrice {
  const { months, monthlyPrice } = BILLING_PERIODS[period];
  const total = months * monthlyPrice;
  return period === 'year'
    ? {
        monthly: monthlyPrice,
        total,
        billing: `${total}$ billed once a year`,
        saving: `Saving ${ANNUAL_SAVING_PERCENT}%`,
      }
    : {
        monthly: monthlyPrice,
        total,
        billing: `${total}$ billed every ${months} months`,
        saving: null,
      };
}

/**
 * spec §2 'Valid unitl': the trial's end on a trial, otherwise the expiration date; a plan that
 * no longer runs (Free, expired) has no such date.
 */
export function validUntil(plan: PlanResponse): string | null {
  if (plan.plan !== 'PREMIUM') return null;
  return plan.isTrial ? plan.trialEndDate : plan.expirationDate;
}

/** When a Premium plan (paid or trial) ran out, the day it did; null for anyone else. */
export function endedOn(plan: PlanResponse): string | null {
  if (plan.plan !== 'FREE' || !plan.isExpired) return null;
  return plan.expirationDate ?? plan.trialEndDate;
}

/** The trial's countdown, e.g. '3 days left in your trial'; null when not on a trial. */
export function trialDaysLeftText(plan: PlanResponse): string | null {
  if (!plan.isTrial || plan.trialDaysLeft === null) return null;
  const days = plan.trialDaysLeft;
  return `${days} ${days === 1 ? 'day' : 'days'} left in your trial`;
}

const BILLED: Record<BillingPeriod, string> = { quarter: 'quarterly', year: 'annually' };

/** How a running paid subscription goes on: renewal and period, or its end when canceled. */
export function renewalText(plan: PlanResponse): string | null {
  if (plan.plan !== 'PREMIUM' || plan.isTrial || !plan.period) return null;
  if (plan.cancelAtPeriodEnd) return 'Canceled: you move to Free, data kept, when it ends.';
  const billed = `Billed ${BILLED[plan.period]}`;
  return plan.nextPeriod
    ? `${billed}; billed ${BILLED[plan.nextPeriod]} from the renewal.`
    : `${billed}, renews automatically.`;
}

/**
 * A trial user keeps the rest of the trial: the paid period starts when it ends (issue 28).
 * The server holds to it whenever more than the 48 hours Stripe needs are left; closer to the
 * end nothing is promised here.
 */
export function paidPeriodStartDate(plan: PlanResponse): string | null {
  if (!plan.isTrial || plan.trialDaysLeft === null || plan.trialDaysLeft <= 2) return null;
  return plan.trialEndDate;
}

/** spec §2: 'Upgrade to Premium' is offered to Free and trial users. */
export const canUpgrade = (plan: PlanResponse): boolean => plan.plan === 'FREE' || plan.isTrial;

/** Why the user was sent here from a gate in the app (issue 7: "with a short reason"). */
const GATE_REASONS: Record<string, string> = {
  projects: `Your Free plan allows ${FREE_ACCESS.projectsLimit} projects. Premium has no limit.`,
  automations: `Your Free plan allows ${FREE_ACCESS.automationsLimit} automations. Premium has no limit.`,
  archives: 'Archived projects stay safe, and Premium lets you open and bring them back.',
  sharing: 'Sharing projects with others is part of Premium.',
};

export type Notice = { tone: 'warning' | 'info'; title: string | null; text: string };

export function noticeFor(reason: string | null): Notice | null {
  if (!reason) return null;
  if (reason === 'cancel') {
    return {
      tone: 'warning',
      title: 'Payment canceled!',
      text: 'Nothing was charged. You can upgrade whenever you like.',
    };
  }
  const text = GATE_REASONS[reason];
  return text ? { tone: 'info', title: null, text } : null;
}
