import type { ReactNode } from 'react';
import styles from './page-header.module.css';

type PageHeaderProps = {
  title: string;
  /** One muted line under the title: what the screen is for, or a count. */
  subtitle?: ReactNode;
  /** The screen's own controls (a menu, a settings link), at the end of the header. */
  actions?: ReactNode;
  /**
   * Where the controls sit: level with the title ('start'), or with the subtitle ('end') when
   * they act on what the subtitle counts.
   */
  alignActions?: 'start' | 'end';
};

/** The title block the app's screens open with (Plan, Execute, Automation, Subscription). */
export function PageHeader({ title, subtitle, actions, alignActions = 'start' }: PageHeaderProps) {
  return (
    <header
      className={alignActions === 'end' ? `${styles.header} ${styles.actionsAtEnd}` : styles.header}
    >
      <div className={styles.text}>
        <h1>{title}</h1>
        {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
      </div>
      {actions}
    </header>
  );
}
