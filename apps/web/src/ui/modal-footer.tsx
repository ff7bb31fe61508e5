import type { ReactNode } from 'react';
import styles from './modal.module.css';

type ModalFooterProps = {
  /** The dialog's buttons, the safe one first (spec §2: Enter on the first does no harm). */
  children: ReactNode;
  /** A short note held at the start of the row, buttons at the end. */
  note?: ReactNode;
};

/** The row of buttons that ends a modal; on phones the buttons share its width. */
export function ModalFooter({ children, note }: ModalFooterProps) {
  return (
    <div className={styles.footer}>
      {note && <span className={styles.footerNote}>{note}</span>}
      {children}
    </div>
  );
}
