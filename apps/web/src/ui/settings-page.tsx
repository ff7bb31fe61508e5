import type { ReactNode } from 'react';
import { PageHeader } from './page-header.tsx';
import styles from './settings-page.module.css';

/** A page of cards in one centred column (Account, Subscription, Admin), under its title. */
export function SettingsPage({
  title,
  subtitle,
  width,
  children,
}: {
  title: string;
  subtitle?: string;
  /** `wide` for pages with figures or plans side by side. */
  width?: 'wide';
  children: ReactNode;
}) {
  return (
    <div className={width === 'wide' ? `${styles.page} ${styles.wide}` : styles.page}>
      <PageHeader title={title} subtitle={subtitle} />
      {children}
    </div>
  );
}
