import type { PlanResponse } from '@hustle/shared/plans';
import { formatLongDate } from '../../../ui/dates.ts';
import { endedOn, PLAN_NAMES, validUntil } from '../model/pricing.ts';
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
      </div>
      {until && <p className={styles.validUntil}>Valid unitl: {formatLongDate(until)}</p>}
      {ended && <p className={styles.validUntil}>Ended on {formatLongDate(ended)}</p>}
      <p className={styles.summary}>{summaryOf(plan)}</p>
    </section>
  );
}
