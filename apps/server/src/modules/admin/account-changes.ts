import type { AdminUser } from '@hustle/shared/admin';
import type { FeatureFlag } from '@hustle/shared/constants';
import type { Db } from '../../db/database.ts';
import type { AdminActionsTable } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { revokeAllSessionsOf, type SessionContext } from '../auth/auth.service.ts';
import type { UnitOfWork, WritePath } from '../workspaces/unit-of-work.ts';
import { flagsToStore, type AccountView } from './admin-view.ts';
import * as repo from './admin.repository.ts';

/** What an admin action records besides who, whom and when. */
type Action = Pick<AdminActionsTable, 'kind' | 'feature_flags'>;

/**
 * An admin's changes of an account (decision 057). Each runs as a unit of work on the account's
 * workspace, so its open pages hear of it at once (on every server), and is recorded in the same
 * transaction; a change that changes nothing records nothing.
 */
export function createAccountChanges(deps: { db: Db; writes: WritePath; view: AccountView }) {
  const { db, writes, view } = deps;

  async function accountOf(userId: string): Promise<repo.AccountRow> {
    const row = await repo.findAccount(db, userId);
    if (!row) throw notFound('Account');
    return row;
  }

  async function change(
    admin: SessionContext,
    userId: string,
    apply: (uow: UnitOfWork, account: repo.AccountRow) => Promise<Action | null>,
  ): Promise<{ user: AdminUser }> {
    const account = await accountOf(userId);
    await writes.run({ workspaceId: account.workspace_id }, async (uow) => {
      const action = await apply(uow, account);
      if (!action) return;
      await repo.insertAction(uow.trx, {
        id: newId(),
        created_at: uow.now,
        admin_email: admin.email,
        target_user_id: account.id,
        target_email: account.email,
        ...action,
      });
    });
    return { user: view.viewOf(await accountOf(userId)) };
  }

  return {
    /** Ends the account's sessions and live streams at once; it cannot sign in until enabled. */
    disable: (admin: SessionContext, userId: string) =>
      change(admin, userId, async (uow, account) => {
        if (view.isAdmin(account.email)) {
          throw new AppError(
            'FORBIDDEN',
            'An admin of this instance cannot be disabled. Take the address out of ADMIN_EMAILS first.',
          );
        }
        if (!(await repo.setDisabled(uow.trx, account.id, uow.now))) return null;
        // Each ended session is a change of the workspace: its open streams wake and end.
        for (const id of await revokeAllSessionsOf(uow.trx, account.id, uow.now)) {
          uow.changed([account.workspace_id], 'session', id, 'delete');
        }
        return { kind: 'disable', feature_flags: null };
      }),

    enable: (admin: SessionContext, userId: string) =>
      change(admin, userId, async (uow, account) =>
        (await repo.setDisabled(uow.trx, account.id, null))
          ? { kind: 'enable', feature_flags: null }
          : null,
      ),

    /** The account's own features, or null to follow the server's setting. */
    setFeatureFlags: (admin: SessionContext, userId: string, flags: FeatureFlag[] | null) =>
      change(admin, userId, async (uow, account) => {
        const stored = flagsToStore(flags);
        if (stored === account.feature_flags) return null;
        await repo.setFeatureFlags(uow.trx, account.id, stored);
        // The account's open pages read their session, and so their features, again.
        uow.changed([account.workspace_id], 'account', account.id);
        return { kind: 'feature-flags', feature_flags: stored };
      }),
  };
}
