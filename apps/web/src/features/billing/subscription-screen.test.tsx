import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../test/render-app.tsx';
import { renderSignedIn } from '../../test/render-signed-in.tsx';
import { checkoutNavigation } from './api/purchase-plan.ts';
import { PaymentSuccessScreen } from './payment-success-screen.tsx';
import { FREE_PLAN_ANSWER } from '@hustle/shared/plans';
import { SubscriptionScreen } from './subscription-screen.tsx';

// Noon UTC keeps the calendar date the same in every time zone the tests may run in.
const TRIAL = {
  ...FREE_PLAN_ANSWER,
  plan: 'PREMIUM',
  isTrial: true,
  trialEndDate: '2026-12-06T12:00:00.000Z',
  trialDaysLeft: 12,
};
const PAID = {
  ...FREE_PLAN_ANSWER,
  plan: 'PREMIUM',
  expirationDate: '2027-11-22T12:00:00.000Z',
  period: 'year',
  renewsOn: '2027-11-22T12:00:00.000Z',
  canManage: true,
};

const renderAt = (route: string) =>
  renderSignedIn(
    {
      '/subscription': <SubscriptionScreen />,
      '/subscription/success': <PaymentSuccessScreen />,
    },
    { route },
  );
const card = (name: string) => screen.getByRole('article', { name });

