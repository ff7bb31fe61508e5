import { LIMITS } from '@hustle/shared/constants';
import { ProjectNameSchema } from '@hustle/shared/names';
import { useId, useState } from 'react';
import styles from './add-project-input.module.css';

type AddProjectInputProps = {
  onSubmit: (name: string) => void;
  onCancel: () => void;
  /** Text to start with, e.g. a name whose creation failed (DESIGN: inputs never lose text). */
  initialValue?: string;
};

/** spec §5 "Project name": trimmed, 1–100 characters; Enter confirms, Escape and blur cancel. */
export function AddProjectInput({ onSubmit, onCancel, initialValue = '' }: AddProjectInputProps) {
  const [value, setValue] = useState(initialValue);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  const confirm = () => {
    const parsed = ProjectNameSchema.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Invalid name.');
      return;
    }
    onSubmit(parsed.data);
  };

  return (
    <div className={styles.entry}>
      <span className={styles.dot} aria-hidden="true" />
      <div className={styles.body}>
        <input
          className={styles.input}
          aria-label="Project name"
          placeholder="Project name"
          value={value}
          maxLength={LIMITS.projectNameMaxLength}
          autoFocus
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              confirm();
            } else if (event.key === 'Escape') {
              event.preventDefault();
              onCancel();
            }
          }}
          onBlur={onCancel}
        />
        {error ? (
          <p id={errorId} className={styles.error} role="alert">
            {error}
          </p>
        ) : (
          <p className={styles.hint} aria-hidden="true">
            Enter to add · Esc to cancel
          </p>
        )}
      </div>
    </div>
  );
}
