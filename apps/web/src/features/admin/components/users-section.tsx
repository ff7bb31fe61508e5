import { useEffect, useState } from 'react';
import { LoadFailure } from '../../../ui/load-failure.tsx';
import { Loader } from '../../../ui/loader.tsx';
import { SettingsCard } from '../../../ui/settings-card.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useAdminOverview, useAdminUsers } from '../api/admin-queries.ts';
import styles from '../admin.module.css';
import { UserRow } from './user-row.tsx';

/** How long typing rests before the search is sent. */
const SEARCH_PAUSE_MS = 250;

export function UsersSection() {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setSearch(typed.trim()), SEARCH_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [typed]);
  const users = useAdminUsers(search);
  const defaults = useAdminOverview().data?.defaultFeatureFlags ?? [];

  return (
    <SettingsCard
      title="Accounts"
      action={
        users.data && (
          <p className={styles.muted} aria-live="polite">
            {users.data.matching > users.data.users.length
              ? `${users.data.users.length} of ${users.data.matching} shown`
              : users.data.matching === 1
                ? '1 account'
                : `${users.data.matching} accounts`}
          </p>
        )
      }
    >
      <TextField
        label="Find an account"
        type="search"
        placeholder="Part of an e-mail address"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        autoComplete="off"
        spellCheck={false}
      />
      {users.isPending ? (
        <Loader label="Loading the accounts…" />
      ) : users.isError ? (
        <LoadFailure error={users.error} onRetry={() => void users.refetch()} />
      ) : users.data.users.length === 0 ? (
        <p className={styles.muted}>No account’s address holds “{search}”.</p>
      ) : (
        <ul className={styles.rows} aria-label="Accounts">
          {users.data.users.map((user) => (
            <UserRow key={user.id} user={user} defaults={defaults} />
          ))}
        </ul>
      )}
    </SettingsCard>
  );
}
