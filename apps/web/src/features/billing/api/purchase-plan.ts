import type { BillingPeriod } from '@hustle/shared/plans';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/api-client.ts';

export const purchasePlan = (period: BillingPeriod) => api.purchasePlan({ body: { period } });

/** Leaving the app for another page, kept in one place so tests can stand in for it. */
export const checkoutNavigation = {
  go: (url: string) => window.location.assign(url),
};

/** Starts the hosted checkout (spec §7): the app leaves for the payment page. */
export function usePurchasePlan({ onError }: { onError: (error: Error) => void }) {
  return useMutation({
    mutationFn: purchasePlan,
    onSuccess: ({ redirectUrl }) => checkoutNavigation.go(redirectUrl),
    onError,
  });
}
