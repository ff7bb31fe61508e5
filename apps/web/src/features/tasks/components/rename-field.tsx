import { LIMITS } from '@hustle/shared/constants';
import { renameOutcome } from '../model/rename-outcome.ts';
import styles from './rename-field.module.css';

type RenameFieldProps = {
  name: string;
  error: string | null;
  onEdit: () => void;
  /** Enter: save (focus goes back to the row). */
  onSubmit: (value: string) => void;
  /** Escape: keep the name. */
  onCancel: () => void;
  /** Focus left: save a valid name, drop an invalid one. */
  onLeave: (value: string, isValid: boolean) => void;
};

/** spec §2: the name in place of the row's name, selected, saved on Enter or when left. */
export function RenameField({
  name,
  error,
  onEdit,
  onSubmit,
  onCancel,
  onLeave,
}: RenameFieldProps) {
  return (
    <span className={styles.field}>
      <input
        className={styles.input}
        aria-label="Task name"
        placeholder="Enter task name"
        defaultValue={name}
        maxLength={LIMITS.taskRenameMaxLength}
        aria-invalid={error ? true : undefined}
        autoFocus
        onFocus={(event) => event.currentTarget.select()}
        onChange={onEdit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            onSubmit(event.currentTarget.value);
          } else if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            onCancel();
          }
        }}
        onBlur={(event) => {
          const value = event.currentTarget.value;
          onLeave(value, renameOutcome(name, value).kind !== 'invalid');
        }}
      />
      {error && (
        <span className={styles.error} role="alert">
          {error}
        </span>
      )}
    </span>
  );
}
