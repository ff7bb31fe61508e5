import path from 'node:path';
import { z } from 'zod';
import { EmailSchema } from '@hustle/shared/auth';
import { FEATURE_FLAGS } from '@hustle/shared/constants';
import type { SignUpPolicy } from './modules/auth/sign-up-gate.ts';

const booleanish = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  APP_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(
      /^postgres(ql)?:\/\//,
      'DATABASE_URL must be a postgres:// URL (leave it unset for SQLite)',
    )
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(15_000),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
  DATABASE_WAIT_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  SECRET_KEY: z.string().min(32, 'SECRET_KEY needs at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Hustle <no-reply@hustle.localhost>'),
  MAIL_LOG_IN_PRODUCTION: booleanish.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CORS_ORIGINS: z.string().optional(),
  MAGIC_LINK_CALLBACK_ORIGINS: z.string().optional(),
  TRUST_PROXY: booleanish.default(false),
  FEATURE_FLAGS: z.string().default(FEATURE_FLAGS.join(',')),
  ADMIN_EMAILS: z.string().optional(),
  SIGNUP: z.enum(['open', 'domains', 'closed']).default('open'),
  SIGNUP_DOMAINS: z.string().optional(),
  OIDC_ISSUER_URL: z.url().optional(),
  OIDC_CLIENT_ID: z.string().max(500).optional(),
  OIDC_CLIENT_SECRET: z.string().max(2000).optional(),
  OIDC_NAME: z.string().max(60).default('SSO'),
  OIDC_ONLY: booleanish.default(false),
  TRIAL_DAYS: z.coerce.number().int().min(0).max(365).default(14),
  AUTH_IP_CODE_REQUESTS_PER_10_MIN: z.coerce.number().int().positive().default(30),
  AUTH_IP_FAILURES_PER_10_MIN: z.coerce.number().int().positive().default(30),
  SCHEDULER_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),
  EVENTS_POLL_MS: z.coerce.number().int().min(20).max(60_000).default(500),
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(1200),
  TOKEN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  EVENTS_STREAMS_PER_USER: z.coerce.number().int().positive().default(20),
  EVENTS_STREAMS_PER_IP: z.coerce.number().int().positive().default(100),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  HTTP_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PRICE_QUARTER: z.string().optional(),
  STRIPE_PRICE_YEAR: z.string().optional(),
  STRIPE_API_URL: z.url().optional(),
  SANDBOX_CHECKOUT_IN_PRODUCTION: booleanish.default(false),
  WEB_DIST_DIR: z.string().optional(),
  API_DOCS: booleanish.optional(),
  BACKUP_INTERVAL_HOURS: z.coerce.number().int().min(0).max(8760).optional(),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(7),
  BACKUP_DIR: z.string().optional(),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN needs at least 16 characters').optional(),
  WEBHOOKS_INTERVAL_MS: z.coerce.number().int().min(0).default(1_000),
  WEBHOOKS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  WEBHOOKS_RETRY_DELAYS_SECONDS: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'WEBHOOKS_RETRY_DELAYS_SECONDS must be whole seconds, comma-separated')
    .default('5,300,1800,7200,18000,36000,50400'),
  WEBHOOKS_ALLOW_LOOPBACK: booleanish.default(false),
  REMINDERS_INTERVAL_MS: z.coerce.number().int().min(0).default(20_000),
  PUSH_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'PUSH_SUBJECT must be a mailto: or https:// address')
    .optional(),
  PUSH_ALLOW_LOOPBACK: booleanish.default(false),
});

export type Env = z.input<typeof EnvSchema>;

/** Every setting the server reads; the README's table names each (checked by a test). */
export const SETTING_NAMES = Object.keys(EnvSchema.shape);

