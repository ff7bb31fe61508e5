import { useId, type ReactNode } from 'react';
import styles from './settings-card.module.css';

/** One section of a settings page (the account's): a titled card, with an action beside the title. */
export function SettingsCard({
  title,
  action,
  tone,
  children,
}: {
  title: string;
  action?: ReactNode;
  /** `danger` for what cannot be undone. */
  tone?: 'danger';
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section
      className={tone === 'danger' ? `${styles.card} ${styles.danger}` : styles.card}
      aria-labelledby={titleId}
    >
      <div className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}
