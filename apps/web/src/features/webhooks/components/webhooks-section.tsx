import { WEBHOOK_LIMITS } from '@hustle/shared/webhooks';
import { useState } from 'react';
import { Button } from '../../../ui/button.tsx';
import { LoadFailure } from '../../../ui/load-failure.tsx';
import { Loader } from '../../../ui/loader.tsx';
import { SettingsCard } from '../../../ui/settings-card.tsx';
import { useWebhooks } from '../api/webhooks.ts';
import { NewWebhookForm } from './new-webhook-form.tsx';
import { WebhookRow } from './webhook-row.tsx';
import styles from '../webhooks.module.css';

/** Signed webhooks on the account page (issue 32, decision 071): added, listed, changed. */
export function WebhooksSection() {
  const webhooks = useWebhooks();
  const [isAdding, setIsAdding] = useState(false);
  const isFull = (webhooks.data?.length ?? 0) >= WEBHOOK_LIMITS.perAccount;
  return (
    <SettingsCard
      title="Webhooks"
      action={
        !isAdding && !isFull && <Button onClick={() => setIsAdding(true)}>New webhook</Button>
      }
    >
      <p className={styles.muted}>
        Tell another app the moment tasks and projects change. Hustle sends each event you choose to
        your address as a signed request (Standard Webhooks), and tries again for about a day if it
        fails.
      </p>
      {isAdding && <NewWebhookForm onDone={() => setIsAdding(false)} />}
      {webhooks.isPending ? (
        <Loader label="Loading your webhooks…" />
      ) : webhooks.isError ? (
        <LoadFailure
          what="Could not load your webhooks."
          error={webhooks.error}
          onRetry={() => void webhooks.refetch()}
        />
      ) : webhooks.data.length === 0 ? (
        !isAdding && <p className={styles.muted}>No webhooks yet.</p>
      ) : (
        <>
          <ul className={styles.list} aria-label="Your webhooks">
            {webhooks.data.map((webhook) => (
              <WebhookRow key={webhook.id} webhook={webhook} />
            ))}
          </ul>
          {isFull && (
            <p className={styles.muted}>
              You have {WEBHOOK_LIMITS.perAccount} webhooks, the most an account can have. Delete
              one to add another.
            </p>
          )}
        </>
      )}
    </SettingsCard>
  );
}
