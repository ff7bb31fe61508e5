import type { FormEvent, ReactNode } from 'react';
import { Button } from './button.tsx';
import { Modal } from './modal.tsx';
import { ModalFooter } from './modal-footer.tsx';
import styles from './confirm-dialog.module.css';

type ConfirmDialogProps = {
  title: string;
  /** What happens, in the spec's words; `<strong>` marks the name of what it happens to. */
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  /** The confirm button waits for something (a typed confirmation) while this is true. */
  isConfirmDisabled?: boolean;
  /** Shown on the confirm button while the action runs. */
  isPending?: boolean;
  /**
   * The dialog stays open once confirmed: the caller closes it, or the action leaves the page
   * (deleting the account signs out), and a failure shows inside it.
   */
  staysOpenOnConfirm?: boolean;
};

/**
 * Asks before a destructive step. Cancel comes first, so Enter on the first button
 * does no harm; the body is a form, so Enter in a field of it confirms when confirming is allowed.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  onConfirm,
  onClose,
  isConfirmDisabled = false,
  isPending = false,
  staysOpenOnConfirm = false,
}: ConfirmDialogProps) {
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    if (isConfirmDisabled || isPending) return;
    if (!staysOpenOnConfirm) onClose();
    onConfirm();
  };

  return (
    <Modal title={title} onClose={onClose}>
      <form onSubmit={confirm} noValidate>
        <div className={styles.text}>{children}</div>
        <ModalFooter>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="danger" disabled={isConfirmDisabled} isLoading={isPending}>
            {confirmLabel}
          </Button>
        </ModalFooter>
      </form>
    </Modal>
  );
}
