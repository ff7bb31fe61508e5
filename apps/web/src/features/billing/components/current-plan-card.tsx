import type { PlanResponse } from '@hustle/shared/plans';
import { useIsOnline } from '../../../api/use-is-online.ts';
import { OfflineNote } from '../../../ui/offline-note.tsx';
import { errorMessage } from '../../../api/api-error.ts';
import { Button } from '../../../ui/button.tsx';
import { formatLongDate } from '../../../ui/dates.ts';
import { useToastStore } from '../../../ui/toast-store.ts';
import { useOpenBillingPortal } from '../api/open-billing-portal.ts';
import {
  endedOn,
  PLAN_NAMES,
  renewalText,
  trialDaysLeftText,
  validUntil,
} from '../model/pricing.ts';
import styles from '../subscription.module.css';

function summaryOf(plan: PlanResponse): string {
  if (plan.isTrial)
    return 'You are trying everything in Premium. Upgrade to keep it after the trial.';
  if (plan.plan === 'PREMIUM') return 'Everything is unlocked. Thank you for supporting Hustle.';
  if (plan.isExpired)
    return 'Your Premium plan has ended. Your data is kept: upgrade to unlock it again.';
  return 'The essentials, free for good. Upgrade for unlimited projects, automations and sharing.';
}

/** spec §2: the current plan, 'Free Trial' on a trial, and 'Valid unitl: <D MMMM YYYY>'. */
export function CurrentPlanCard({ plan }: { plan: PlanResponse }) {
  const until = validUntil(plan);
  const ended = endedOn(plan);
  const daysLeft = trialDaysLeftText(plan);
  const renewal = renewalText(plan);
  return (
    <section className={styles.card} aria-labelledby="current-plan-title">
      <p className={styles.overline}>Current plan</p>
      <div className={styles.currentHeader}>
        <h2 id="current-plan-title" className={styles.currentName}>
          {PLAN_NAMES[plan.plan]}
        </h2>
        {plan.isTrial && (
          <span className={`${styles.badge} ${styles.badgeAccent}`}>Free Trial</span>
        )}
        {plan.cancelAtPeriodEnd && until && (
          <span className={styles.badge}>Premium until {formatLongDate(until)}</span>
        )}
      </div>
      {until && <p className={styles.validUntil}>Valid unitl: {formatLongDate(until)}</p>}
      {daysLeft && <p className={styles.daysLeft}>{daysLeft}</p>}
      {ended && <p className={styles.validUntil}>Ended on {formatLongDate(ended)}</p>}
      {renewal && <p className={styles.summary}>{renewal}</p>}
      {plan.paymentFailed && <PaymentFailedBanner />}
      <p className={styles.summary}>{summaryOf(plan)}</p>
      {plan.canManage && <ManageButton />}
    </section>
  );
}

function PaymentFailedBanner() {
  return (
    <div className={`${styles.notice} ${styles.noticeWarning}`} role="alert">
      <p className={styles.noticeTitle}>Payment failed — update your card</p>
      <p>
        The last renewal could not be charged. It is retried for a while, and Premium stays until
        the period ends.
      </p>
    </div>
  );
}

function ManageButton() {
  const addToast = useToastStore((state) => state.addToast);
  const isOnline = useIsOnline();
  const portal = useOpenBillingPortal({
    onError: (error) =>
      addToast({
        message: `Could not open your subscription. ${errorMessage(error)}`,
        tone: 'danger',
      }),
  });
  return (
    <div className={styles.manage}>
      <Button
        // Stays busy after success too: the browser is on its way to the portal.
        isLoading={portal.isPending || portal.isSuccess}
        disabled={!isOnline}
        onClick={() => portal.mutate()}
      >
        Manage subscription
      </Button>
      <OfflineNote />
    </div>
  );
}