export interface Config {
  env: 'development' | 'test' | 'production';
  isProduction: boolean;
  host: string;
  port: number;
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL only: pool size and the timeouts set on each pooled connection (0: none). */
  databasePool: { size: number; statementTimeoutMs: number; idleInTransactionTimeoutMs: number };
  /** How long start-up waits for the database to answer before giving up. */
  databaseWaitSeconds: number;
  secretKey: string | undefined;
  /** Without it, mail is written to the log (in production only with MAIL_LOG_IN_PRODUCTION). */
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: string;
  corsOrigins: string[];
  /**
   * Where a magic link may land besides this app (spec §2's callback): any local development
   * address outside production, and the origins listed in MAGIC_LINK_CALLBACK_ORIGINS
   * (decision 044).
   */
  magicLinkCallbacks: { allowLocal: boolean; origins: string[] };
  trustProxy: boolean;
  featureFlags: (typeof FEATURE_FLAGS)[number][];
  /** Addresses that may open the instance admin page (decision 057), normalised. */
  adminEmails: string[];
  /** Who may make a new account: anyone, addresses at SIGNUP_DOMAINS, or invitees only. */
  signUp: SignUpPolicy;
  /**
   * Single sign-on by OpenID Connect (decision 058): on when OIDC_ISSUER_URL is set. `allowHttp`
   * lets the provider be reached without TLS: outside production, or on this machine.
   */
  oidc:
    | {
        issuerUrl: string;
        clientId: string;
        clientSecret: string | undefined;
        name: string;
        allowHttp: boolean;
      }
    | undefined;
  /** Signing in by an e-mailed code or link; off with OIDC_ONLY. */
  emailSignIn: boolean;
  trialDays: number;
  authLimits: { ipCodeRequestsPer10Min: number; ipFailuresPer10Min: number };
  apiRateLimitPerMinute: number;
  tokenRateLimitPerMinute: number;
  /** How often open event streams look for new workspace versions. */
  eventsPollMs: number;
  /** Open live-update streams allowed per account and per client address, in each process. */
  eventStreamCaps: { perUser: number; perIp: number };
  /**
   * Time to receive a whole request and its headers, and the longest silence on a connection
   * while a request or response is under way (decision 014).
   */
  http: { requestTimeoutMs: number; headersTimeoutMs: number; idleTimeoutMs: number };
  /** How often the automation scheduler looks for due runs; 0 turns it off. */
  schedulerIntervalMs: number;
  /**
   * The local sandbox checkout, which grants Premium without payment: on when Stripe is not set
   * up, and in production only with SANDBOX_CHECKOUT_IN_PRODUCTION.
   */
  sandboxCheckout: boolean;
  /** Stripe Checkout when a key is set; otherwise the local sandbox checkout. */
  stripe:
    | {
        secretKey: string;
        webhookSecret: string;
        prices: { quarter: string; year: string };
        apiUrl: string | undefined;
      }
    | undefined;
  webDistDir: string;
  /** The OpenAPI document and its browsable page at /api/docs: on by default outside production. */
  apiDocs: boolean;
  /**
   * SQLite only: where backups go, how often the server writes one (0: never) and how many of
   * its own it keeps (decision 055). PostgreSQL is backed up with pg_dump.
   */
  backups: { dir: string; intervalHours: number; keep: number };
  /** The bearer secret of /metrics; without it /metrics answers 404 (decision 054). */
  metricsToken: string | undefined;
  /**
   * The webhook worker (decision 071): how often it looks for due deliveries (0: never), an
   * attempt's deadline, the waits before each retry, and whether endpoints may be on this
   * machine's loopback addresses (tests, a single-machine install; off unless set).
   */
  webhooks: {
    intervalMs: number;
    timeoutMs: number;
    retryDelaysMs: number[];
    allowLoopback: boolean;
  };
  /**
   * Reminders by Web Push (decision 080): how often due ones are looked for (0 turns it off),
   * the contact the push services are given (VAPID `sub`), and whether endpoints on this
   * machine's loopback addresses may be reached (tests; off unless set).
   */
  reminders: { intervalMs: number; subject: string; allowLoopback: boolean };
  /** Unsafe fallbacks switched on in production, to be logged loudly at start. */
  warnings: string[];
}

