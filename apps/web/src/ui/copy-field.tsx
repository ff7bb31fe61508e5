import { useRef, useState } from 'react';
import { Button } from './button.tsx';
import { copyText } from './copy-text.ts';
import styles from './copy-field.module.css';

/**
 * A value to copy somewhere else (a token's secret, a calendar address): read-only, selected on
 * focus, with a Copy button that says whether the copy worked.
 */
export function CopyField({
  value,
  label,
  what,
  isPrimary,
}: {
  value: string;
  /** The field's accessible name. */
  label: string;
  /** What the failure note asks to select ("the token", "the address"). */
  what: string;
  isPrimary?: boolean;
}) {
  const field = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copyValue = async () => {
    try {
      await copyText(value, field.current);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };
  return (
    <div className={styles.field}>
      <div className={styles.row}>
        <input
          ref={field}
          className={styles.text}
          value={value}
          readOnly
          aria-label={label}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button
          variant={isPrimary ? 'primary' : 'secondary'}
          onClick={() => void copyValue()}
          aria-label={`Copy ${what}`}
        >
          Copy
        </Button>
      </div>
      {copy === 'copied' && (
        <p className={styles.note} role="status">
          Copied to the clipboard.
        </p>
      )}
      {copy === 'failed' && (
        <p className={styles.problem} role="alert">
          The browser would not copy it. Select {what} and copy it yourself.
        </p>
      )}
    </div>
  );
}
