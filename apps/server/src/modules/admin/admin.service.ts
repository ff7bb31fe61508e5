import {
  ADMIN_ACTIONS_SHOWN,
  ADMIN_USERS_PAGE,
  type AdminAction,
  type AdminOverview,
  type AdminUsersResponse,
} from '@hustle/shared/admin';
import type { FeatureFlag } from '@hustle/shared/constants';
import type { Db, DialectName } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { WritePath } from '../workspaces/unit-of-work.ts';
import { createAccountChanges } from './account-changes.ts';
import { createAccountView, storedFlags } from './admin-view.ts';
import * as repo from './admin.repository.ts';

/**
 * The instance admin page (issue 33, part B; docs/decisions/057-instance-admin.md): accounts,
 * disabling them, their features, the instance's figures, and a record of every admin action.
 * Who is an admin is a setting (ADMIN_EMAILS); the routes answer anyone else 404.
 */
export function createAdminService(deps: {
  db: Db;
  dialect: DialectName;
  writes: WritePath;
  clock: Clock;
  adminEmails: readonly string[];
  defaultFeatureFlags: readonly FeatureFlag[];
}) {
  const { db } = deps;
  const view = createAccountView(deps);

  return {
    isAdmin: view.isAdmin,
    ...createAccountChanges({ db, writes: deps.writes, view }),

    /** The features the account gets: its own setting, else the server's (spec S3.35/S6.8). */
    async featureFlagsOf(userId: string): Promise<FeatureFlag[]> {
      return view.effective(storedFlags(await repo.featureFlagsOf(db, userId)));
    },

    async overview(): Promise<AdminOverview> {
      const counts = await repo.instanceCounts(db);
      return {
        users: counts.users,
        disabledUsers: counts.disabled,
        tasks: counts.tasks,
        databaseBytes: await repo.databaseBytes(db, deps.dialect),
        defaultFeatureFlags: [...deps.defaultFeatureFlags],
      };
    },

    async listUsers(search = ''): Promise<AdminUsersResponse> {
      const text = search.trim().toLowerCase();
      const [rows, matching] = await Promise.all([
        repo.searchAccounts(db, text, ADMIN_USERS_PAGE),
        repo.countAccounts(db, text),
      ]);
      return { users: rows.map(view.viewOf), matching };
    },

    async listActions(): Promise<{ actions: AdminAction[] }> {
      const rows = await repo.latestActions(db, ADMIN_ACTIONS_SHOWN);
      return {
        actions: rows.map((row) => ({
          id: row.id,
          at: row.created_at,
          adminEmail: row.admin_email,
          kind: row.kind,
          targetEmail: row.target_email,
          featureFlags: storedFlags(row.feature_flags),
        })),
      };
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
