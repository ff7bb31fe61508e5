import type { WebhookEndpoint, WebhookEvent } from '@hustle/shared/webhooks';
import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '../../../api/api-error.ts';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { formatLongDate } from '../../../ui/dates.ts';
import { Badge } from '../../../ui/settings-list.tsx';
import { useToastStore } from '../../../ui/toast-store.ts';
import { useDeleteWebhook, useUpdateWebhook } from '../api/webhooks.ts';
import { DeliveriesLog } from './deliveries-log.tsx';
import { EventChoices } from './event-choices.tsx';
import { EVENT_LABELS } from './event-labels.ts';
import styles from '../webhooks.module.css';

function stateBadge(webhook: WebhookEndpoint) {
  if (webhook.enabled) return <Badge tone="accent">On</Badge>;
  return (
    <Badge tone="quiet">{webhook.disabledReason === 'failing' ? 'Off: failing' : 'Off'}</Badge>
  );
}

/** One endpoint: its address, events and state; turned on or off, its events changed, deleted. */
export function WebhookRow({ webhook }: { webhook: WebhookEndpoint }) {
  const update = useUpdateWebhook(webhook.id);
  const remove = useDeleteWebhook(webhook.id);
  const addToast = useToastStore((state) => state.addToast);
  const [problem, setProblem] = useState<string | null>(null);
  const [isEditing, setIsEditing] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  const [showsLog, setShowsLog] = useState(false);
  const logId = useId();

  const switchOnOff = () => {
    setProblem(null);
    const enabled = !webhook.enabled;
    update.mutate(
      { enabled },
      {
        onSuccess: () =>
          addToast({ message: `Webhook to ${webhook.url} is ${enabled ? 'on' : 'off'}.` }),
        onError: (error) =>
          setProblem(`Could not turn it ${enabled ? 'on' : 'off'}. ${errorMessage(error)}`),
      },
    );
  };
  const saveEvents = (events: WebhookEvent[]) => {
    setProblem(null);
    update.mutate(
      { events },
      {
        onSuccess: () => {
          setIsEditing(false);
          addToast({ message: `Events of ${webhook.url} saved.` });
        },
        onError: (error) => setProblem(`Could not save the events. ${errorMessage(error)}`),
      },
    );
  };
  const confirmDelete = () =>
    remove.mutate(undefined, {
      onSuccess: () => addToast({ message: `Webhook to ${webhook.url} is deleted.` }),
      onError: (error) =>
        addToast({
          message: `Could not delete the webhook to ${webhook.url}. ${errorMessage(error)}`,
          tone: 'danger',
        }),
    });

  return (
    <li className={styles.row}>
      <div className={styles.rowText}>
        <p className={styles.title}>
          <span className={styles.url}>{webhook.url}</span>
          {stateBadge(webhook)}
        </p>
        <p className={styles.muted}>
          {webhook.events.map((event) => EVENT_LABELS[event]).join(', ')} · Added{' '}
          {formatLongDate(webhook.createdAt)}
        </p>
        {webhook.disabledReason === 'failing' && (
          <p className={styles.warning}>
            Turned off after failing for a day. Fix the receiver, then turn it on again; what
            happened meanwhile is in the deliveries.
          </p>
        )}
      </div>
      <div className={styles.actions}>
        <Button
          onClick={switchOnOff}
          isLoading={update.isPending && update.variables.enabled !== undefined}
          aria-label={`${webhook.enabled ? 'Turn off' : 'Turn on'} the webhook to ${webhook.url}`}
        >
          {webhook.enabled ? 'Turn off' : 'Turn on'}
        </Button>
        <Button
          variant="ghost"
          onClick={() => setIsEditing((open) => !open)}
          aria-expanded={isEditing}
          aria-label={`Change the events of ${webhook.url}`}
        >
          Change events
        </Button>
        <Button
          variant="ghost"
          onClick={() => setShowsLog((open) => !open)}
          aria-expanded={showsLog}
          aria-controls={showsLog ? logId : undefined}
          aria-label={`Deliveries to ${webhook.url}`}
        >
          Deliveries
        </Button>
        <Button
          variant="ghost"
          onClick={() => setIsConfirming(true)}
          isLoading={remove.isPending}
          aria-label={`Delete the webhook to ${webhook.url}`}
        >
          Delete
        </Button>
      </div>
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
      {isEditing && (
        <EventsForm
          url={webhook.url}
          events={webhook.events}
          isSaving={update.isPending}
          onSave={saveEvents}
          onCancel={() => setIsEditing(false)}
        />
      )}
      {showsLog && (
        <div id={logId}>
          <DeliveriesLog webhookId={webhook.id} label={webhook.url} />
        </div>
      )}
      {isConfirming && (
        <ConfirmDialog
          title="Delete this webhook?"
          confirmLabel="Delete"
          onConfirm={confirmDelete}
          onClose={() => setIsConfirming(false)}
        >
          <strong className={styles.url}>{webhook.url}</strong> gets no more events, and its
          delivery log is deleted with it. This cannot be undone.
        </ConfirmDialog>
      )}
    </li>
  );
}

function EventsForm({
  url,
  events,
  isSaving,
  onSave,
  onCancel,
}: {
  url: string;
  events: WebhookEvent[];
  isSaving: boolean;
  onSave: (events: WebhookEvent[]) => void;
  onCancel: () => void;
}) {
  const [chosen, setChosen] = useState(events);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0) return setProblem('Choose at least one event.');
    setProblem(null);
    onSave(chosen);
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={`Events of ${url}`}>
      <EventChoices legend="Events to send" chosen={chosen} onChange={setChosen} />
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" variant="primary" isLoading={isSaving}>
          Save events
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </form>
  );
}
