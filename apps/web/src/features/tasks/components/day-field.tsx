import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../ui/button.tsx';
import type { DayCheck } from '../model/day-input.ts';
import iconButton from '../../../ui/icon-button.module.css';
import { CloseIcon } from '../../../ui/icons.tsx';
import field from '../../../ui/detail-field.module.css';
import styles from './day-field.module.css';

type DayFieldProps = {
  /** The date field's name for a screen reader, e.g. "Planned day". */
  label: string;
  day: string | null;
  /** What the day means now, under the field: "Tomorrow, Monday 30 November", "3 days late". */
  hint: { text: string; isLate?: boolean } | null;
  check: (text: string) => DayCheck;
  /** The Set button's name for a screen reader, e.g. "Plan for this day". */
  setLabel: string;
  /** The name of the button that clears the day, shown while there is one: "Clear deadline". */
  clearLabel: string;
  isReadOnly: boolean;
  onSave: (day: string | null) => void;
  onClear: () => void;
};

/**
 * A day of a task, set with Enter or the Set button and cleared with the × beside it. The
 * browser's own date field is keyboard usable and brings the platform's calendar on phones;
 * saving on each change would send a command per digit typed, so nothing is sent before Set.
 * A bad date says why and sends nothing; a day changed elsewhere starts the field again from it.
 */
export function DayField({
  label,
  day,
  hint,
  check,
  setLabel,
  clearLabel,
  isReadOnly,
  onSave,
  onClear,
}: DayFieldProps) {
  const id = useId();
  const [value, setValue] = useState(day ?? '');
  const [error, setError] = useState<string | null>(null);
  const [shownFor, setShownFor] = useState(day);
  if (shownFor !== day) {
    setShownFor(day);
    setValue(day ?? '');
    setError(null);
  }

  const set = (event: FormEvent) => {
    event.preventDefault();
    const checked = check(value);
    if (checked.error !== null) return setError(checked.error);
    setError(null);
    if (checked.day !== day) onSave(checked.day);
  };

  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error && errorId, hint && hintId].filter(Boolean).join(' ');
  return (
    <form className={field.field} onSubmit={set} noValidate>
      <div className={field.row}>
        <input
          id={id}
          type="date"
          className={`${field.input} ${styles.input}`}
          aria-label={label}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          value={value}
          readOnly={isReadOnly}
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
          }}
        />
        {!isReadOnly && (
          <>
            <Button type="submit" className={field.button} aria-label={setLabel}>
              Set
            </Button>
            {day !== null && (
              <button
                type="button"
                className={`${iconButton.iconButton} ${styles.clear}`}
                aria-label={clearLabel}
                title={clearLabel}
                onClick={() => {
                  setError(null);
                  onClear();
                }}
              >
                <CloseIcon />
              </button>
            )}
          </>
        )}
      </div>
      {hint && (
        <p id={hintId} className={`${field.hint} ${hint.isLate ? styles.late : ''}`}>
          {hint.text}
        </p>
      )}
      {error && (
        <p id={errorId} className={field.error} role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
