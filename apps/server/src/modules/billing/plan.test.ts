import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-databases.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { apiClientFor } from '../../testing/api-client.ts';
import { planAt } from './plan.service.ts';

const at = (iso: string) => new Date(iso);

describe('plan at a moment (ARCHITECTURE §5)', () => {
  const base = {
    trial_end_date: null,
    expiration_date: null,
    billing_period: null,
    next_period: null,
    cancel_at_period_end: 0,
    payment_failed: 0,
    provider_customer_id: null,
  };
  it('is Premium on trial until the trial ends, then Free and expired', () => {
    const trial = {
      ...base,
      plan: 'PREMIUM' as const,
      is_trial: 1,
      trial_end_date: '2026-12-06T09:00:00.000Z',
    };
    expect(planAt(trial, at('2026-12-06T08:59:59.000Z'))).toEqual({
      plan: 'PREMIUM',
      isExpired: false,
      isTrial: true,
      trialEndDate: '2026-12-06T09:00:00.000Z',
      expirationDate: null,
      trialDaysLeft: 1,
      period: null,
      nextPeriod: null,
      renewsOn: null,
      cancelAtPeriodEnd: false,
      paymentFailed: false,
      canManage: false,
    });
    expect(planAt(trial, at('2026-11-24T10:00:00.000Z')).trialDaysLeft).toBe(12);
    expect(planAt(trial, at('2026-12-06T09:00:00.000Z'))).toMatchObject({
      plan: 'FREE',
      isExpired: true,
      isTrial: false,
    });
  });
  it('is Premium while a paid period runs', () => {
    const paid = {
      ...base,
      plan: 'PREMIUM' as const,
      is_trial: 0,
      expiration_date: '2027-03-01T00:00:00.000Z',
    };
    expect(planAt(paid, at('2027-02-28T00:00:00.000Z'))).toMatchObject({
      plan: 'PREMIUM',
      isTrial: false,
      isExpired: false,
    });
    expect(planAt(paid, at('2027-03-01T00:00:00.000Z'))).toMatchObject({
      plan: 'FREE',
      isExpired: true,
    });
  });
  it('drops the trial date once paid, and tells a cancellation, a switch and a failed charge', () => {
    const paid = {
      ...base,
      plan: 'PREMIUM' as const,
      is_trial: 0,
      trial_end_date: '2026-12-06T09:00:00.000Z',
      expiration_date: '2027-03-01T00:00:00.000Z',
      billing_period: 'quarter' as const,
      next_period: 'year' as const,
    };
    const running = at('2027-02-01T00:00:00.000Z');
    expect(planAt(paid, running)).toMatchObject({
      isTrial: false,
      trialEndDate: null,
      trialDaysLeft: null,
      period: 'quarter',
      nextPeriod: 'year',
      renewsOn: '2027-03-01T00:00:00.000Z',
      cancelAtPeriodEnd: false,
      paymentFailed: false,
      canManage: true,
    });
    expect(planAt({ ...paid, cancel_at_period_end: 1 }, running)).toMatchObject({
      plan: 'PREMIUM',
      cancelAtPeriodEnd: true,
      renewsOn: null,
      nextPeriod: null,
      expirationDate: '2027-03-01T00:00:00.000Z',
    });
    expect(planAt({ ...paid, payment_failed: 1 }, running)).toMatchObject({
      plan: 'PREMIUM',
      paymentFailed: true,
    });
    expect(
      planAt(
        { ...paid, payment_failed: 1, cancel_at_period_end: 1 },
        at('2027-03-01T00:00:00.000Z'),
      ),
    ).toMatchObject({
      plan: 'FREE',
      isExpired: true,
      paymentFailed: false,
      cancelAtPeriodEnd: false,
    });
  });
  it('is Free without a subscription', () => {
    expect(planAt(undefined, at('2027-01-01T00:00:00.000Z'))).toMatchObject({
      plan: 'FREE',
      isExpired: false,
    });
  });
});

describe.each(testDialects)('GET /api/v1/user/plan (%s)', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect, { env: { TRIAL_DAYS: '14' } });
  });
  afterEach(() => t.close());

  it('starts every new account on a 14-day Premium trial that ends in Free, data kept', async () => {
    const ada = await apiClientFor(t.app, 'ada@example.com');
    const trialEnd = new Date(t.clock.now().getTime() + 14 * 86_400_000).toISOString();
    expect(await ada.callOk('getPlan')).toEqual({
      plan: 'PREMIUM',
      isExpired: false,
      expirationDate: null,
      isTrial: true,
      trialEndDate: trialEnd,
      trialDaysLeft: 14,
      period: null,
      nextPeriod: null,
      renewsOn: null,
      cancelAtPeriodEnd: false,
      paymentFailed: false,
      canManage: false,
    });
    for (let i = 0; i < 7; i++)
      await ada.callOk('createProject', { body: { workspaceId: ada.workspaceId, name: `P${i}` } });
    expect((await ada.workspace()).access.projectsLimit).toBeNull();

    t.clock.advance(14 * 86_400_000);
    expect(await ada.callOk('getPlan')).toMatchObject({
      plan: 'FREE',
      isExpired: true,
      isTrial: false,
    });
    const ws = await ada.workspace();
    expect(ws.access).toMatchObject({ projectsLimit: 5, archives: false });
    expect(ws.projects).toHaveLength(7);
  });
});
