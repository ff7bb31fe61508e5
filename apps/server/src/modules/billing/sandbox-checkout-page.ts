import { inlineStyleSource } from '../../plugins/security.ts';
import { BILLING_PERIODS, type BillingPeriod } from '@hustle/shared/plans';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const styles = `body{margin:0;min-height:100vh;display:grid;place-items:center;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:#f6f6f4;color:#1f1f1f}
main{background:#fff;border:1px solid #e6e6e3;border-radius:12px;padding:32px;width:min(400px,calc(100vw - 32px));box-sizing:border-box}
.badge{display:inline-block;font-size:12px;font-weight:600;letter-spacing:.04em;text-transform:uppercase;background:#fff4e0;color:#8a4b00;border:1px solid #ffd699;border-radius:999px;padding:4px 10px;margin-bottom:16px}
h1{font-size:20px;font-weight:600;margin:0 0 8px}p{color:#5c5c5c;font-size:14px;line-height:1.5;margin:0 0 16px}
.total{display:flex;justify-content:space-between;border-top:1px solid #e6e6e3;padding-top:16px;margin:8px 0 24px;font-weight:600}
.actions{display:flex;gap:12px}form{flex:1}
button{width:100%;font:inherit;font-weight:600;border-radius:6px;padding:12px;min-height:44px;cursor:pointer;border:1px solid #d6d6d2;background:#fff;color:#1f1f1f}
button.pay{background:#3366ff;border-color:#3366ff;color:#fff}
@media (prefers-color-scheme:dark){body{background:#191919;color:#ececec}main{background:#232323;border-color:#333}p{color:#a8a8a8}.total{border-color:#333}button{background:#2b2b2b;color:#ececec;border-color:#3a3a3a}button.pay{background:#3366ff;border-color:#3366ff;color:#fff}.badge{background:#3a2a10;color:#ffc670;border-color:#6b4a12}}`;

/** The CSP source the sandbox pages' inline style needs. */
export const SANDBOX_CHECKOUT_STYLE = inlineStyleSource(styles);

const page = (body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="color-scheme" content="light dark"><title>Sandbox checkout · Hustle</title>
<style>${styles}</style></head><body><main>${body}</main></body></html>`;

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
<form method="post" action="${action}"><input type="hidden" name="outcome" value="pay"><button type="submit" class="pay">Pay ${months * monthlyPrice}$</button></form>
</div>`,
  );
}

export function sandboxCheckoutGonePage(): string {
  return page(
    `<span class="badge">Sandbox · no real payment</span><h1>This checkout has ended</h1>
<p>It was finished already or has expired.</p><p><a href="/subscription">Back to your subscription</a></p>`,
  );
}
