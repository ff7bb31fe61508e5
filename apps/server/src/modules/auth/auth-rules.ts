import type { TokenScope } from '@hustle/shared/tokens';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { TokensService } from '../tokens/tokens.service.ts';
import type { SignUpGateDeps } from './sign-up-gate.ts';

/** ARCHITECTURE §5, in one place. */
export const AUTH_RULES = {
  codeTtlMinutes: 10,
  codeMaxTries: 5,
  codeResendCooldownSeconds: 60,
  accountFailuresPerHour: 100,
  magicLinkTtlMinutes: 15,
  sessionAbsoluteDays: 90,
  sessionIdleDays: 30,
  sessionTouchEveryMinutes: 1,
} as const;

export interface SessionContext {
  sessionId: string;
  userId: string;
  workspaceId: string;
  email: string;
  /** Set when a personal access token, not a signed-in session, made the request (issue 32). */
  token?: { id: string; scopes: TokenScope[] };
  /** The Idempotency-Key of the write request this session runs, if it carried one. */
  idempotency?: { key: string; fingerprint: string } | undefined;
}

export interface AuthServiceDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  secretKey: string;
  appUrl: string;
  /** Debug codes and links are never handed out in production, whatever the transport. */
  exposeDebugSecrets: boolean;
  /** Where a magic link may land besides this app (config `magicLinkCallbacks`). */
  magicLinkCallbacks: { allowLocal: boolean; origins: readonly string[] };
  limits: { ipCodeRequestsPer10Min: number; ipFailuresPer10Min: number };
  /** Who may make a new account, and how an invite link is checked (decision 056). */
  signUp: SignUpGateDeps;
  /** Called in the sign-up transaction, e.g. to start the trial. */
  onUserCreated: (trx: Db, userId: string) => Promise<void>;
  /** Personal access tokens, which sign requests in as their owner (issue 32). */
  tokens: Pick<TokensService, 'isTokenSecret' | 'verify'>;
}

export const iso = (date: Date) => date.toISOString();
