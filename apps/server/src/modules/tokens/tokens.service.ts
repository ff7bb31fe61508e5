import {
  TOKEN_LIMITS,
  TOKEN_PREFIX,
  TOKEN_SCOPES,
  type CreatedToken,
  type CreateTokenBody,
  type PersonalToken,
  type TokenScope,
} from '@hustle/shared/tokens';
import type { Db, DialectName } from '../../db/database.ts';
import { lockUser } from '../../db/lock-user.ts';
import type { PersonalTokensTable } from '../../db/schema.ts';
import { addDays, addMinutes, type Clock } from '../../lib/clock.ts';
import { AppError, notFound, unauthorized } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { newSecretToken, sha256 } from '../../lib/tokens.ts';
import * as repo from './tokens.repository.ts';

/** Last use is written at most this often, so a busy token does not write on every request. */
const TOUCH_EVERY_MINUTES = 1;

/** Who a token signs in as, and what it may do. */
export interface TokenIdentity {
  tokenId: string;
  scopes: TokenScope[];
  userId: string;
  workspaceId: string;
  email: string;
}

const scopesOf = (stored: string): TokenScope[] =>
  TOKEN_SCOPES.filter((scope) => stored.split(' ').includes(scope));

const toToken = (row: PersonalTokensTable): PersonalToken => ({
  id: row.id,
  name: row.name,
  scopes: scopesOf(row.scopes),
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  lastUsedAt: row.last_used_at,
});

/** Personal access tokens (issue 32): made, listed and revoked by their owner's session. */
export function createTokensService(deps: { db: Db; dialect: DialectName; clock: Clock }) {
  const { db, clock } = deps;
  const now = () => clock.now().toISOString();

  return {
    isTokenSecret: (bearer: string) => bearer.startsWith(TOKEN_PREFIX),

    async list(userId: string): Promise<PersonalToken[]> {
      return (await repo.listTokensOf(db, userId)).map(toToken);
    },

    async create(userId: string, body: CreateTokenBody): Promise<CreatedToken> {
      const secret = `${TOKEN_PREFIX}${newSecretToken(32)}`;
      const at = clock.now();
      const row: PersonalTokensTable = {
        id: newId(),
        user_id: userId,
        name: body.name,
        token_hash: sha256(secret),
        scopes: TOKEN_SCOPES.filter((scope) => body.scopes.includes(scope)).join(' '),
        created_at: at.toISOString(),
        expires_at: body.expiresInDays ? addDays(at, body.expiresInDays).toISOString() : null,
        last_used_at: null,
        revoked_at: null,
      };
      // Counted and written in one transaction, so two at once cannot pass the limit together.
      await db.transaction().execute(async (trx) => {
        await lockUser(trx, deps.dialect, userId);
        if ((await repo.countLiveTokensOf(trx, userId)) >= TOKEN_LIMITS.perAccount) {
          throw new AppError(
            'TOKEN_LIMIT_REACHED',
            `An account holds at most ${TOKEN_LIMITS.perAccount} access tokens. Revoke one you no longer use.`,
          );
        }
        await repo.insertToken(trx, row);
      });
      return { ...toToken(row), secret };
    },

    async revoke(userId: string, tokenId: string): Promise<void> {
      if (!(await repo.revokeTokenOf(db, userId, tokenId, now()))) throw notFound('Token');
    },

    /** The token's owner and scopes; 401 when it is unknown, revoked or expired. */
    async verify(secret: string): Promise<TokenIdentity> {
      const row = await repo.findTokenByHash(db, sha256(secret));
      const at = clock.now();
      // A disabled account's tokens stop with its sessions (decision 057).
      const isOver = row?.expires_at ? row.expires_at <= at.toISOString() : false;
      if (!row || row.revoked_at || row.disabled_at || isOver) {
        throw unauthorized(
          'This access token is not valid: it was revoked, has expired or is mistyped.',
        );
      }
      if (
        !row.last_used_at ||
        row.last_used_at <= addMinutes(at, -TOUCH_EVERY_MINUTES).toISOString()
      ) {
        await repo.touchToken(db, row.id, at.toISOString());
      }
      return {
        tokenId: row.id,
        scopes: scopesOf(row.scopes),
        userId: row.user_id,
        workspaceId: row.workspace_id,
        email: row.email,
      };
    },
  };
}

export type TokensService = ReturnType<typeof createTokensService>;
