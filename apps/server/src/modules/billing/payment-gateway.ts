import Stripe from 'stripe';
import type { BillingPeriod } from '@hustle/shared/plans';
import type { Config } from '../../config.ts';

/** The provider's view of a subscription, reduced to what decides the plan. */
export interface ProviderSubscription {
  id: string;
  customerId: string | null;
  userId: string | null;
  isActive: boolean;
  /** When the paid period ends (or ended). */
  periodEnd: string;
  /** Which of our prices it bills; null for a price this app does not know. */
  period: BillingPeriod | null;
  cancelAtPeriodEnd: boolean;
  /** A renewal charge failed and Stripe is retrying it. */
  paymentFailed: boolean;
}

export interface StripeGateway {
  createCheckout(input: {
    userId: string;
    email: string;
    customerId: string | null;
    period: BillingPeriod;
    /** The end of the user's trial: the first charge and the paid period wait for it. */
    trialEnd: string | null;
    successUrl: string;
    cancelUrl: string;
  }): Promise<string>;
  /** Verifies the signature on the raw body; throws when it does not match. */
  verifyEvent(rawBody: Buffer, signature: string): Stripe.Event;
  fetchSubscription(id: string): Promise<ProviderSubscription>;
  /** A Customer Portal session's address: cancel, switch period, card, invoices. */
  createPortal(input: { customerId: string; returnUrl: string }): Promise<string>;
  /** Ends the subscription now, with no further charge (the account is being deleted). */
  cancelNow(subscriptionId: string): Promise<void>;
}

const ACTIVE_STATUSES = new Set(['active', 'trialing', 'past_due']);
const RETRYING_STATUSES = new Set(['past_due', 'unpaid']);

export function createStripeGateway(stripeConfig: NonNullable<Config['stripe']>): StripeGateway {
  const api = stripeConfig.apiUrl ? new URL(stripeConfig.apiUrl) : undefined;
  const stripe = new Stripe(stripeConfig.secretKey, {
    maxNetworkRetries: 2,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'https:' ? 443 : 80),
          protocol: api.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });

  return {
    async createCheckout(input) {
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: stripeConfig.prices[input.period], quantity: 1 }],
        ...(input.customerId ? { customer: input.customerId } : { customer_email: input.email }),
        client_reference_id: input.userId,
        metadata: { userId: input.userId },
        subscription_data: {
          metadata: { userId: input.userId },
          ...(input.trialEnd ? { trial_end: Math.floor(Date.parse(input.trialEnd) / 1000) } : {}),
        },
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return session.url;
    },

    verifyEvent(rawBody, signature) {
      return stripe.webhooks.constructEvent(rawBody, signature, stripeConfig.webhookSecret);
    },

    async fetchSubscription(id) {
      const subscription = await stripe.subscriptions.retrieve(id);
      // Newer API versions keep the period on the items; older ones on the subscription.
      const legacy = subscription as unknown as { current_period_end?: number };
      const periodEndSeconds =
        subscription.items.data[0]?.current_period_end ?? legacy.current_period_end ?? 0;
      const isActive = ACTIVE_STATUSES.has(subscription.status);
      const endedSeconds = subscription.ended_at ?? periodEndSeconds;
      const priceId = subscription.items.data[0]?.price?.id;
      const period =
        (Object.keys(stripeConfig.prices) as BillingPeriod[]).find(
          (key) => stripeConfig.prices[key] === priceId,
        ) ?? null;
      return {
        id: subscription.id,
        customerId:
          typeof subscription.customer === 'string'
            ? subscription.customer
            : subscription.customer.id,
        userId: subscription.metadata?.userId ?? null,
        isActive,
        periodEnd: new Date(
          (isActive ? periodEndSeconds : Math.min(endedSeconds, periodEndSeconds || endedSeconds)) *
            1000,
        ).toISOString(),
        period,
        cancelAtPeriodEnd: subscription.cancel_at_period_end === true,
        paymentFailed: RETRYING_STATUSES.has(subscription.status),
      };
    },

    async createPortal(input) {
      const session = await stripe.billingPortal.sessions.create({
        customer: input.customerId,
        return_url: input.returnUrl,
      });
      return session.url;
    },

    async cancelNow(subscriptionId) {
      try {
        await stripe.subscriptions.cancel(subscriptionId);
      } catch (error) {
        // Already canceled (or never there): nothing is left to charge.
        if ((error as { statusCode?: number }).statusCode === 404) return;
        throw error;
      }
    },
  };
}
