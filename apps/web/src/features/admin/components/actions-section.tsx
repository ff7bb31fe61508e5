import type { AdminAction } from '@hustle/shared/admin';
import { LoadFailure } from '../../../ui/load-failure.tsx';
import { Loader } from '../../../ui/loader.tsx';
import { SettingsCard } from '../../../ui/settings-card.tsx';
import { useAdminActions } from '../api/admin-queries.ts';
import styles from '../admin.module.css';
import { featuresText } from './feature-choice.ts';

/** 'Disabled ada@example.com', 'Gave ada@example.com: Automation only'. */
export function actionText(action: AdminAction): string {
  if (action.kind === 'disable') return `Disabled ${action.targetEmail}`;
  if (action.kind === 'enable') return `Enabled ${action.targetEmail}`;
  return action.featureFlags === null
    ? `Put ${action.targetEmail} back on the server default`
    : `Gave ${action.targetEmail}: ${featuresText(action.featureFlags)}`;
}

const atText = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export function ActionsSection() {
  const actions = useAdminActions();
  return (
    <SettingsCard title="Admin actions">
      <p className={styles.muted}>Every change made on this page: who, what and when.</p>
      {actions.isPending ? (
        <Loader label="Loading the admin actions…" />
      ) : actions.isError ? (
        <LoadFailure error={actions.error} onRetry={() => void actions.refetch()} />
      ) : actions.data.actions.length === 0 ? (
        <p className={styles.muted}>No admin has changed anything yet.</p>
      ) : (
        <ol className={styles.rows} aria-label="Admin actions">
          {actions.data.actions.map((action) => (
            <li key={action.id} className={styles.action}>
              <p>{actionText(action)}</p>
              <p className={styles.muted}>
                <time dateTime={action.at}>{atText(action.at)}</time> · by {action.adminEmail}
              </p>
            </li>
          ))}
        </ol>
      )}
    </SettingsCard>
  );
}
