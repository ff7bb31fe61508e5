import { Button } from '../../../ui/button.tsx';
import type { NotificationsState } from '../api/push-subscription.ts';
import styles from './reminder-field.module.css';

const SAVED = 'The reminder is saved on the task.';

/** What each answer means for the reminder, in calm words; `on` is a short confirmation. */
const NOTES: Record<NotificationsState, string> = {
  on: 'This browser will show the reminder.',
  denied:
    'Your browser blocks notifications from Hustle, so the reminder will not pop up here. ' +
    `${SAVED} To allow them, open the site settings next to the address and set Notifications ` +
    'to Allow.',
  unsupported: `This browser cannot show notifications, so the reminder will not pop up here. ${SAVED}`,
  'not-allowed': `Notifications are not allowed yet, so the reminder will not pop up here. ${SAVED}`,
  failed: `Notifications could not be set up in this browser just now. ${SAVED}`,
};

/** Where the browser stands on showing the reminder, and the one thing to do about it. */
export function NotificationsNote({
  state,
  onAsk,
}: {
  state: NotificationsState;
  onAsk: () => void;
}) {
  const action =
    state === 'not-allowed' ? 'Allow notifications' : state === 'failed' ? 'Try again' : null;
  return (
    <div className={state === 'on' ? styles.noteOn : styles.note} role="status">
      <p className={styles.noteText}>{NOTES[state]}</p>
      {action && (
        <Button variant="secondary" className={styles.button} onClick={onAsk}>
          {action}
        </Button>
      )}
    </div>
  );
}
