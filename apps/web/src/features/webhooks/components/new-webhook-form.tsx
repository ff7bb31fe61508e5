import {
  WEBHOOK_LIMITS,
  WebhookUrlSchema,
  type CreatedWebhook,
  type WebhookEvent,
} from '@hustle/shared/webhooks';
import { useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '../../../api/api-error.ts';
import { Button } from '../../../ui/button.tsx';
import { CopyField } from '../../../ui/copy-field.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useCreateWebhook } from '../api/webhooks.ts';
import { EventChoices } from './event-choices.tsx';
import styles from '../webhooks.module.css';

const FIRST_EVENTS: WebhookEvent[] = ['task.created', 'task.completed'];

/** An address and the events to send to it; then its signing secret, shown this once. */
export function NewWebhookForm({ onDone }: { onDone: () => void }) {
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  return created ? (
    <SecretNote webhook={created} onDone={onDone} />
  ) : (
    <WebhookForm onCreated={setCreated} onCancel={onDone} />
  );
}

function WebhookForm({
  onCreated,
  onCancel,
}: {
  onCreated: (webhook: CreatedWebhook) => void;
  onCancel: () => void;
}) {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(FIRST_EVENTS);
  const [urlProblem, setUrlProblem] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateWebhook();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = WebhookUrlSchema.safeParse(url);
    setUrlProblem(address.success ? undefined : address.error.issues[0]?.message);
    setProblem(events.length === 0 ? 'Choose at least one event.' : null);
    if (!address.success || events.length === 0) return;
    create.mutate(
      { url: address.data, events },
      {
        onSuccess: onCreated,
        onError: (error) =>
          isAboutTheAddress(error)
            ? setUrlProblem(errorMessage(error))
            : setProblem(`Could not add the webhook. ${errorMessage(error)}`),
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="New webhook">
      <TextField
        label="Address"
        hint="Where Hustle sends each event, e.g. https://example.com/hooks/hustle."
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        value={url}
        error={urlProblem}
        maxLength={WEBHOOK_LIMITS.urlLength}
        autoFocus
        onChange={(event) => setUrl(event.target.value)}
      />
      <EventChoices legend="Events" chosen={events} onChange={setEvents} />
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" variant="primary" isLoading={create.isPending}>
          Add webhook
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </form>
  );
}

/** The server refused the address itself (a private host, one it cannot resolve, a bad form). */
const isAboutTheAddress = (error: unknown) =>
  error instanceof ApiError &&
  (error.code === 'WEBHOOK_ADDRESS_REFUSED' || error.code === 'VALIDATION_FAILED');

function SecretNote({ webhook, onDone }: { webhook: CreatedWebhook; onDone: () => void }) {
  return (
    <div className={styles.secretBox} role="status">
      <p>
        Events now go to <strong className={styles.url}>{webhook.url}</strong>. Copy its signing
        secret now and give it to the receiver, which checks each request&rsquo;s{' '}
        <code className={styles.code}>webhook-signature</code> with it. It will not be shown again.
      </p>
      <CopyField
        value={webhook.secret}
        label="Signing secret of the new webhook"
        what="the secret"
        isPrimary
      />
      <div className={styles.actions}>
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}
