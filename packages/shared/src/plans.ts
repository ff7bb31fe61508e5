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
