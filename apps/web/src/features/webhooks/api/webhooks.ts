import type {
  CreateWebhookBody,
  UpdateWebhookBody,
  WebhookDelivery,
  WebhookEndpoint,
} from '@hustle/shared/webhooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api-client.ts';

const webhooksQueryKey = ['webhooks'] as const;
const deliveriesQueryKey = (webhookId: string) => ['webhooks', webhookId, 'deliveries'] as const;

/** The account's webhook endpoints, oldest first (issue 32). */
export function useWebhooks() {
  return useQuery({
    queryKey: webhooksQueryKey,
    queryFn: async ({ signal }): Promise<WebhookEndpoint[]> =>
      (await api.listWebhooks({ signal })).webhooks,
  });
}

/** Adds an endpoint: the answer holds its signing secret, the one time it is ever shown. */
export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWebhookBody) => api.createWebhook({ body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey, exact: true }),
  });
}

/** Keeps the answered endpoint in the list, in place of the one it changes. */
function useKeepWebhook() {
  const queryClient = useQueryClient();
  return (changed: WebhookEndpoint) =>
    queryClient.setQueryData<WebhookEndpoint[]>(webhooksQueryKey, (webhooks) =>
      webhooks?.map((webhook) => (webhook.id === changed.id ? changed : webhook)),
    );
}

/** Chooses an endpoint's events, or turns it off or on (which checks its address again). */
export function useUpdateWebhook(webhookId: string) {
  const keep = useKeepWebhook();
  return useMutation({
    mutationFn: (body: UpdateWebhookBody) => api.updateWebhook({ params: { id: webhookId }, body }),
    onSuccess: keep,
  });
}

/** Deletes an endpoint and its delivery log. */
export function useDeleteWebhook(webhookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.deleteWebhook({ params: { id: webhookId } }),
    onSuccess: () => {
      queryClient.setQueryData<WebhookEndpoint[]>(webhooksQueryKey, (webhooks) =>
        webhooks?.filter((webhook) => webhook.id !== webhookId),
      );
      queryClient.removeQueries({ queryKey: deliveriesQueryKey(webhookId) });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey, exact: true }),
  });
}

/** How soon a delivery due this near is looked at again, to show how its attempt went. */
const SOON_MS = 15_000;
const POLL_MS = 2_000;

/** Whether a delivery is about to be sent (a new one, a quick retry, a Redeliver). */
function isDueSoon(delivery: WebhookDelivery, now: number): boolean {
  return (
    delivery.status === 'pending' &&
    delivery.nextAttemptAt !== null &&
    Date.parse(delivery.nextAttemptAt) - now < SOON_MS
  );
}

/**
 * An endpoint's latest deliveries, newest first, with each one's last attempt; read again every
 * few seconds while one is about to be sent, so its outcome shows without a reload.
 */
export function useWebhookDeliveries(webhookId: string) {
  return useQuery({
    queryKey: deliveriesQueryKey(webhookId),
    queryFn: async ({ signal }): Promise<WebhookDelivery[]> =>
      (await api.listWebhookDeliveries({ params: { id: webhookId }, signal })).deliveries,
    refetchInterval: (query) =>
      query.state.data?.some((delivery) => isDueSoon(delivery, Date.now())) ? POLL_MS : false,
  });
}

/** Sends a delivery again now, with the same webhook-id; the log shows its new attempt. */
export function useRedeliverWebhook(webhookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      api.redeliverWebhook({ params: { id: webhookId, deliveryId } }),
    onSuccess: (sent) =>
      queryClient.setQueryData<WebhookDelivery[]>(deliveriesQueryKey(webhookId), (deliveries) =>
        deliveries?.map((delivery) => (delivery.id === sent.id ? sent : delivery)),
      ),
  });
}
