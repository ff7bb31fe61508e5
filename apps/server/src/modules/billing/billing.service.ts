import type Stripe from 'stripe';
import { addMonths } from '@hustle/shared/dates';
import { BILLING_PERIODS, type BillingPeriod, type PurchaseResponse } from '@hustle/shared/plans';
import type { Db } from '../../db/database.ts';
import type { SubscriptionsTable } from '../../db/schema.ts';
import { addMinutes, type Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { newSecretToken } from '../../lib/tokens.ts';
import type { SessionContext } from '../auth/auth.service.ts';
import * as repo from './billing.repository.ts';
import { planAt } from './plan.service.ts';
import type { ProviderSubscription, StripeGateway } from './payment-gateway.ts';

/** Where the hosted checkout sends the browser back (spec §2 subscription screens). */
export const CHECKOUT_RETURN = {
  success: '/subscription/success',
  cancel: '/subscription?reason=cancel',
} as const;

/** Where the customer portal's "return" link leads. */
const PORTAL_RETURN = '/subscription';

const SANDBOX_CHECKOUT_MINUTES = 60;

type SandboxPortalAction = 'cancel' | 'resume' | 'switch';

/**
 * Stripe Checkout takes a trial end only at least 48 hours ahead (`subscription_data.trial_end`);
 * a trial closer to its end than this is paid from the purchase.
 */
const STRIPE_MIN_TRIAL_HOURS = 48;

/**
 * When a paid period bought now starts (issue 28): at the end of a running paid period (a
 * renewal in the sandbox), else at the end of a running trial, so what is left of the trial is
 * not lost; else now.
 */
function paidPeriodStart(
  subscription:
    | Pick<SubscriptionsTable, 'plan' | 'is_trial' | 'trial_end_date' | 'expiration_date'>
    | undefined,
  now: string,
): string {
  if (subscription?.plan !== 'PREMIUM') return now;
  const end =
    subscription.is_trial === 1 ? subscription.trial_end_date : subscription.expiration_date;
  return end && end > now ? end : now;
}

const otherPeriod = (period: BillingPeriod): BillingPeriod =>
  period === 'year' ? 'quarter' : 'year';

const nothingToManage = () =>
  new AppError('CONFLICT', 'There is no subscription to manage yet: buy Premium first.');

type BillingDeps = {
  db: Db;
  clock: Clock;
  appUrl: string;
  stripe: StripeGateway | undefined;
};

/** Buying Premium: the provider's hosted checkout, or the sandbox's. */
function createCheckouts(deps: BillingDeps) {
  const { db, clock, stripe } = deps;
  const now = () => clock.now().toISOString();
  return {
    async purchase(session: SessionContext, period: BillingPeriod): Promise<PurchaseResponse> {
      const subscription = await repo.findSubscription(db, session.userId);
      if (stripe) {
        const trialEnd = subscription?.is_trial === 1 ? paidPeriodStart(subscription, now()) : null;
        const isTrialLongEnough =
          trialEnd !== null &&
          Date.parse(trialEnd) - clock.now().getTime() >= STRIPE_MIN_TRIAL_HOURS * 3_600_000;
        const redirectUrl = await stripe.createCheckout({
          userId: session.userId,
          email: session.email,
          customerId: subscription?.provider_customer_id ?? null,
          period,
          // Stripe bills the first period when the trial ends, and the subscription runs from then.
          trialEnd: isTrialLongEnough ? trialEnd : null,
          successUrl: `${deps.appUrl}${CHECKOUT_RETURN.success}`,
          cancelUrl: `${deps.appUrl}${CHECKOUT_RETURN.cancel}`,
        });
        return { redirectUrl };
      }
      const id = newSecretToken(24);
      await repo.insertSandboxCheckout(db, {
        id,
        user_id: session.userId,
        period,
        created_at: now(),
        expires_at: addMinutes(clock.now(), SANDBOX_CHECKOUT_MINUTES).toISOString(),
      });
      return { redirectUrl: `/billing/sandbox-checkout/${id}` };
    },

    async sandboxCheckout(id: string) {
      const checkout = await repo.findSandboxCheckout(db, id);
      if (!checkout || checkout.completed_at || checkout.expires_at <= now()) return undefined;
      const user = await repo.findUserEmail(db, checkout.user_id);
      return { id, period: checkout.period, email: user?.email ?? '' };
    },

    /**
     * The sandbox's Pay / Cancel: Pay extends Premium by the period, from the end of the paid
     * period or trial still running, else from today.
     */
    async finishSandboxCheckout(id: string, outcome: 'pay' | 'cancel'): Promise<string> {
      return db.transaction().execute(async (trx) => {
        const checkout = await repo.findSandboxCheckout(trx, id);
        if (!checkout || checkout.expires_at <= now()) throw notFound('Checkout');
        if (!(await repo.completeSandboxCheckout(trx, id, outcome, now()))) {
          return CHECKOUT_RETURN.success;
        }
        if (outcome === 'cancel') return CHECKOUT_RETURN.cancel;
        const current = await repo.findSubscription(trx, checkout.user_id);
        const startsAt = paidPeriodStart(current, now());
        await repo.updateSubscription(trx, checkout.user_id, {
          plan: 'PREMIUM',
          is_trial: 0,
          expiration_date: addMonths(startsAt, BILLING_PERIODS[checkout.period].months),
          provider_state_at: now(),
          updated_at: now(),
          billing_period: checkout.period,
          next_period: null,
          cancel_at_period_end: 0,
          payment_failed: 0,
        });
        return CHECKOUT_RETURN.success;
      });
    },
  };
}

/** Managing a subscription: the provider's customer portal, or the sandbox's. */
function createPortals(deps: BillingDeps) {
  const { db, clock, stripe } = deps;
  const now = () => clock.now().toISOString();

  /** A live sandbox portal session's user, or undefined when it is over or unknown. */
  async function sandboxPortalUser(trx: Db, id: string): Promise<string | undefined> {
    const portal = await repo.findSandboxPortalSession(trx, id);
    return portal && portal.expires_at > now() ? portal.user_id : undefined;
  }

  return {
    /** Stripe's Customer Portal, or the sandbox one; only once something was bought. */
    async openPortal(session: SessionContext): Promise<PurchaseResponse> {
      const subscription = await repo.findSubscription(db, session.userId);
      const returnUrl = `${deps.appUrl}${PORTAL_RETURN}`;
      if (stripe) {
        if (!subscription?.provider_customer_id) throw nothingToManage();
        return {
          redirectUrl: await stripe.createPortal({
            customerId: subscription.provider_customer_id,
            returnUrl,
          }),
        };
      }
      if (!subscription?.billing_period) throw nothingToManage();
      const id = newSecretToken(24);
      await repo.insertSandboxPortalSession(db, {
        id,
        user_id: session.userId,
        created_at: now(),
        expires_at: addMinutes(clock.now(), SANDBOX_CHECKOUT_MINUTES).toISOString(),
      });
      return { redirectUrl: `/billing/sandbox-portal/${id}` };
    },

    async sandboxPortal(id: string) {
      const userId = await sandboxPortalUser(db, id);
      if (!userId) return undefined;
      const [user, subscription, payments] = await Promise.all([
        repo.findUserEmail(db, userId),
        repo.findSubscription(db, userId),
        repo.listSandboxPayments(db, userId),
      ]);
      return {
        id,
        email: user?.email ?? '',
        plan: planAt(subscription, clock.now()),
        payments: payments.map((payment) => ({
          period: payment.period,
          paidAt: payment.completed_at!,
        })),
      };
    },

    /**
     * The sandbox portal's buttons, as Stripe's portal behaves: a cancellation keeps Premium to
     * the period's end, a switch of period takes effect at the renewal.
     */
    async changeSandboxSubscription(id: string, action: SandboxPortalAction): Promise<string> {
      return db.transaction().execute(async (trx) => {
        const userId = await sandboxPortalUser(trx, id);
        if (!userId) throw notFound('Portal session');
        const subscription = await repo.findSubscription(trx, userId);
        const plan = planAt(subscription, clock.now());
        if (plan.plan !== 'PREMIUM' || plan.isTrial || !subscription?.billing_period) {
          throw new AppError('CONFLICT', 'There is no running paid period to change.');
        }
        const nextPeriod = otherPeriod(subscription.next_period ?? subscription.billing_period);
        await repo.updateSubscription(trx, userId, {
          ...(action === 'switch'
            ? { next_period: nextPeriod === subscription.billing_period ? null : nextPeriod }
            : { cancel_at_period_end: action === 'cancel' ? 1 : 0 }),
          provider_state_at: now(),
          updated_at: now(),
        });
        return `/billing/sandbox-portal/${id}`;
      });
    },
  };
}

/** The provider's word on a subscription: its webhook, and ending it before an erasure. */
function createProviderSync(deps: BillingDeps) {
  const { db, clock, stripe } = deps;
  const now = () => clock.now().toISOString();

  async function applyProviderState(trx: Db, userId: string, subscription: ProviderSubscription) {
    await repo.updateSubscription(trx, userId, {
      plan: 'PREMIUM',
      is_trial: 0,
      expiration_date: subscription.periodEnd,
      provider_customer_id: subscription.customerId,
      provider_subscription_id: subscription.id,
      provider_state_at: now(),
      updated_at: now(),
      billing_period: subscription.period,
      // Stripe applies a switch at the renewal itself; the new price shows once it is billed.
      next_period: null,
      cancel_at_period_end: subscription.cancelAtPeriodEnd ? 1 : 0,
      payment_failed: subscription.paymentFailed ? 1 : 0,
    });
  }

  return {
    /**
     * Before an account is erased: a paying user's provider subscription ends now, so nothing is
     * charged again for an account that is gone (decision 027). A failure leaves the account as
     * it was. The sandbox holds nothing outside the database, whose rows go with the user.
     */
    async cancelBeforeErasure(userId: string): Promise<void> {
      const subscription = await repo.findSubscription(db, userId);
      const id = subscription?.provider_subscription_id;
      if (!id || !stripe) return;
      try {
        await stripe.cancelNow(id);
      } catch {
        throw new AppError(
          'UNAVAILABLE',
          'Your subscription could not be cancelled just now, so nothing was deleted. Try again in a few minutes.',
        );
      }
    },

    /**
     * Stripe webhooks (ARCHITECTURE §5): verified on the raw body, each event applied once, and
     * the plan taken from the subscription's current state, so order and repeats do not matter.
     */
    async handleWebhook(
      rawBody: Buffer,
      signature: string | undefined,
    ): Promise<{ received: true; applied: boolean }> {
      if (!stripe) throw notFound('Payments webhook');
      let event: Stripe.Event;
      try {
        event = stripe.verifyEvent(rawBody, signature ?? '');
      } catch {
        throw new AppError('BAD_REQUEST', 'The webhook signature does not match.');
      }
      const ref = subscriptionRef(event);
      const subscription = ref.subscriptionId
        ? await stripe.fetchSubscription(ref.subscriptionId)
        : undefined;
      return db.transaction().execute(async (trx) => {
        if (!(await repo.recordPaymentEvent(trx, event.id, event.type, now()))) {
          return { received: true as const, applied: false };
        }
        if (!subscription) return { received: true as const, applied: false };
        const userId =
          ref.userId ??
          subscription.userId ??
          (
            await repo.findUserForProvider(trx, {
              subscriptionId: subscription.id,
              customerId: subscription.customerId,
            })
          )?.user_id;
        if (!userId || !(await repo.findSubscription(trx, userId))) {
          return { received: true as const, applied: false };
        }
        await applyProviderState(trx, userId, subscription);
        return { received: true as const, applied: true };
      });
    },
  };
}

export function createBillingService(deps: BillingDeps) {
  return {
    isSandbox: !deps.stripe,
    ...createCheckouts(deps),
    ...createPortals(deps),
    ...createProviderSync(deps),
  };
}

export type BillingService = ReturnType<typeof createBillingService>;

const idOf = (value: unknown): string | null =>
  typeof value === 'string'
    ? value
    : value && typeof value === 'object' && 'id' in value
      ? String(value.id)
      : null;

/** Which subscription (and user) an event is about, for the event types that change a plan. */
function subscriptionRef(event: Stripe.Event): {
  subscriptionId: string | null;
  userId: string | null;
} {
  const object = event.data.object as unknown as Record<string, unknown>;
  switch (event.type) {
    case 'checkout.session.completed':
      return {
        subscriptionId: idOf(object.subscription),
        userId: (object.client_reference_id as string | null) ?? null,
      };
    case 'invoice.paid':
    case 'invoice.payment_succeeded':
    case 'invoice.payment_failed': {
      const parent = object.parent as
        { subscription_details?: { subscription?: unknown } } | null | undefined;
      return {
        subscriptionId:
          idOf(object.subscription) ?? idOf(parent?.subscription_details?.subscription),
        userId: null,
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return { subscriptionId: idOf(object.id), userId: null };
    default:
      return { subscriptionId: null, userId: null };
  }
}
