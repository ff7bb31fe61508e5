import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('config', () => {
  it('works out of the box', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.dataDir).toBe(path.resolve('data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.featureFlags).toEqual(['automation', 'subscription']);
    expect(config.trialDays).toBe(14);
  });

  it('explains a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL must be a postgres/,
    );
    expect(() => loadConfig({ FEATURE_FLAGS: 'automation,teleport' })).toThrow(
      /unknown flag "teleport"/,
    );
  });

  const production = {
    NODE_ENV: 'production',
    SECRET_KEY: 's'.repeat(32),
    SMTP_URL: 'smtp://mail.example:587',
    STRIPE_SECRET_KEY: 'sk_live_x',
    STRIPE_WEBHOOK_SECRET: 'whsec_x',
    STRIPE_PRICE_QUARTER: 'price_q',
    STRIPE_PRICE_YEAR: 'price_y',
  };
  const without = (...names: (keyof typeof production)[]) =>
    Object.fromEntries(
      Object.entries(production).filter(([name]) => !names.includes(name as never)),
    );

  it('requires SECRET_KEY, a mail transport and a payment provider in production', () => {
    const config = loadConfig(production);
    expect(config.isProduction).toBe(true);
    expect(config.sandboxCheckout).toBe(false);
    expect(config.warnings).toEqual([]);
    expect(() => loadConfig(without('SECRET_KEY'))).toThrow(/SECRET_KEY: required/);
    expect(() => loadConfig(without('SMTP_URL'))).toThrow(ConfigError);
    expect(() => loadConfig(without('SMTP_URL'))).toThrow(
      /SMTP_URL: required when NODE_ENV=production \(or set MAIL_LOG_IN_PRODUCTION=true/,
    );
    expect(() => loadConfig(without('STRIPE_SECRET_KEY'))).toThrow(
      /STRIPE_SECRET_KEY: required when NODE_ENV=production \(or set SANDBOX_CHECKOUT_IN_PRODUCTION=true/,
    );
    // Every gap is named at once, so one restart fixes them all.
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /SECRET_KEY: required[\s\S]*SMTP_URL: required[\s\S]*STRIPE_SECRET_KEY: required/,
    );
  });

  it('allows each production fallback only by its own setting, with a loud warning', () => {
    const mailToLog = loadConfig({ ...without('SMTP_URL'), MAIL_LOG_IN_PRODUCTION: 'true' });
    expect(mailToLog.smtpUrl).toBeUndefined();
    expect(mailToLog.warnings).toEqual([expect.stringMatching(/^UNSAFE: MAIL_LOG_IN_PRODUCTION/)]);
    expect(() =>
      loadConfig({ ...without('SMTP_URL', 'STRIPE_SECRET_KEY'), MAIL_LOG_IN_PRODUCTION: 'true' }),
    ).toThrow(/STRIPE_SECRET_KEY: required/);

    const sandbox = loadConfig({
      ...without('STRIPE_SECRET_KEY'),
      SANDBOX_CHECKOUT_IN_PRODUCTION: 'true',
    });
    expect(sandbox.stripe).toBeUndefined();
    expect(sandbox.sandboxCheckout).toBe(true);
    expect(sandbox.warnings).toEqual([
      expect.stringMatching(/^UNSAFE: SANDBOX_CHECKOUT_IN_PRODUCTION.*without paying/),
    ]);
    expect(() => loadConfig({ ...production, SANDBOX_CHECKOUT_IN_PRODUCTION: 'yes' })).toThrow(
      /SANDBOX_CHECKOUT_IN_PRODUCTION/,
    );

    // A configured provider wins; the fallback setting then changes nothing.
    const both = loadConfig({ ...production, SANDBOX_CHECKOUT_IN_PRODUCTION: 'true' });
    expect(both.sandboxCheckout).toBe(false);
    expect(both.warnings).toEqual([]);
  });

  it('keeps the fallbacks on, without warnings, outside production', () => {
    const config = loadConfig({ NODE_ENV: 'development' });
    expect(config.smtpUrl).toBeUndefined();
    expect(config.sandboxCheckout).toBe(true);
    expect(config.warnings).toEqual([]);
  });

  it('caps live-update streams and times out slow clients by default', () => {
    const config = loadConfig({});
    expect(config.eventStreamCaps).toEqual({ perUser: 20, perIp: 100 });
    expect(config.http).toEqual({
      requestTimeoutMs: 30_000,
      headersTimeoutMs: 10_000,
      idleTimeoutMs: 60_000,
    });
    expect(() => loadConfig({ EVENTS_STREAMS_PER_USER: '0' })).toThrow(/EVENTS_STREAMS_PER_USER/);
    expect(() => loadConfig({ HTTP_IDLE_TIMEOUT_MS: '10' })).toThrow(/HTTP_IDLE_TIMEOUT_MS/);
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '40000' })).toThrow(
      /HTTP_HEADERS_TIMEOUT_MS: must not be longer than HTTP_REQUEST_TIMEOUT_MS/,
    );
  });

  it('sizes the PostgreSQL pool and its timeouts, and bounds the wait for the database', () => {
    const defaults = loadConfig({});
    expect(defaults.databasePool).toEqual({
      size: 10,
      statementTimeoutMs: 15_000,
      idleInTransactionTimeoutMs: 30_000,
    });
    expect(defaults.databaseWaitSeconds).toBe(60);
    const tuned = loadConfig({
      DATABASE_POOL_SIZE: '4',
      DATABASE_STATEMENT_TIMEOUT_MS: '2500',
      DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '0',
      DATABASE_WAIT_SECONDS: '5',
    });
    expect(tuned.databasePool).toEqual({
      size: 4,
      statementTimeoutMs: 2500,
      idleInTransactionTimeoutMs: 0,
    });
    expect(tuned.databaseWaitSeconds).toBe(5);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: 'soon' })).toThrow(
      /DATABASE_STATEMENT_TIMEOUT_MS/,
    );
  });

  it('serves the API docs outside production, and in production only when asked', () => {
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig({ API_DOCS: 'false' }).apiDocs).toBe(false);
    const production = {
      NODE_ENV: 'production',
      SECRET_KEY: 's'.repeat(32),
      MAIL_LOG_IN_PRODUCTION: 'true',
      SANDBOX_CHECKOUT_IN_PRODUCTION: 'true',
    };
    expect(loadConfig(production).apiDocs).toBe(false);
    expect(loadConfig({ ...production, API_DOCS: 'true' }).apiDocs).toBe(true);
  });

  it('allows local magic-link callbacks outside production only, and listed origins anywhere', () => {
    expect(loadConfig({}).magicLinkCallbacks).toEqual({ allowLocal: true, origins: [] });
    const production = {
      NODE_ENV: 'production',
      SECRET_KEY: 's'.repeat(32),
      MAIL_LOG_IN_PRODUCTION: 'true',
      SANDBOX_CHECKOUT_IN_PRODUCTION: 'true',
    };
    expect(loadConfig(production).magicLinkCallbacks).toEqual({ allowLocal: false, origins: [] });
    expect(
      loadConfig({
        ...production,
        MAGIC_LINK_CALLBACK_ORIGINS: 'https://desk.example, http://127.0.0.1:4444',
      }).magicLinkCallbacks,
    ).toEqual({ allowLocal: false, origins: ['https://desk.example', 'http://127.0.0.1:4444'] });
    for (const bad of ['https://desk.example/', 'desk.example', 'ftp://desk.example']) {
      expect(() => loadConfig({ MAGIC_LINK_CALLBACK_ORIGINS: bad }), bad).toThrow(
        /MAGIC_LINK_CALLBACK_ORIGINS: ".*" is not an origin/,
      );
    }
  });

  it('reads the admin addresses as sign-in keeps them, and refuses one that is no address', () => {
    expect(loadConfig({}).adminEmails).toEqual([]);
    expect(
      loadConfig({ ADMIN_EMAILS: ' Ops@Example.com, root@hustle.example ,' }).adminEmails,
    ).toEqual(['ops@example.com', 'root@hustle.example']);
    expect(() => loadConfig({ ADMIN_EMAILS: 'ops@example.com,ops' })).toThrow(
      /ADMIN_EMAILS: "ops" is not an e-mail address/,
    );
  });

  it('treats empty values as unset and trims the app URL', () => {
    const config = loadConfig({
      PORT: '',
      APP_URL: 'https://hustle.example/',
      FEATURE_FLAGS: 'automation',
    });
    expect(config.port).toBe(3000);
    expect(config.appUrl).toBe('https://hustle.example');
    expect(config.featureFlags).toEqual(['automation']);
  });

  it('reads an empty FEATURE_FLAGS as no feature at all, not as every feature', () => {
    expect(loadConfig({ FEATURE_FLAGS: '' }).featureFlags).toEqual([]);
    expect(loadConfig({ FEATURE_FLAGS: ' , ' }).featureFlags).toEqual([]);
    expect(loadConfig({}).featureFlags).toEqual(['automation', 'subscription']);
  });

  it('reads who may sign up, and stops on a policy that cannot work', () => {
    expect(loadConfig({}).signUp).toEqual({ mode: 'open' });
    expect(loadConfig({ SIGNUP: 'closed' }).signUp).toEqual({ mode: 'closed' });
    expect(
      loadConfig({ SIGNUP: 'domains', SIGNUP_DOMAINS: 'Example.com, team.example.org' }).signUp,
    ).toEqual({ mode: 'domains', domains: ['example.com', 'team.example.org'] });
    expect(() => loadConfig({ SIGNUP: 'invite' })).toThrow(/SIGNUP: Invalid option/);
    expect(() => loadConfig({ SIGNUP: 'domains' })).toThrow(
      /SIGNUP_DOMAINS: list the e-mail domains that may sign up/,
    );
    expect(() => loadConfig({ SIGNUP: 'domains', SIGNUP_DOMAINS: '@example.com' })).toThrow(
      /SIGNUP_DOMAINS: "@example.com" is not a domain/,
    );
    expect(() => loadConfig({ SIGNUP_DOMAINS: 'example.com' })).toThrow(
      /SIGNUP_DOMAINS: only used with SIGNUP=domains/,
    );
  });

  it('backs SQLite up daily by default, and refuses a schedule for PostgreSQL', () => {
    expect(loadConfig({ DATA_DIR: '/srv/hustle' }).backups).toEqual({
      dir: path.resolve('/srv/hustle/backups'),
      intervalHours: 24,
      keep: 7,
    });
    const postgres = { DATABASE_URL: 'postgres://db/hustle' };
    expect(loadConfig(postgres).backups.intervalHours).toBe(0);
    expect(() => loadConfig({ ...postgres, BACKUP_INTERVAL_HOURS: '6' })).toThrow(
      /BACKUP_INTERVAL_HOURS: scheduled backups are for SQLite/,
    );
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/);
    expect(loadConfig({ BACKUP_INTERVAL_HOURS: '0' }).backups.intervalHours).toBe(0);
  });

  it('exposes metrics only with a long enough token', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'm'.repeat(16) }).metricsToken).toBe('m'.repeat(16));
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN: METRICS_TOKEN needs at least 16 characters/,
    );
  });
});
