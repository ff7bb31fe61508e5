import { useEffect, useState } from 'react';
import { errorMessage } from '../../../api/api-error.ts';
import { Button } from '../../../ui/button.tsx';
import { Loader } from '../../../ui/loader.tsx';
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
    <section className={styles.card} aria-labelledby="admin-users">
      <div className={styles.cardHeader}>
        <h2 id="admin-users" className={styles.cardTitle}>
          Accounts
        </h2>
        {users.data && (
          <p className={styles.muted} aria-live="polite">
            {users.data.matching > users.data.users.length
              ? `${users.data.users.length} of ${users.data.matching} shown`
              : users.data.matching === 1
                ? '1 account'
                : `${users.data.matching} accounts`}
          </p>
        )}
      </div>
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
        <div className={styles.failure} role="alert">
          <p>{errorMessage(users.error)}</p>
          <Button onClick={() => void users.refetch()}>Try again</Button>
        </div>
      ) : users.data.users.length === 0 ? (
        <p className={styles.muted}>No account’s address holds “{search}”.</p>
      ) : (
        <ul className={styles.rows} aria-label="Accounts">
          {users.data.users.map((user) => (
            <UserRow key={user.id} user={user} defaults={defaults} />
          ))}
        </ul>
      )}
    </section>
  );
}
