import { PROJECT_PALETTE } from '@hustle/shared/constants';
import { Button } from '../../../ui/button.tsx';
import { CheckIcon } from '../../../ui/icons.tsx';
import { Modal } from '../../../ui/modal.tsx';
import { ModalFooter } from '../../../ui/modal-footer.tsx';
import { projectColorStyle } from '../../../ui/project-color.ts';
import styles from './change-color-modal.module.css';

type ChangeColorModalProps = {
  color: string | null;
  onPick: (color: string) => void;
  onClose: () => void;
};

/** spec §2 "Change color": the 12 palette colours, the current one highlighted, and Close. */
export function ChangeColorModal({ color, onPick, onClose }: ChangeColorModalProps) {
  const current = color?.toLowerCase();
  return (
    <Modal title="Change color" onClose={onClose}>
      <div className={styles.palette} role="group" aria-label="Project colours">
        {PROJECT_PALETTE.map((swatch) => (
          <button
            key={swatch}
            type="button"
            className={styles.swatch}
            style={projectColorStyle(swatch)}
            aria-label={swatch}
            title={swatch}
            aria-pressed={swatch === current}
            onClick={() => onPick(swatch)}
          >
            {swatch === current && <CheckIcon />}
          </button>
        ))}
      </div>
      <ModalFooter>
        <Button onClick={onClose}>Close</Button>
      </ModalFooter>
    </Modal>
  );
}
