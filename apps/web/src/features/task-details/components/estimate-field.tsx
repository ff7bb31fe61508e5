import { estimateInput } from '@hustle/shared/estimate-input';
import { formatMinutes } from '@hustle/shared/estimates';
import { useId, useState } from 'react';
import field from '../../../ui/detail-field.module.css';
import styles from './task-details.module.css';

const shown = (estimate: number | null) => (estimate === null ? '' : formatMinutes(estimate));

/**
 * A task's estimate in its details (issue 30): typed as "45", "45 min", "1h30" or "1.5h", saved
 * on Enter or on leaving the field; emptied, it is cleared. Out of range, it says why and sends
 * nothing.
 */
export function EstimateField({
  estimate,
  isReadOnly,
  onSave,
}: {
  estimate: number | null;
  isReadOnly: boolean;
  onSave: (estimate: number | null) => void;
}) {
  const id = useId();
  const [value, setValue] = useState(shown(estimate));
  const [error, setError] = useState<string | null>(null);

  const save = () => {
    const checked = estimateInput(value);
    if (checked.error !== null) return setError(checked.error);
    setError(null);
    setValue(shown(checked.estimate));
    if (checked.estimate !== estimate) onSave(checked.estimate);
  };

  return (
    <div className={field.field}>
      <input
        id={id}
        className={`${field.input} ${styles.estimateInput}`}
        aria-label="Estimate"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        placeholder="None, e.g. 45 min"
        autoComplete="off"
        value={value}
        readOnly={isReadOnly}
        onChange={(event) => {
          setValue(event.target.value);
          setError(null);
        }}
        onBlur={save}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            save();
          } else if (event.key === 'Escape' && value !== shown(estimate)) {
            event.stopPropagation();
            setValue(shown(estimate));
            setError(null);
          }
        }}
      />
      {error && (
        <p id={`${id}-error`} className={field.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
