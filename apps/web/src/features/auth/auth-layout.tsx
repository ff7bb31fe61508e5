import type { ReactNode } from 'react';
import { Logo } from '../../ui/logo.tsx';
import styles from './auth-layout.module.css';

type AuthLayoutProps = { children: ReactNode; footer?: ReactNode };

/** The centred card every signed-out screen sits in. */
export function AuthLayout({ children, footer }: AuthLayoutProps) {
  return (
    <main className={styles.page}>
      <div className={styles.brand}>
        <Logo size={36} withName />
      </div>
      <div className={styles.card}>{children}</div>
      {footer && <div className={styles.footer}>{footer}</div>}
    </main>
  );
}
