import type { WebhookDelivery } from '@hustle/shared/webhooks';
import dayjs from 'dayjs';
import { useState } from 'react';
import { errorMessage } from '../../../api/api-error.ts';
import { Button } from '../../../ui/button.tsx';
import { DISPLAY_LOCALE } from '../../../ui/dates.ts';
import { LoadFailure } from '../../../ui/load-failure.tsx';
import { Loader } from '../../../ui/loader.tsx';
import { useRedeliverWebhook, useWebhookDeliveries } from '../api/webhooks.ts';
import styles from '../webhooks.module.css';

const formatTime = (iso: string) =>
  dayjs(iso).locale(DISPLAY_LOCALE).format('D MMM YYYY, HH:mm:ss');

/** What the last attempt came to, in words: the receiver's status, why it failed, or what waits. */
function outcome(delivery: WebhookDelivery): string {
  const answer =
    delivery.statusCode !== null
      ? `${delivery.statusCode}${delivery.error ? ` (${delivery.error})` : ''}`
      : (delivery.error ?? null);
  if (delivery.status === 'pending') {
    return answer ? `${answer} · trying again` : 'Waiting to be sent';
  }
  if (delivery.status === 'failed') return answer ? `${answer} · gave up` : 'Gave up';
  return answer ?? 'Delivered';
}

const attemptsText = (attempts: number) => (attempts === 1 ? '1 attempt' : `${attempts} attempts`);

/**
 * An endpoint's latest deliveries, newest first: when, which event, how the last attempt went,
 * and a Redeliver that sends one again under the same webhook-id. The outcome of a redelivery is
 * announced once the log shows it.
 */
export function DeliveriesLog({ webhookId, label }: { webhookId: string; label: string }) {
  const deliveries = useWebhookDeliveries(webhookId);
  const redeliver = useRedeliverWebhook(webhookId);
  const [announcement, setAnnouncement] = useState('');
  /** The delivery sent again last: once its attempt is in, the announcement says how it went. */
  const [watchedId, setWatchedId] = useState<string | null>(null);
  const watched = deliveries.data?.find((delivery) => delivery.id === watchedId);
  const said =
    watched && watched.status !== 'pending'
      ? `${watched.eventType} sent again: ${outcome(watched)}.`
      : announcement;
  const send = (delivery: WebhookDelivery) => {
    setWatchedId(null);
    setAnnouncement('');
    redeliver.mutate(delivery.id, {
      onSuccess: () => {
        setWatchedId(delivery.id);
        setAnnouncement(`Sending ${delivery.eventType} again…`);
      },
      onError: (error) =>
        setAnnouncement(`Could not send ${delivery.eventType} again. ${errorMessage(error)}`),
    });
  };

  return (
    <div className={styles.log}>
      <div className={styles.logHeader}>
        <h3 className={styles.logTitle}>Deliveries</h3>
        <Button
          variant="ghost"
          onClick={() => void deliveries.refetch()}
          isLoading={deliveries.isFetching && !deliveries.isPending}
          aria-label={`Refresh the deliveries of ${label}`}
        >
          Refresh
        </Button>
      </div>
      <p className={styles.announcement} role="status">
        {said}
      </p>
      {deliveries.isPending ? (
        <Loader label="Loading deliveries…" />
      ) : deliveries.isError ? (
        <LoadFailure
          what="Could not load the deliveries."
          error={deliveries.error}
          onRetry={() => void deliveries.refetch()}
        />
      ) : deliveries.data.length === 0 ? (
        <p className={styles.muted}>
          Nothing sent yet. Events you chose appear here as they happen.
        </p>
      ) : (
        <ul className={styles.deliveries} aria-label={`Deliveries to ${label}`}>
          {deliveries.data.map((delivery) => (
            <li key={delivery.id} className={styles.delivery}>
              <div className={styles.deliveryText}>
                <p>
                  <code className={styles.code}>{delivery.eventType}</code>{' '}
                  <span
                    className={
                      delivery.status === 'delivered'
                        ? styles.ok
                        : delivery.status === 'failed'
                          ? styles.problem
                          : styles.waiting
                    }
                  >
                    {outcome(delivery)}
                  </span>
                </p>
                <p className={styles.muted}>
                  <time dateTime={delivery.createdAt}>{formatTime(delivery.createdAt)}</time> ·{' '}
                  {attemptsText(delivery.attempts)}
                  {delivery.durationMs !== null && ` · ${delivery.durationMs} ms`}
                </p>
              </div>
              <Button
                variant="ghost"
                onClick={() => send(delivery)}
                isLoading={redeliver.isPending && redeliver.variables === delivery.id}
                aria-label={`Redeliver ${delivery.eventType} of ${formatTime(delivery.createdAt)}`}
              >
                Redeliver
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