export class ConfigError extends Error {}

const EMPTY_MEANS_NONE = new Set(['FEATURE_FLAGS']);

/** The one place that reads the environment (STYLE: env validated by zod once at boot). */
/** The address of a "Name <address>" sender, or the text itself. */
const addressIn = (sender: string) => /<([^>]+)>/.exec(sender)?.[1] ?? sender.trim();

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty setting means "not set", so its default applies; except a list whose empty value
  // means "none" (an empty FEATURE_FLAGS shows no feature, issue 33).
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([name, value]) => value !== '' || EMPTY_MEANS_NONE.has(name)),
  );
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const flags = e.FEATURE_FLAGS.split(',')
    .map((flag) => flag.trim())
    .filter(Boolean);
  const unknownFlag = flags.find((flag) => !(FEATURE_FLAGS as readonly string[]).includes(flag));
  if (unknownFlag) {
    throw new ConfigError(
      `Invalid configuration:\n  FEATURE_FLAGS: unknown flag "${unknownFlag}" (known: ${FEATURE_FLAGS.join(', ')})`,
    );
  }
  if (e.STRIPE_SECRET_KEY) {
    const missing = (
      ['STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_QUARTER', 'STRIPE_PRICE_YEAR'] as const
    ).filter((name) => !e[name]);
    if (missing.length > 0) {
      throw new ConfigError(
        `Invalid configuration:\n  ${missing.join(', ')}: required with STRIPE_SECRET_KEY`,
      );
    }
  }
  if (e.DATABASE_URL && e.BACKUP_INTERVAL_HOURS) {
    throw new ConfigError(
      'Invalid configuration:\n  BACKUP_INTERVAL_HOURS: scheduled backups are for SQLite; back PostgreSQL up with pg_dump (docs/deploy.md)',
    );
  }
  if (e.HTTP_HEADERS_TIMEOUT_MS > e.HTTP_REQUEST_TIMEOUT_MS) {
    throw new ConfigError(
      'Invalid configuration:\n  HTTP_HEADERS_TIMEOUT_MS: must not be longer than HTTP_REQUEST_TIMEOUT_MS',
    );
  }
  const isProduction = e.NODE_ENV === 'production';
  const oidc = oidcSettings(e, isProduction);
  if (isProduction) {
    const missing = productionGaps(e);
    if (missing.length > 0) {
      throw new ConfigError(
        `Invalid configuration:\n${missing.map((line) => `  ${line}`).join('\n')}`,
      );
    }
  }
  return {
    env: e.NODE_ENV,
    isProduction,
    host: e.HOST,
    port: e.PORT,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePool: {
      size: e.DATABASE_POOL_SIZE,
      statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      idleInTransactionTimeoutMs: e.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
    databaseWaitSeconds: e.DATABASE_WAIT_SECONDS,
    secretKey: e.SECRET_KEY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    corsOrigins: (e.CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    magicLinkCallbacks: {
      allowLocal: !isProduction,
      origins: callbackOrigins(e.MAGIC_LINK_CALLBACK_ORIGINS),
    },
    trustProxy: e.TRUST_PROXY,
    featureFlags: flags as Config['featureFlags'],
    adminEmails: adminEmails(e.ADMIN_EMAILS),
    signUp: signUpPolicy(e),
    oidc,
    emailSignIn: !e.OIDC_ONLY,
    trialDays: e.TRIAL_DAYS,
    authLimits: {
      ipCodeRequestsPer10Min: e.AUTH_IP_CODE_REQUESTS_PER_10_MIN,
      ipFailuresPer10Min: e.AUTH_IP_FAILURES_PER_10_MIN,
    },
    apiRateLimitPerMinute: e.API_RATE_LIMIT_PER_MINUTE,
    tokenRateLimitPerMinute: e.TOKEN_RATE_LIMIT_PER_MINUTE,
    eventsPollMs: e.EVENTS_POLL_MS,
    eventStreamCaps: { perUser: e.EVENTS_STREAMS_PER_USER, perIp: e.EVENTS_STREAMS_PER_IP },
    http: {
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      idleTimeoutMs: e.HTTP_IDLE_TIMEOUT_MS,
    },
    schedulerIntervalMs: e.SCHEDULER_INTERVAL_MS,
    sandboxCheckout: !e.STRIPE_SECRET_KEY && (!isProduction || e.SANDBOX_CHECKOUT_IN_PRODUCTION),
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
          prices: { quarter: e.STRIPE_PRICE_QUARTER!, year: e.STRIPE_PRICE_YEAR! },
          apiUrl: e.STRIPE_API_URL,
        }
      : undefined,
    // src/ and dist/ both sit one level below apps/server, so this resolves in both.
    webDistDir: path.resolve(
      e.WEB_DIST_DIR ?? path.join(import.meta.dirname, '..', '..', 'web', 'dist'),
    ),
    apiDocs: e.API_DOCS ?? !isProduction,
    backups: {
      dir: path.resolve(e.BACKUP_DIR ?? path.join(e.DATA_DIR, 'backups')),
      intervalHours: e.DATABASE_URL ? 0 : (e.BACKUP_INTERVAL_HOURS ?? 24),
      keep: e.BACKUP_KEEP,
    },
    metricsToken: e.METRICS_TOKEN,
    webhooks: {
      intervalMs: e.WEBHOOKS_INTERVAL_MS,
      timeoutMs: e.WEBHOOKS_TIMEOUT_MS,
      retryDelaysMs: e.WEBHOOKS_RETRY_DELAYS_SECONDS.split(',').map((s) => Number(s) * 1000),
      allowLoopback: e.WEBHOOKS_ALLOW_LOOPBACK,
    },
    reminders: {
      intervalMs: e.REMINDERS_INTERVAL_MS,
      subject: e.PUSH_SUBJECT ?? `mailto:${addressIn(e.MAIL_FROM)}`,
      allowLoopback: e.PUSH_ALLOW_LOOPBACK,
    },
    warnings: isProduction ? productionFallbackWarnings(e) : [],
  };
}

