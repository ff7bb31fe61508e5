import type { ReactNode } from 'react';
import styles from './segmented-control.module.css';

export interface SegmentedOption<Value extends string> {
  value: Value;
  /** The option's words: shown, or with an icon its accessible name and tooltip. */
  label: string;
  /** Shown instead of the words, on a square button. */
  icon?: ReactNode;
}

/** A few mutually exclusive views side by side, the chosen one pressed (Days or Week, list or grid). */
export function SegmentedControl<Value extends string>({
  label,
  options,
  value,
  onChange,
}: {
  /** What the group switches, for screen readers. */
  label: string;
  options: readonly SegmentedOption<Value>[];
  value: Value;
  onChange: (value: Value) => void;
}) {
  return (
    <div className={styles.group} role="group" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className={option.icon ? `${styles.option} ${styles.iconOption}` : styles.option}
          aria-pressed={option.value === value}
          aria-label={option.icon ? option.label : undefined}
          title={option.icon ? option.label : undefined}
          onClick={() => onChange(option.value)}
        >
          {option.icon ?? option.label}
        </button>
      ))}
    </div>
  );
}
