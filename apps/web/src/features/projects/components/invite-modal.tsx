import { Button } from '../../../ui/button.tsx';
import { Modal } from '../../../ui/modal.tsx';
import styles from './confirm-modal.module.css';

/** Stands in for the "Invite others" modal until project sharing lands (its own issue). */
export function InviteModal({
  projectName,
  onClose,
}: {
  projectName: string;
  onClose: () => void;
}) {
  return (
    <Modal title="Invite others" onClose={onClose}>
      <p className={styles.text}>
        Sharing arrives soon. You will be able to send a link to <strong>{projectName}</strong> to
        anyone you want to plan it with.
      </p>
      <div className={styles.footer}>
        <Button variant="primary" onClick={onClose}>
          Got it
        </Button>
      </div>
    </Modal>
  );
}
