import { FREE_ACCESS } from '@hustle/shared/access';
import type { BillingPeriod, PlanResponse } from '@hustle/shared/plans';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../api/api-error.ts';
import { Button } from '../../ui/button.tsx';
import { formatLongDate } from '../../ui/dates.ts';
import { useIsOnline } from '../../api/use-is-online.ts';
import { Loader } from '../../ui/loader.tsx';
import { OfflineNote } from '../../ui/offline-note.tsx';
import { SettingsPage } from '../../ui/settings-page.tsx';
import { LoadFailure } from '../../ui/load-failure.tsx';
import { useToastStore } from '../../ui/toast-store.ts';
import { usePlan } from './api/get-plan.ts';
import { usePurchasePlan } from './api/purchase-plan.ts';
import { BillingToggle } from './components/billing-toggle.tsx';
import { CurrentPlanCard } from './components/current-plan-card.tsx';
import { PlanCard, type Feature } from './components/plan-card.tsx';
import {
  canUpgrade,
  noticeFor,
  paidPeriodStartDate,
  PLAN_NAMES,
  premiumPrice,
} from './model/pricing.ts';
import styles from './subscription.module.css';

/** spec §2 / §6 plan limits, as the cards list them. */
const FREE_FEATURES: readonly Feature[] = [
  { text: `${FREE_ACCESS.projectsLimit} projects`, isIncluded: true },
  { text: 'Unlimited tasks per project', isIncluded: true },
  { text: `${FREE_ACCESS.automationsLimit} automations`, isIncluded: true },
  { text: 'Project sharing', isIncluded: false },
  { text: '24/7 support', isIncluded: false },
];

const PREMIUM_FEATURES: readonly Feature[] = [
  { text: 'Unlimited projects', isIncluded: true },
  { text: 'Unlimited tasks', isIncluded: true },
  { text: 'Unlimited automations', isIncluded: true },
  { text: 'Project sharing', isIncluded: true },
  { text: '24/7 support', isIncluded: true },
];

/** spec §2 "Subscription screen" (/subscription). */
export function SubscriptionScreen() {
  const plan = usePlan();
  const [searchParams] = useSearchParams();
  const notice = noticeFor(searchParams.get('reason'));

  return (
    <SettingsPage title="Subscription" width="wide">
      {notice && (
        <div
          className={
            notice.tone === 'warning' ? `${styles.notice} ${styles.noticeWarning}` : styles.notice
          }
          role="status"
        >
          {notice.title && <p className={styles.noticeTitle}>{notice.title}</p>}
          <p>{notice.text}</p>
        </div>
      )}
      {plan.isPending ? (
        <Loader label="Loading your plan…" />
      ) : plan.isError ? (
        <LoadFailure error={plan.error} onRetry={() => void plan.refetch()} />
      ) : (
        <>
          <CurrentPlanCard plan={plan.data} />
          <Pricing plan={plan.data} />
        </>
      )}
    </SettingsPage>
  );
}

function Pricing({ plan }: { plan: PlanResponse }) {
  const [period, setPeriod] = useState<BillingPeriod>('quarter');
  const addToast = useToastStore((state) => state.addToast);
  const isOnline = useIsOnline();
  const purchase = usePurchasePlan({
    onError: (error) =>
      addToast({
        message: `Could not open the payment page. ${errorMessage(error)}`,
        tone: 'danger',
      }),
  });
  const price = premiumPrice(period);
  const isFree = plan.plan === 'FREE';
  const isPaidPremium = plan.plan === 'PREMIUM' && !plan.isTrial;
  const currentBadge = <span className={styles.badge}>Current plan</span>;
  const paidFrom = paidPeriodStartDate(plan);

  return (
    <section className={styles.pricing} aria-labelledby="pricing-title">
      <div className={styles.pricingHeader}>
        <h2 id="pricing-title">Pricing</h2>
        <BillingToggle period={period} onChange={setPeriod} />
      </div>
      <div className={styles.cards}>
        <PlanCard
          name={PLAN_NAMES.FREE}
          price={0}
          billing="Free for good"
          features={FREE_FEATURES}
          badges={isFree && currentBadge}
        />
        <PlanCard
          name={PLAN_NAMES.PREMIUM}
          price={price.monthly}
          billing={price.billing}
          features={PREMIUM_FEATURES}
          isHighlighted
          badges={
            <>
              {price.saving && (
                <span className={`${styles.badge} ${styles.badgeSuccess}`}>{price.saving}</span>
              )}
              {isPaidPremium && currentBadge}
              {plan.isTrial && <span className={styles.badge}>On trial</span>}
            </>
          }
          footer={
            canUpgrade(plan) && (
              <>
                <Button
                  variant="primary"
                  size="large"
                  fullWidth
                  // Stays busy after success too: the browser is on its way to the payment page.
                  isLoading={purchase.isPending || purchase.isSuccess}
                  // The checkout is the server's (issue 15): it waits for a connection.
                  disabled={!isOnline}
                  onClick={() => purchase.mutate(period)}
                >
                  Upgrade to Premium
                </Button>
                {paidFrom && (
                  <p className={styles.upgradeNote}>
                    Your trial stays: the paid period starts when it ends, on{' '}
                    {formatLongDate(paidFrom)}.
                  </p>
                )}
                <OfflineNote />
              </>
            )
          }
        />
      </div>
      <p className={styles.fineprint}>
        Prices in US dollars. Payments go through a secure hosted checkout; cancel any time and keep
        your data.
      </p>
    </section>
  );
}
