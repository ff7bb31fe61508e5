import { Button } from '../../../ui/button.tsx';
import type { NotificationsState } from '../api/push-subscription.ts';
import styles from './daily-nudges-section.module.css';

const BY_MAIL = 'Without a browser that shows them, nudges come by e-mail instead.';

/** What the browser's answer means for the nudges (decision 084): here, or by e-mail. */
const NOTES: Record<NotificationsState, string> = {
  on: 'This browser will show the nudges.',
  denied:
    `Your browser blocks notifications from Hustle, so nudges will not pop up here. ${BY_MAIL} ` +
    'To allow them, open the site settings next to the address and set Notifications to Allow.',
  unsupported: `This browser cannot show notifications. ${BY_MAIL}`,
  'not-allowed': `Notifications are not allowed yet, so nudges will not pop up here. ${BY_MAIL}`,
  failed: `Notifications could not be set up in this browser just now. ${BY_MAIL}`,
};

export function NudgesNote({ state, onAsk }: { state: NotificationsState; onAsk: () => void }) {
  const action =
    state === 'not-allowed' ? 'Allow notifications' : state === 'failed' ? 'Try again' : null;
  return (
    <div className={state === 'on' ? styles.noteOn : styles.note} role="status">
      <p className={styles.noteText}>{NOTES[state]}</p>
      {action && (
        <Button variant="secondary" onClick={onAsk}>
          {action}
        </Button>
      )}
    </div>
  );
}