type ParsedEnv = z.output<typeof EnvSchema>;

/** SIGNUP and SIGNUP_DOMAINS (decision 056): a domain list only with `domains`, and then one. */
function signUpPolicy(e: ParsedEnv): SignUpPolicy {
  const domains = (e.SIGNUP_DOMAINS ?? '')
    .split(',')
    .map((domain) => domain.trim().toLowerCase())
    .filter(Boolean);
  const fail = (message: string) => new ConfigError(`Invalid configuration:\n  ${message}`);
  if (e.SIGNUP !== 'domains') {
    if (domains.length > 0) throw fail('SIGNUP_DOMAINS: only used with SIGNUP=domains');
    return { mode: e.SIGNUP };
  }
  if (domains.length === 0) {
    throw fail('SIGNUP_DOMAINS: list the e-mail domains that may sign up (SIGNUP=domains)');
  }
  const bad = domains.find((domain) => !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(domain));
  if (bad) throw fail(`SIGNUP_DOMAINS: "${bad}" is not a domain like example.com`);
  return { mode: 'domains', domains };
}

/** Comma-separated origins (`https://host[:port]`), each exactly an origin: no path, no slash. */
function callbackOrigins(value: string | undefined): string[] {
  const origins = (value ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  for (const origin of origins) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = undefined;
    }
    if (!parsed || !['http:', 'https:'].includes(parsed.protocol) || parsed.origin !== origin) {
      throw new ConfigError(
        `Invalid configuration:\n  MAGIC_LINK_CALLBACK_ORIGINS: "${origin}" is not an origin like https://app.example.com`,
      );
    }
  }
  return origins;
}

