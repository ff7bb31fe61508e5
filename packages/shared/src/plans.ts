import { z } from 'zod';
import { FREE_ACCESS, PREMIUM_ACCESS, type Access } from './access.ts';

export const PLANS = ['FREE', 'PREMIUM'] as const;
export type Plan = (typeof PLANS)[number];

export const PlanResponseSchema = z.object({
  plan: z.enum(PLANS),
  isExpired: z.boolean(),
  expirationDate: z.string().nullable(),
  isTrial: z.boolean(),
  trialEndDate: z.string().nullable(),
});
export type PlanResponse = z.infer<typeof PlanResponseSchema>;

/** The one place a plan turns into access flags (ARCHITECTURE §5). */
export const accessForPlan = (plan: Plan): Access =>
  plan === 'PREMIUM' ? PREMIUM_ACCESS : FREE_ACCESS;

/** spec §9 prices: 5$ a month billed quarterly, 4$ a month billed annually (20% saved). */
export const BILLING_PERIODS = {
  quarter: { months: 3, monthlyPrice: 5 },
  year: { months: 12, monthlyPrice: 4 },
} as const;
export type BillingPeriod = keyof typeof BILLING_PERIODS;

export const PurchaseBodySchema = z.object({ period: z.enum(['quarter', 'year']) }).strict();

export const PurchaseResponseSchema = z.object({ redirectUrl: z.string() });
export type PurchaseResponse = z.infer<typeof PurchaseResponseSchema>;
