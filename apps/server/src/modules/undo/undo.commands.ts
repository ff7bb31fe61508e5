import { UNDO_WINDOW_MINUTES } from '@hustle/shared/constants';
import { UNDO_KINDS, type UndoKind, type UndoResponse } from '@hustle/shared/undo';
import type { undoApi } from '@hustle/shared/undo.api';
import { notFound } from '../../lib/errors.ts';
import type { Policy } from '../policy/policy.service.ts';
import type { CommandHandler } from '../workspaces/command-routes.ts';
import type { UndoSnapshot } from '../workspaces/unit-of-work.ts';
import { findUndoEntry, markUndone } from '../workspaces/workspaces.service.ts';
import { createRestorers, requireReachNow, unavailable } from './undo-restorers.ts';

type Api = typeof undoApi;

/** A kind this version knows how to undo; an entry of any other is answered as unknown. */
const isUndoKind = (kind: string): kind is UndoKind =>
  (UNDO_KINDS as readonly string[]).includes(kind);

/** The undo command (decision 025); the router runs it as a unit of work. */
export function createUndoCommands(deps: { policy: Policy }): {
  undo: CommandHandler<Api['undo']>;
} {
  const restorers = createRestorers(deps.policy);
  return {
    /**
     * Undoes one undoable command of the caller's, once: a repeat answers the same and changes
     * nothing; another user's token is unknown.
     */
    async undo(uow, { session, params: { token } }): Promise<UndoResponse> {
      const entry = await findUndoEntry(uow.trx, token);
      if (!entry || entry.user_id !== session.userId || !isUndoKind(entry.kind)) {
        throw notFound('Undo');
      }
      const { kind } = entry;
      if (entry.undone_at) return { ...(await uow.ok()), kind };
      if (entry.expires_at <= uow.now) {
        throw unavailable(
          `This can no longer be undone: undo lasts ${UNDO_WINDOW_MINUTES} minutes.`,
        );
      }
      const snapshot = JSON.parse(entry.snapshot) as UndoSnapshot;
      await requireReachNow(uow.trx, entry.workspace_id, snapshot);
      await restorers[kind](uow, entry.workspace_id, snapshot);
      await markUndone(uow.trx, token, uow.now);
      // The answer names what came back, beside the new version.
      return { ...(await uow.ok()), kind };
    },
  };
}
