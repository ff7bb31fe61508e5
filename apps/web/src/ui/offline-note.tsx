import { NEEDS_CONNECTION, useIsOnline } from '../api/use-is-online.ts';
import styles from './offline-note.module.css';

/** Says why an action that needs the server waits while offline (issue 15); nothing online. */
export function OfflineNote() {
  const isOnline = useIsOnline();
  if (isOnline) return null;
  return (
    <p className={styles.note} role="note">
      {NEEDS_CONNECTION}
    </p>
  );
}
