import { BILLING_PERIODS, type BillingPeriod, type PlanResponse } from '@hustle/shared/plans';
import { escapeHtml, serverPage } from '../../lib/server-page.ts';

const page = (body: string) => serverPage({ title: 'Sandbox subscription', body });
const BADGE = '<span class="badge">Sandbox · no real payment</span>';
const BILLED: Record<BillingPeriod, string> = { quarter: 'quarterly', year: 'annually' };
const KIND: Record<BillingPeriod, string> = { quarter: 'quarterly', year: 'annual' };

// The app's own date format (spec §2: D MMMM YYYY), in UTC so the page matches the stored day.
const day = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(iso));

const amount = (period: BillingPeriod) =>
  BILLING_PERIODS[period].months * BILLING_PERIODS[period].monthlyPrice;

function status(plan: PlanResponse): string {
  if (plan.plan !== 'PREMIUM' || plan.isTrial) return 'Your paid period has ended.';
  const until = day(plan.expirationDate!);
  if (plan.cancelAtPeriodEnd)
    return `Canceled: Premium stays until ${until}, then Free with your data kept.`;
  const billed = `Billed ${BILLED[plan.period!]}, renews on ${until}.`;
  return plan.nextPeriod
    ? `${billed} From then on you will be billed ${BILLED[plan.nextPeriod]}.`
    : billed;
}

function actions(id: string, plan: PlanResponse): string {
  if (plan.plan !== 'PREMIUM' || plan.isTrial) return '';
  const form = (action: string, label: string, primary = false) =>
    `<form method="post" action="/billing/sandbox-portal/${encodeURIComponent(id)}"><input type="hidden" name="action" value="${action}"><button type="submit"${primary ? ' class="primary"' : ''}>${label}</button></form>`;
  if (plan.cancelAtPeriodEnd)
    return `<div class="actions">${form('resume', 'Resume subscription', true)}</div>`;
  const target = plan.nextPeriod ? plan.period! : plan.period === 'year' ? 'quarter' : 'year';
  const switchLabel = plan.nextPeriod
    ? `Stay on ${KIND[target]} billing`
    : `Switch to ${KIND[target]} billing`;
  return `<div class="actions">${form('switch', switchLabel)}${form('cancel', 'Cancel subscription')}</div>`;
}

/** The local stand-in for Stripe's Customer Portal, plainly labelled as one. */
export function sandboxPortalPage(input: {
  id: string;
  email: string;
  plan: PlanResponse;
  payments: { period: BillingPeriod; paidAt: string }[];
}): string {
  const invoices = input.payments.length
    ? `<ul class="invoices">${input.payments
        .map(
          (payment) =>
            `<li><span>${day(payment.paidAt)} · Premium, billed ${BILLED[payment.period]}</span><span>${amount(payment.period)}$</span></li>`,
        )
        .join('')}</ul>`
    : '<p>No payments yet.</p>';
  return page(
    `${BADGE}
<h1>Your subscription</h1>
<p>This is a test portal: nothing is charged or refunded. Set up Stripe to manage real subscriptions.</p>
<p>Account: ${escapeHtml(input.email)}<br>${status(input.plan)}</p>
${actions(input.id, input.plan)}
<h2>Payment method</h2>
<p>No card is kept in the sandbox, so there is none to update.</p>
<h2>Invoices</h2>
${invoices}
<p><a href="/subscription">Back to Hustle</a></p>`,
  );
}

export function sandboxPortalGonePage(): string {
  return page(
    `${BADGE}<h1>This page has expired</h1>
<p>Open it again from your subscription.</p><p><a href="/subscription">Back to your subscription</a></p>`,
  );
}
