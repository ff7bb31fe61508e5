import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { buttonClassName } from '../../ui/button.tsx';
import { formatLongDate } from '../../ui/dates.ts';
import { CheckIcon } from '../../ui/icons.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { workspaceQueryKey, useWorkspaceId } from '../../sync/workspace/get-workspace.ts';
import { planQueryKey, usePlan } from './api/get-plan.ts';
import { validUntil } from './model/pricing.ts';
import styles from './subscription.module.css';

/** A provider's confirmation can trail its redirect; ask again for this long, then stop. */
const CONFIRM_POLL_MS = 2000;
const CONFIRM_GIVE_UP_MS = 30_000;

/** spec §2 "Payment success screen" (/subscription/success). */
export function PaymentSuccessScreen() {
  const queryClient = useQueryClient();
  const workspaceId = useWorkspaceId();
  const [isPolling, setIsPolling] = useState(true);

  // The plan and the limits it sets changed: everything showing them must ask again.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: planQueryKey });
    void queryClient.invalidateQueries({ queryKey: workspaceQueryKey(workspaceId) });
    const timer = window.setTimeout(() => setIsPolling(false), CONFIRM_GIVE_UP_MS);
    return () => window.clearTimeout(timer);
  }, [queryClient, workspaceId]);

  const plan = usePlan();
  const isPaid = plan.data?.plan === 'PREMIUM' && !plan.data.isTrial;
  const until = plan.data && validUntil(plan.data);
  usePlanPolling(isPolling && plan.isSuccess && !isPaid);

  // Confirmed after a wait: the workspace's limits may have been read before the change.
  useEffect(() => {
    if (isPaid) void queryClient.invalidateQueries({ queryKey: workspaceQueryKey(workspaceId) });
  }, [isPaid, queryClient, workspaceId]);

  return (
    <div className={styles.successScreen}>
      <section className={styles.successCard} aria-labelledby="payment-success-title">
        <span className={styles.successMark} aria-hidden="true">
          <CheckIcon />
        </span>
        <h1 id="payment-success-title" className={styles.successTitle}>
          Payment successful
        </h1>
        {isPaid ? (
          <p className={styles.successText}>
            Premium is active{until ? ` until ${formatLongDate(until)}` : ''}. Unlimited projects,
            automations and sharing are yours.
          </p>
        ) : (
          <p className={styles.successText} role="status">
            {isPolling && <Spinner />} Thank you! We are confirming the payment with the provider;
            your plan updates in a moment.
          </p>
        )}
        <Link to="/subscription" className={buttonClassName({ variant: 'primary', size: 'large' })}>
          Go back
        </Link>
      </section>
    </div>
  );
}

function usePlanPolling(isOn: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!isOn) return;
    const timer = window.setInterval(
      () => void queryClient.invalidateQueries({ queryKey: planQueryKey }),
      CONFIRM_POLL_MS,
    );
    return () => window.clearInterval(timer);
  }, [isOn, queryClient]);
}