/** Comma-separated addresses, each a valid e-mail address, kept as sign-in normalises them. */
function adminEmails(value: string | undefined): string[] {
  const emails = (value ?? '')
    .split(',')
    .map((email) => email.trim())
    .filter(Boolean);
  return emails.map((email) => {
    const parsed = EmailSchema.safeParse(email);
    if (!parsed.success) {
      throw new ConfigError(
        `Invalid configuration:\n  ADMIN_EMAILS: "${email}" is not an e-mail address`,
      );
    }
    return parsed.data;
  });
}

/** The OpenID Connect provider, all of its settings or none (OIDC_NAME has a default). */
function oidcSettings(e: ParsedEnv, isProduction: boolean): Config['oidc'] {
  const fail = (line: string) => {
    throw new ConfigError(`Invalid configuration:\n  ${line}`);
  };
  if (!e.OIDC_ISSUER_URL) {
    if (e.OIDC_CLIENT_ID) fail('OIDC_ISSUER_URL: required with OIDC_CLIENT_ID');
    if (e.OIDC_ONLY) fail('OIDC_ONLY: needs OIDC_ISSUER_URL and OIDC_CLIENT_ID');
    return undefined;
  }
  if (!e.OIDC_CLIENT_ID) return fail('OIDC_CLIENT_ID: required with OIDC_ISSUER_URL');
  const issuer = new URL(e.OIDC_ISSUER_URL);
  const isLoopback = ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
  const allowHttp = !isProduction || isLoopback;
  if (issuer.protocol !== 'https:' && !(issuer.protocol === 'http:' && allowHttp)) {
    fail('OIDC_ISSUER_URL: must be an https:// URL in production');
  }
  return {
    issuerUrl: e.OIDC_ISSUER_URL,
    clientId: e.OIDC_CLIENT_ID,
    clientSecret: e.OIDC_CLIENT_SECRET,
    name: e.OIDC_NAME,
    allowHttp,
  };
}

/**
 * Production refuses the fallbacks that make a laptop install work (issue 13, finding 3): login
 * mail written to the log lets anyone who reads it sign in as anyone, and the sandbox checkout
 * grants Premium for free. Each one is allowed only by its own explicit setting.
 */
function productionGaps(e: ParsedEnv): string[] {
  const gaps: string[] = [];
  if (!e.SECRET_KEY) gaps.push('SECRET_KEY: required when NODE_ENV=production');
  if (!e.SMTP_URL && !e.MAIL_LOG_IN_PRODUCTION) {
    gaps.push(
      'SMTP_URL: required when NODE_ENV=production (or set MAIL_LOG_IN_PRODUCTION=true to write login mail to the log instead)',
    );
  }
  if (!e.STRIPE_SECRET_KEY && !e.SANDBOX_CHECKOUT_IN_PRODUCTION) {
    gaps.push(
      'STRIPE_SECRET_KEY: required when NODE_ENV=production (or set SANDBOX_CHECKOUT_IN_PRODUCTION=true to let the sandbox checkout grant Premium without payment)',
    );
  }
  return gaps;
}

function productionFallbackWarnings(e: ParsedEnv): string[] {
  const warnings: string[] = [];
  if (!e.SMTP_URL && e.MAIL_LOG_IN_PRODUCTION) {
    warnings.push(
      'UNSAFE: MAIL_LOG_IN_PRODUCTION is on and SMTP_URL is not set, so login codes and sign-in links are written to this log instead of being mailed. Anyone who can read the log can sign in as any user. Set SMTP_URL to send mail.',
    );
  }
  if (!e.STRIPE_SECRET_KEY && e.SANDBOX_CHECKOUT_IN_PRODUCTION) {
    warnings.push(
      'UNSAFE: SANDBOX_CHECKOUT_IN_PRODUCTION is on and Stripe is not set up, so any user can get paid Premium from the sandbox checkout without paying. Set STRIPE_SECRET_KEY to take real payments.',
    );
  }
  return warnings;
}
