import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/api-client.ts';
import { checkoutNavigation } from './purchase-plan.ts';

const openBillingPortal = () => api.openBillingPortal({});

/** Opens the payment provider's customer portal: the app leaves for it, as for checkout. */
export function useOpenBillingPortal({ onError }: { onError: (error: Error) => void }) {
  return useMutation({
    mutationFn: openBillingPortal,
    onSuccess: ({ redirectUrl }) => checkoutNavigation.go(redirectUrl),
    onError,
  });
}
