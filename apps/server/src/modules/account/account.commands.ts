import type { accountApi } from '@hustle/shared/account.api';
import { revokeOtherSessionsOf } from '../auth/auth.service.ts';
import type { CommandHandler } from '../workspaces/command-routes.ts';
import { endSession } from './account.service.ts';

type Api = typeof accountApi;
type Commands = Pick<Api, 'revokeSession' | 'revokeOtherSessions'>;

/**
 * The account's commands: signing devices out. Each is a command on the user's own workspace:
 * its version moves, so every open live stream of the account wakes at once (on every instance)
 * and a revoked one, finding its session gone, ends. Erasing the account is no plain command
 * (it takes the workspace the router would answer for): it stays in the account service.
 */
export function createAccountCommands(): {
  [Name in keyof Commands]: CommandHandler<Commands[Name]>;
} {
  return {
    async revokeSession(uow, { session, params }) {
      await endSession(uow, session, params.id);
    },

    async revokeOtherSessions(uow, { session, workspaceId }) {
      const { userId, sessionId } = session;
      const ended = await revokeOtherSessionsOf(uow.trx, userId, sessionId, uow.now);
      for (const id of ended) uow.changed([workspaceId], 'session', id, 'delete');
      // The answer says how many devices were signed out, beside the new version.
      return { ...(await uow.ok()), signedOut: ended.length };
    },
  };
}
