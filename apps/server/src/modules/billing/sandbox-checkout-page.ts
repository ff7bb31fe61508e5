import { BILLING_PERIODS, type BillingPeriod } from '@hustle/shared/plans';
import { escapeHtml, serverPage } from '../../lib/server-page.ts';

const page = (body: string) => serverPage({ title: 'Sandbox checkout', body });

/** The local stand-in for a hosted payment page, plainly labelled as one. */
export function sandboxCheckoutPage(input: {
  id: string;
  period: BillingPeriod;
  email: string;
}): string {
  const { months, monthlyPrice } = BILLING_PERIODS[input.period];
  const action = `/billing/sandbox-checkout/${encodeURIComponent(input.id)}`;
  return page(
    `<span class="badge">Sandbox · no real payment</span>
<h1>Hustle Premium</h1>
<p>This is a test checkout: no card is charged. Set up Stripe to take real payments.</p>
<p>Account: ${escapeHtml(input.email)}<br>Billed ${input.period === 'year' ? 'annually' : 'quarterly'}: ${monthlyPrice}$ per month</p>
<div class="total"><span>Total today</span><span>${months * monthlyPrice}$</span></div>
<div class="actions">
<form method="post" action="${action}"><input type="hidden" name="outcome" value="cancel"><button type="submit">Cancel</button></form>
<form method="post" action="${action}"><input type="hidden" name="outcome" value="pay"><button type="submit" class="primary">Pay ${months * monthlyPrice}$</button></form>
</div>`,
  );
}

export function sandboxCheckoutGonePage(): string {
  return page(
    `<span class="badge">Sandbox · no real payment</span><h1>This checkout has ended</h1>
<p>It was finished already or has expired.</p><p><a href="/subscription">Back to your subscription</a></p>`,
  );
}
