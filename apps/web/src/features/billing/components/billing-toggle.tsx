import type { BillingPeriod } from '@hustle/shared/plans';
import { useId } from 'react';
import styles from '../subscription.module.css';

type BillingToggleProps = { period: BillingPeriod; onChange: (period: BillingPeriod) => void };

/** spec §2: a toggle between 'Billed quarterly' and 'annualy' (spelling as in the product). */
export function BillingToggle({ period, onChange }: BillingToggleProps) {
  const annualId = useId();
  const isAnnual = period === 'year';
  return (
    <div className={styles.toggle}>
      <span
        className={isAnnual ? styles.toggleLabel : `${styles.toggleLabel} ${styles.toggleActive}`}
        onClick={() => onChange('quarter')}
        aria-hidden="true"
      >
        Billed quarterly
      </span>
      <button
        type="button"
        role="switch"
        aria-checked={isAnnual}
        aria-labelledby={annualId}
        className={styles.switch}
        onClick={() => onChange(isAnnual ? 'quarter' : 'year')}
      >
        <span className={styles.switchThumb} />
      </button>
      <span
        id={annualId}
        className={isAnnual ? `${styles.toggleLabel} ${styles.toggleActive}` : styles.toggleLabel}
        onClick={() => onChange('year')}
      >
        <span className="visually-hidden">Billed </span>
        annualy
      </span>
    </div>
  );
}
