import { LoadFailure } from '../../../ui/load-failure.tsx';
import { Loader } from '../../../ui/loader.tsx';
import { SettingsCard } from '../../../ui/settings-card.tsx';
import { useAdminOverview } from '../api/admin-queries.ts';
import styles from '../admin.module.css';

const count = (n: number) => n.toLocaleString('en');

/** '812 kB', '3.4 MB', '1.2 GB': the database's size as a person reads it. */
export function formatBytes(bytes: number): string {
  if (bytes < 1_000_000) return `${Math.max(1, Math.round(bytes / 1000))} kB`;
  if (bytes < 1_000_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  return `${(bytes / 1_000_000_000).toFixed(1)} GB`;
}

export function FiguresSection() {
  const overview = useAdminOverview();
  return (
    <SettingsCard title="This instance">
      {overview.isPending ? (
        <Loader label="Loading the figures…" />
      ) : overview.isError ? (
        <LoadFailure error={overview.error} onRetry={() => void overview.refetch()} />
      ) : (
        <dl className={styles.figures}>
          <div className={styles.figure}>
            <dt>Accounts</dt>
            <dd>{count(overview.data.users)}</dd>
            {overview.data.disabledUsers > 0 && (
              <dd className={styles.muted}>{count(overview.data.disabledUsers)} disabled</dd>
            )}
          </div>
          <div className={styles.figure}>
            <dt>Tasks</dt>
            <dd>{count(overview.data.tasks)}</dd>
          </div>
          <div className={styles.figure}>
            <dt>Database</dt>
            <dd>{formatBytes(overview.data.databaseBytes)}</dd>
          </div>
        </dl>
      )}
    </SettingsCard>
  );
}
