import { z } from 'zod';
import { FREE_ACCESS, PREMIUM_ACCESS, type Access } from './access.ts';

export const PLANS = ['FREE', 'PREMIUM'] as const;
export type Plan = (typeof PLANS)[number];

const PeriodSchema = z.enum(['quarter', 'year']);

/**
 * spec §6 plan fields, plus what managing a subscription needs (decision 023). trialEndDate is
 * set only while the account is on its trial (running or lapsed), never next to a paid period.
 */
export const PlanResponseSchema = z.object({
  plan: z.enum(PLANS),
  isExpired: z.boolean(),
  expirationDate: z.string().nullable(),
  isTrial: z.boolean(),
  trialEndDate: z.string().nullable(),
  /** Whole days left in a running trial, counting a started day as one; null otherwise. */
  trialDaysLeft: z.number().int().nonnegative().nullable(),
  /** The period billed now; null before the first payment. */
  period: PeriodSchema.nullable(),
  /** A switch of period waiting for the renewal. */
  nextPeriod: PeriodSchema.nullable(),
  /** The next charge, when a paid period runs and is not canceled. */
  renewsOn: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** A renewal charge failed; Premium holds until the period ends while it is retried. */
  paymentFailed: z.boolean(),
  /** Whether there is a subscription to manage (the customer portal). */
  canManage: z.boolean(),
});
export type PlanResponse = z.infer<typeof PlanResponseSchema>;

/** The plan answer of an account that never subscribed. */
export const FREE_PLAN_ANSWER: PlanResponse = {
  plan: 'FREE',
  isExpired: false,
  expirationDate: null,
  isTrial: false,
  trialEndDate: null,
  trialDaysLeft: null,
  period: null,
  nextPeriod: null,
  renewsOn: null,
  cancelAtPeriodEnd: false,
  paymentFailed: false,
  canManage: false,
};

/** The one place a plan turns into access flags (ARCHITECTURE §5). */
export const accessForPlan = (plan: Plan): Access =>
  plan === 'PREMIUM' ? PREMIUM_ACCESS : FREE_ACCESS;

/** spec §9 prices: 5$ a month billed quarterly, 4$ a month billed annually (20% saved). */
export const BILLING_PERIODS = {
  quarter: { months: 3, monthlyPrice: 5 },
  year: { months: 12, monthlyPrice: 4 },
} as const;
export type BillingPeriod = keyof typeof BILLING_PERIODS;

export const PurchaseBodySchema = z.object({ period: PeriodSchema }).strict();

export const PurchaseResponseSchema = z.object({ redirectUrl: z.string() });
export type PurchaseResponse = z.infer<typeof PurchaseResponseSchema>;
