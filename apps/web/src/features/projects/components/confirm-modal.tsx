import type { ReactNode } from 'react';
import { Button } from '../../../ui/button.tsx';
import { Modal } from '../../../ui/modal.tsx';
import styles from './confirm-modal.module.css';

type ConfirmModalProps = {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
};

/** Asks before a destructive step; Cancel is first, so Enter does no harm. */
export function ConfirmModal({
  title,
  children,
  confirmLabel,
  onConfirm,
  onClose,
}: ConfirmModalProps) {
  return (
    <Modal title={title} onClose={onClose}>
      <div className={styles.text}>{children}</div>
      <div className={styles.footer}>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          className={styles.danger}
          onClick={() => {
            onClose();
            onConfirm();
          }}
        >
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
