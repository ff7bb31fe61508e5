import { useState } from 'react';
import { useIsOnline } from '../../api/use-is-online.ts';
import { useOutboxState } from '../../sync/outbox/outbox-state.ts';
import { NotSavedDialog } from './not-saved-dialog.tsx';
import styles from './sync-status.module.css';

const changes = (count: number) => (count === 1 ? '1 change' : `${count} changes`);

/** What the outbox holds, in a few words (issue 15: saved / N changes waiting / offline). */
export function syncStatusText(isOnline: boolean, waiting: number, refused: number): string {
  if (refused > 0) return `${changes(refused)} not saved`;
  if (!isOnline) return waiting > 0 ? `Offline · ${changes(waiting)} waiting` : 'Offline';
  return waiting > 0 ? `${changes(waiting)} waiting` : 'Saved';
}

/** The top bar's sync indicator; with changes not saved it opens their list. */
export function SyncStatus() {
  const isOnline = useIsOnline();
  const waiting = useOutboxState((state) => state.waiting);
  const refused = useOutboxState((state) => state.refused.length);
  const [isListOpen, setIsListOpen] = useState(false);
  const text = syncStatusText(isOnline, waiting, refused);
  const tone = refused > 0 ? 'danger' : !isOnline ? 'offline' : waiting > 0 ? 'waiting' : 'saved';

  return (
    <>
      {refused > 0 ? (
        <button
          type="button"
          className={styles.status}
          data-tone={tone}
          aria-haspopup="dialog"
          title={text}
          onClick={() => setIsListOpen(true)}
        >
          <span className={styles.dot} aria-hidden="true" />
          <span className={styles.text}>{text}</span>
          <span className={styles.count} aria-hidden="true">
            {refused}
          </span>
        </button>
      ) : (
        <span className={styles.status} data-tone={tone} role="status" title={text}>
          <span className={styles.dot} aria-hidden="true" />
          <span className={styles.text}>{text}</span>
        </span>
      )}
      {isListOpen && refused > 0 && <NotSavedDialog onClose={() => setIsListOpen(false)} />}
    </>
  );
}
