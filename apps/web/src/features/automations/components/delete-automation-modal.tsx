import { Button } from '../../../ui/button.tsx';
import { Modal } from '../../../ui/modal.tsx';
import styles from '../automations.module.css';

type DeleteAutomationModalProps = { name: string; onConfirm: () => void; onClose: () => void };

/** spec §2: 'Delete Automation' with the spec's question, Cancel first so Enter does no harm. */
export function DeleteAutomationModal({ name, onConfirm, onClose }: DeleteAutomationModalProps) {
  return (
    <Modal title="Delete Automation" onClose={onClose}>
      <p className={styles.modalText}>
        Are you sure you want to delete "{name}"? This action cannot be undone.
      </p>
      <p className={styles.modalNote}>Tasks it already added stay on your lists.</p>
      <div className={styles.modalFooter}>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          className={styles.dangerButton}
          onClick={() => {
            onClose();
            onConfirm();
          }}
        >
          Delete
        </Button>
      </div>
    </Modal>
  );
}