describe('SubscriptionScreen', () => {
  it('shows the Free plan as current, without a date, and the two plans', async () => {
    stubApi({ 'GET /api/v1/user/plan': () => json(200, FREE_PLAN_ANSWER) });
    renderAt('/subscription');

    expect(await screen.findByRole('heading', { name: 'Free', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Subscription' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Pricing' })).toBeInTheDocument();
    expect(screen.queryByText(/Valid unitl/)).not.toBeInTheDocument();
    expect(within(card('Free')).getByText('Current plan')).toBeInTheDocument();
    expect(within(card('Free')).getByText('0$')).toBeInTheDocument();
    expect(within(card('Free')).getByText('5 projects')).toBeInTheDocument();
    expect(within(card('Free')).getByText('2 automations')).toBeInTheDocument();
    expect(within(card('Free')).getByText('Project sharing').textContent).toBe(
      'Not included: Project sharing',
    );
    expect(within(card('Free')).getByText('24/7 support').textContent).toBe(
      'Not included: 24/7 support',
    );
    expect(
      within(card('Premium')).getByRole('button', { name: 'Upgrade to Premium' }),
    ).toBeInTheDocument();
  });

  it('switches the price to annual with Saving 20%, and back', async () => {
    stubApi({ 'GET /api/v1/user/plan': () => json(200, FREE_PLAN_ANSWER) });
    const user = userEvent.setup();
    renderAt('/subscription');
    const premium = await screen.findByRole('article', { name: 'Premium' });
    const toggle = screen.getByRole('switch', { name: 'Billed annualy' });

    expect(within(premium).getByText('5$')).toBeInTheDocument();
    expect(screen.queryByText('Saving 20%')).not.toBeInTheDocument();
    expect(screen.getByText('Billed quarterly')).toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(within(premium).getByText('4$')).toBeInTheDocument();
    expect(within(premium).getByText('Saving 20%')).toBeInTheDocument();
    expect(within(premium).getByText('48$ billed once a year')).toBeInTheDocument();

    await user.click(screen.getByText('Billed quarterly'));
    expect(within(premium).getByText('5$')).toBeInTheDocument();
    expect(screen.queryByText('Saving 20%')).not.toBeInTheDocument();
  });

  it('shows Free Trial with the trial end as Valid unitl', async () => {
    stubApi({ 'GET /api/v1/user/plan': () => json(200, TRIAL) });
    renderAt('/subscription');

    expect(await screen.findByText('Valid unitl: 6 December 2026')).toBeInTheDocument();
    expect(screen.getByText('12 days left in your trial')).toBeInTheDocument();
    expect(screen.getByText('Free Trial')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Manage subscription' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Premium', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upgrade to Premium' })).toBeInTheDocument();
    // Before paying, the trial user reads that the rest of the trial is kept (issue 28).
    expect(
      within(card('Premium')).getByText(
        'Your trial stays: the paid period starts when it ends, on 6 December 2026.',
      ),
    ).toBeInTheDocument();
  });

  it('promises nothing about the trial in its last two days, nor to a Free user', async () => {
    stubApi({ 'GET /api/v1/user/plan': () => json(200, { ...TRIAL, trialDaysLeft: 2 }) });
    const { unmount } = renderAt('/subscription');
    expect(await screen.findByRole('button', { name: 'Upgrade to Premium' })).toBeInTheDocument();
    expect(screen.queryByText(/Your trial stays/)).not.toBeInTheDocument();
    unmount();

    stubApi({ 'GET /api/v1/user/plan': () => json(200, FREE_PLAN_ANSWER) });
    renderAt('/subscription');
    expect(await screen.findByRole('button', { name: 'Upgrade to Premium' })).toBeInTheDocument();
    expect(screen.queryByText(/Your trial stays/)).not.toBeInTheDocument();
  });

  it('shows a paid plan’s expiration date and no upgrade', async () => {
    stubApi({ 'GET /api/v1/user/plan': () => json(200, PAID) });
    renderAt('/subscription');

    expect(await screen.findByText('Valid unitl: 22 November 2027')).toBeInTheDocument();
    expect(screen.queryByText('Free Trial')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upgrade to Premium' })).not.toBeInTheDocument();
    expect(within(card('Premium')).getByText('Current plan')).toBeInTheDocument();
    expect(screen.getByText('Billed annually, renews automatically.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('opens the customer portal from Manage subscription', async () => {
    const go = vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => {});
    const calls = stubApi({
      'GET /api/v1/user/plan': () => json(200, PAID),
      'POST /api/v1/user/plan/portal': () =>
        json(200, { redirectUrl: '/billing/sandbox-portal/abc' }),
    });
    renderAt('/subscription');

    await userEvent.click(await screen.findByRole('button', { name: 'Manage subscription' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/billing/sandbox-portal/abc'));
    expect(calls.map((call) => call.route)).toContain('POST /api/v1/user/plan/portal');
    go.mockRestore();
  });

  it('shows a canceled plan as Premium until its end', async () => {
    stubApi({
      'GET /api/v1/user/plan': () =>
        json(200, { ...PAID, cancelAtPeriodEnd: true, renewsOn: null }),
    });
    renderAt('/subscription');

    expect(await screen.findByText('Premium until 22 November 2027')).toBeInTheDocument();
    expect(
      screen.getByText('Canceled: you move to Free, data kept, when it ends.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Manage subscription' })).toBeInTheDocument();
  });

  it('warns about a failed payment while Premium holds', async () => {
    stubApi({ 'GET /api/v1/user/plan': () => json(200, { ...PAID, paymentFailed: true }) });
    renderAt('/subscription');

    expect(await screen.findByRole('alert')).toHaveTextContent('Payment failed — update your card');
    expect(screen.getByRole('heading', { name: 'Premium', level: 2 })).toBeInTheDocument();
  });

  it('buys the chosen period and leaves for the payment page, busy meanwhile', async () => {
    const go = vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => {});
    let answer = (_response: Response) => {};
    const calls = stubApi({
      'GET /api/v1/user/plan': () => json(200, FREE_PLAN_ANSWER),
      'POST /api/v1/user/plan/purchase': () => new Promise((resolve) => (answer = resolve)),
    });
    const user = userEvent.setup();
    renderAt('/subscription');

    await user.click(await screen.findByRole('switch', { name: 'Billed annualy' }));
    const upgrade = screen.getByRole<HTMLButtonElement>('button', { name: 'Upgrade to Premium' });
    await user.click(upgrade);
    expect(upgrade).toBeDisabled();
    expect(upgrade).toHaveAttribute('aria-busy', 'true');
    expect(calls.filter((call) => call.route.startsWith('POST'))).toEqual([
      { route: 'POST /api/v1/user/plan/purchase', body: { period: 'year' } },
    ]);

    answer(json(200, { redirectUrl: '/billing/sandbox-checkout/c1' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/billing/sandbox-checkout/c1'));
    expect(upgrade).toBeDisabled();
  });

  it('says why when the payment page cannot be opened', async () => {
    stubApi({
      'GET /api/v1/user/plan': () => json(200, FREE_PLAN_ANSWER),
      'POST /api/v1/user/plan/purchase': () =>
        json(503, { error: { code: 'INTERNAL', message: 'Payments are down.' } }),
    });
    const user = userEvent.setup();
    renderAt('/subscription');

    await user.click(await screen.findByRole('button', { name: 'Upgrade to Premium' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not open the payment page. Payments are down.',
    );
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Upgrade to Premium' }).disabled,
    ).toBe(false);
  });

  it('says Payment canceled! after a cancelled checkout, and the reason from a gate', async () => {
    stubApi({ 'GET /api/v1/user/plan': () => json(200, FREE_PLAN_ANSWER) });
    const first = renderAt('/subscription?reason=cancel');
    expect(screen.getByText('Payment canceled!')).toBeInTheDocument();
    first.unmount();

    renderAt('/subscription?reason=projects');
    expect(screen.getByText(/Your Free plan allows 5 projects\./)).toBeInTheDocument();
  });
});

describe('PaymentSuccessScreen', () => {
  it('reads the plan and the workspace again and goes back to the subscription', async () => {
    stubApi({ 'GET /api/v1/user/plan': () => json(200, PAID) });
    const user = userEvent.setup();
    const { queryClient } = renderAt('/subscription/success');
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');

    expect(screen.getByRole('heading', { name: 'Payment successful' })).toBeInTheDocument();
    expect(await screen.findByText(/Premium is active until 22 November 2027/)).toBeInTheDocument();
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['workspace', 'w1'] }));

    await user.click(screen.getByRole('link', { name: 'Go back' }));
    expect(screen.getByTestId('location').textContent).toBe('/subscription');
  });
});
