import { FREE_PLAN_ANSWER, type PlanResponse } from '@hustle/shared/plans';
import { describe, expect, it } from 'vitest';
import {
  canUpgrade,
  endedOn,
  noticeFor,
  premiumPrice,
  renewalText,
  trialDaysLeftText,
  validUntil,
} from './pricing.ts';

const plan = (extra: Partial<PlanResponse>): PlanResponse => ({ ...FREE_PLAN_ANSWER, ...extra });

describe('pricing', () => {
  it('counts the trial days left, one day in the singular', () => {
    expect(trialDaysLeftText(plan({ plan: 'PREMIUM', isTrial: true, trialDaysLeft: 3 }))).toBe(
      '3 days left in your trial',
    );
    expect(trialDaysLeftText(plan({ plan: 'PREMIUM', isTrial: true, trialDaysLeft: 1 }))).toBe(
      '1 day left in your trial',
    );
    expect(trialDaysLeftText(plan({ plan: 'FREE' }))).toBeNull();
  });

  it('tells how a paid subscription goes on: renewal, switch or its end', () => {
    const paid = plan({ plan: 'PREMIUM', period: 'quarter', renewsOn: '2027-01-01' });
    expect(renewalText(paid)).toBe('Billed quarterly, renews automatically.');
    expect(renewalText({ ...paid, nextPeriod: 'year' })).toBe(
      'Billed quarterly; billed annually from the renewal.',
    );
    expect(renewalText({ ...paid, cancelAtPeriodEnd: true })).toBe(
      'Canceled: you move to Free, data kept, when it ends.',
    );
    expect(renewalText(plan({ plan: 'PREMIUM', isTrial: true }))).toBeNull();
  });

  it('is 5$ a month quarterly and 4$ a month annually, saving 20% only annually', () => {
    expect(premiumPrice('quarter')).toEqual({
      monthly: 5,
      total: 15,
      billing: '15$ billed every 3 months',
      saving: null,
    });
    expect(premiumPrice('year')).toEqual({
      monthly: 4,
      total: 48,
      billing: '48$ billed once a year',
      saving: 'Saving 20%',
    });
  });
});

describe('the plan dates', () => {
  it('is the trial end on a trial, else the expiration date, and none on Free', () => {
    const trial = plan({
      plan: 'PREMIUM',
      isTrial: true,
      trialEndDate: '2026-12-06T10:00:00.000Z',
      expirationDate: null,
    });
    expect(validUntil(trial)).toBe('2026-12-06T10:00:00.000Z');
    const paid = plan({
      plan: 'PREMIUM',
      expirationDate: '2027-11-22T10:00:00.000Z',
      trialEndDate: '2026-12-06T10:00:00.000Z',
    });
    expect(validUntil(paid)).toBe('2027-11-22T10:00:00.000Z');
    expect(validUntil(plan({ trialEndDate: '2026-12-06T10:00:00.000Z' }))).toBeNull();
  });

  it('tells when an expired Premium ended', () => {
    expect(endedOn(plan({ isExpired: true, expirationDate: '2026-01-01T00:00:00.000Z' }))).toBe(
      '2026-01-01T00:00:00.000Z',
    );
    expect(endedOn(plan({}))).toBeNull();
  });
});

describe('who may upgrade', () => {
  it('is Free and trial users, not paying ones', () => {
    expect(canUpgrade(plan({}))).toBe(true);
    expect(canUpgrade(plan({ plan: 'PREMIUM', isTrial: true }))).toBe(true);
    expect(canUpgrade(plan({ plan: 'PREMIUM' }))).toBe(false);
  });
});

describe('the reason line', () => {
  it('says Payment canceled! after a cancelled checkout and explains each gate', () => {
    expect(noticeFor('cancel')?.title).toBe('Payment canceled!');
    expect(noticeFor('projects')?.text).toMatch(/^Your Free plan allows 5 projects\./);
    expect(noticeFor('automations')?.text).toMatch(/^Your Free plan allows 2 automations\./);
    expect(noticeFor('sharing')?.text).toMatch(/Sharing projects/);
    expect(noticeFor('archives')?.text).toMatch(/Archived projects/);
    expect(noticeFor('nonsense')).toBeNull();
    expect(noticeFor(null)).toBeNull();
  });
});
