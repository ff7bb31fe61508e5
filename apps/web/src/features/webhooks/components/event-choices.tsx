import { WEBHOOK_EVENTS, type WebhookEvent } from '@hustle/shared/webhooks';
import { Choice } from '../../../ui/choice.tsx';
import { EVENT_LABELS, inContractOrder } from './event-labels.ts';
import styles from '../webhooks.module.css';

/** A checkbox per event the contract lists, with its name and the type a receiver sees. */
export function EventChoices({
  legend,
  chosen,
  onChange,
}: {
  legend: string;
  chosen: readonly WebhookEvent[];
  onChange: (events: WebhookEvent[]) => void;
}) {
  const toggle = (event: WebhookEvent) =>
    onChange(
      chosen.includes(event)
        ? chosen.filter((one) => one !== event)
        : inContractOrder([...chosen, event]),
    );
  return (
    <fieldset className={styles.choices}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.events}>
        {WEBHOOK_EVENTS.map((event) => (
          <Choice
            key={event}
            type="checkbox"
            checked={chosen.includes(event)}
            onChange={() => toggle(event)}
          >
            <span>
              {EVENT_LABELS[event]} <code className={styles.code}>{event}</code>
            </span>
          </Choice>
        ))}
      </div>
    </fieldset>
  );
}
