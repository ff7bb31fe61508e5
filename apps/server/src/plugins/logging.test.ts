import { describe, expect, it } from 'vitest';
import { redactText, redactUrl } from './logging.ts';

describe('redactUrl', () => {
  it('hides every query value and keeps the names', () => {
    expect(redactUrl('/?token=abc.def')).toBe('/?token=[redacted]');
    expect(redactUrl('/api/v1/events?ticket=s.1.x&x=1')).toBe(
      '/api/v1/events?ticket=[redacted]&x=[redacted]',
    );
    expect(
      redactUrl('/magic-link/sent?email=a%40b.c&debugLink=http%3A%2F%2Fx%2F%3Ftoken%3Dq'),
    ).toBe('/magic-link/sent?email=[redacted]&debugLink=[redacted]');
    expect(redactUrl('/plan?secretwithoutname')).toBe('/plan?[redacted]');
    expect(redactUrl('/plan?')).toBe('/plan?');
    expect(redactUrl('/api/v1/session')).toBe('/api/v1/session');
  });

  it('hides the secret segment of invite and sandbox checkout paths, however they are spelled', () => {
    expect(redactUrl('/invite/tok3n-value')).toBe('/invite/[redacted]');
    expect(redactUrl('/api/v1/invites/tok3n/join')).toBe('/api/v1/invites/[redacted]/join');
    expect(redactUrl('/%61pi/v1/%69nvites/tok3n')).toBe('/%61pi/v1/%69nvites/[redacted]');
    expect(redactUrl('/INVITE/tok3n?x=1')).toBe('/INVITE/[redacted]?x=[redacted]');
    expect(redactUrl('/billing/sandbox-checkout/id123')).toBe(
      '/billing/sandbox-checkout/[redacted]',
    );
    expect(redactUrl('/billing/Sandbox-Portal/id123')).toBe('/billing/Sandbox-Portal/[redacted]');
    expect(redactUrl('/invite/')).toBe('/invite/');
    expect(redactUrl('/api/v1/projects/p1/invite-link')).toBe('/api/v1/projects/p1/invite-link');
    expect(redactUrl('/%E0%A4%A/invite/x')).toBe('/%E0%A4%A/invite/x');
  });
});

describe('redactText', () => {
  it('hides URLs quoted in messages and stacks', () => {
    expect(redactText('Reply was already sent in "/?token=abc" (GET)')).toBe(
      'Reply was already sent in "/?token=[redacted]" (GET)',
    );
    expect(redactText('at http://h/auth/magic/confirm?token=xyz&a=b\n')).toBe(
      'at http://h/auth/magic/confirm?token=[redacted]&a=[redacted]\n',
    );
    expect(redactText('GET /api/v1/invites/abc/join and /invite/def')).toBe(
      'GET /api/v1/invites/[redacted]/join and /invite/[redacted]',
    );
    expect(redactText('Hustle is running on http://localhost:3000 (sqlite)')).toBe(
      'Hustle is running on http://localhost:3000 (sqlite)',
    );
  });
});
