import type { ReactNode } from 'react';
import styles from './settings-list.module.css';

/** The rows of a settings card (signed-in devices, access tokens). */
export function SettingsList({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <ul className={styles.list} aria-label={label}>
      {children}
    </ul>
  );
}

/** One row: its name with badges, a line of details, and an action at the end. */
export function SettingsRow({
  title,
  details,
  action,
}: {
  title: ReactNode;
  details: ReactNode;
  action?: ReactNode;
}) {
  return (
    <li className={styles.row}>
      <div className={styles.text}>
        <p className={styles.title}>{title}</p>
        <p className={styles.details}>{details}</p>
      </div>
      {action}
    </li>
  );
}

/** A short word beside a row's name: `accent` marks this one, `quiet` describes it. */
export function Badge({ tone, children }: { tone: 'accent' | 'quiet'; children: ReactNode }) {
  return <span className={`${styles.badge} ${styles[tone]}`}>{children}</span>;
}
