import styles from './segmented-control.module.css';

/** A few mutually exclusive views side by side, the chosen one pressed (Days or Week). */
export function SegmentedControl<Value extends string>({
  label,
  options,
  value,
  onChange,
}: {
  /** What the group switches, for screen readers. */
  label: string;
  options: readonly { value: Value; label: string }[];
  value: Value;
  onChange: (value: Value) => void;
}) {
  return (
    <div className={styles.group} role="group" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className={styles.option}
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
