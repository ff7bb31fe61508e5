import { useQueryClient } from '@tanstack/react-query';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { outboxOf, useOutboxState } from '../../sync/outbox/outbox-state.ts';
import styles from './not-saved-dialog.module.css';

/**
 * decision 021: a command the server refused is never dropped silently. It waits here, with the
 * server's reason, to be sent again (Retry) or given up (Discard); later changes wait for it.
 */
export function NotSavedDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const refused = useOutboxState((state) => state.refused);
  const outbox = outboxOf(queryClient);

  return (
    <Modal title="Not saved" onClose={onClose}>
      <p className={styles.intro}>
        The server did not take these changes. Later changes wait until each is retried or
        discarded.
      </p>
      <ul className={styles.list} aria-label="Changes not saved">
        {refused.map((entry) => (
          <li key={entry.key} className={styles.item}>
            <div className={styles.what}>
              <span className={styles.label}>{entry.label}</span>
              <span className={styles.reason}>{entry.refusal?.message}</span>
            </div>
            <div className={styles.actions}>
              <Button variant="ghost" onClick={() => outbox?.discard(entry.key)}>
                Discard
              </Button>
              <Button variant="primary" onClick={() => outbox?.retry(entry.key)}>
                Retry
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
