import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-databases.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { apiClientFor } from '../../testing/api-client.ts';
import { planAt } from './plan.service.ts';

const at = (iso: string) => new Date(iso);

describe('plan at a moment (ARCHITECTURE §5)', () => {
  const base = { trial_end_date: null, expiration_date: null };
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
    });
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
