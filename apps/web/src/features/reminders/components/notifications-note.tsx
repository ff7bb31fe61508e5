import { Button } from '../../../ui/button.tsx';
import type { NotificationsState } from '../api/push-subscription.ts';
import styles from './notifications-note.module.css';

/** What each answer of the browser means for what was turned on; `on` is a short confirmation. */
export type NotificationsNotes = Record<NotificationsState, string>;

const SAVED = 'The reminder is saved on the task.';

/** For a task's reminder (decision 083). */
export const REMINDER_NOTES: NotificationsNotes = {
  on: 'This browser will show the reminder.',
  denied:
    'Your browser blocks notifications from Hustle, so the reminder will not pop up here. ' +
    `${SAVED} To allow them, open the site settings next to the address and set Notifications ` +
    'to Allow.',
  unsupported: `This browser cannot show notifications, so the reminder will not pop up here. ${SAVED}`,
  'not-allowed': `Notifications are not allowed yet, so the reminder will not pop up here. ${SAVED}`,
  failed: `Notifications could not be set up in this browser just now. ${SAVED}`,
};

const BY_MAIL = 'Without a browser that shows them, nudges come by e-mail instead.';

/** For the daily nudges (decision 084): here, or by e-mail. */
export const NUDGE_NOTES: NotificationsNotes = {
  on: 'This browser will show the nudges.',
  denied:
    `Your browser blocks notifications from Hustle, so nudges will not pop up here. ${BY_MAIL} ` +
    'To allow them, open the site settings next to the address and set Notifications to Allow.',
  unsupported: `This browser cannot show notifications. ${BY_MAIL}`,
  'not-allowed': `Notifications are not allowed yet, so nudges will not pop up here. ${BY_MAIL}`,
  failed: `Notifications could not be set up in this browser just now. ${BY_MAIL}`,
};

/** Where the browser stands on showing notifications, and the one thing to do about it. */
export function NotificationsNote({
  state,
  notes,
  onAsk,
  compact = false,
}: {
  state: NotificationsState;
  notes: NotificationsNotes;
  onAsk: () => void;
  /** Inside a task's details: smaller text and controls. */
  compact?: boolean;
}) {
  const action =
    state === 'not-allowed' ? 'Allow notifications' : state === 'failed' ? 'Try again' : null;
  const tone = state === 'on' ? styles.noteOn : styles.note;
  return (
    <div className={compact ? `${tone} ${styles.compact}` : tone} role="status">
      <p className={styles.noteText}>{notes[state]}</p>
      {action && (
        <Button variant="secondary" className={styles.button} onClick={onAsk}>
          {action}
        </Button>
      )}
    </div>
  );
}
