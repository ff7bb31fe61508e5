import { useId, type ReactNode } from 'react';
import { CheckIcon, MinusIcon } from '../../../ui/icons.tsx';
import styles from '../subscription.module.css';

export type Feature = { text: string; isIncluded: boolean };

type PlanCardProps = {
  name: string;
  price: number;
  billing: string;
  features: readonly Feature[];
  badges?: ReactNode;
  isHighlighted?: boolean;
  footer?: ReactNode;
};

/** One column of the pricing table. */
export function PlanCard({
  name,
  price,
  billing,
  features,
  badges,
  isHighlighted = false,
  footer,
}: PlanCardProps) {
  const titleId = useId();
  return (
    <article
      className={isHighlighted ? `${styles.card} ${styles.highlighted}` : styles.card}
      aria-labelledby={titleId}
    >
      <header className={styles.planHeader}>
        <h3 id={titleId} className={styles.planName}>
          {name}
        </h3>
        {badges}
      </header>
      <p className={styles.price}>
        <span className={styles.amount}>{price}$</span>
        <span className={styles.per}> per month</span>
      </p>
      <p className={styles.billing}>{billing}</p>
      <ul className={styles.features}>
        {features.map(({ text, isIncluded }) => (
          <li
            key={text}
            className={isIncluded ? styles.feature : `${styles.feature} ${styles.unavailable}`}
          >
            <span className={styles.featureIcon}>{isIncluded ? <CheckIcon /> : <MinusIcon />}</span>
            {!isIncluded && <span className="visually-hidden">Not included: </span>}
            {text}
          </li>
        ))}
      </ul>
      {footer && <div className={styles.planFooter}>{footer}</div>}
    </article>
  );
}
