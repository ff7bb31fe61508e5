import path from 'node:path';
import { z } from 'zod';
import { FEATURE_FLAGS } from '@hustle/shared/constants';

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
  SECRET_KEY: z.string().min(32, 'SECRET_KEY needs at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Hustle <no-reply@hustle.localhost>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CORS_ORIGINS: z.string().optional(),
  TRUST_PROXY: booleanish.default(false),
  FEATURE_FLAGS: z.string().default(FEATURE_FLAGS.join(',')),
  TRIAL_DAYS: z.coerce.number().int().min(0).max(365).default(14),
  AUTH_IP_CODE_REQUESTS_PER_10_MIN: z.coerce.number().int().positive().default(30),
  AUTH_IP_FAILURES_PER_10_MIN: z.coerce.number().int().positive().default(30),
  SCHEDULER_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),
  EVENTS_POLL_MS: z.coerce.number().int().min(20).max(60_000).default(500),
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(1200),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PRICE_QUARTER: z.string().optional(),
  STRIPE_PRICE_YEAR: z.string().optional(),
  STRIPE_API_URL: z.url().optional(),
  WEB_DIST_DIR: z.string().optional(),
});

export type Env = z.input<typeof EnvSchema>;

export interface Config {
  env: 'development' | 'test' | 'production';
  isProduction: boolean;
  host: string;
  port: number;
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  secretKey: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: string;
  corsOrigins: string[];
  trustProxy: boolean;
  featureFlags: (typeof FEATURE_FLAGS)[number][];
  trialDays: number;
  authLimits: { ipCodeRequestsPer10Min: number; ipFailuresPer10Min: number };
  apiRateLimitPerMinute: number;
  /** How often open event streams look for new workspace versions. */
  eventsPollMs: number;
  /** How often the automation scheduler looks for due runs; 0 turns it off. */
  schedulerIntervalMs: number;
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
}

export class ConfigError extends Error {}

/** The one place that reads the environment (STYLE: env validated by zod once at boot). */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
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
  if (e.NODE_ENV === 'production' && !e.SECRET_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  SECRET_KEY: required when NODE_ENV=production',
    );
  }
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    host: e.HOST,
    port: e.PORT,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    secretKey: e.SECRET_KEY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    corsOrigins: (e.CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    trustProxy: e.TRUST_PROXY,
    featureFlags: flags as Config['featureFlags'],
    trialDays: e.TRIAL_DAYS,
    authLimits: {
      ipCodeRequestsPer10Min: e.AUTH_IP_CODE_REQUESTS_PER_10_MIN,
      ipFailuresPer10Min: e.AUTH_IP_FAILURES_PER_10_MIN,
    },
    apiRateLimitPerMinute: e.API_RATE_LIMIT_PER_MINUTE,
    eventsPollMs: e.EVENTS_POLL_MS,
    schedulerIntervalMs: e.SCHEDULER_INTERVAL_MS,
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
  };
}
