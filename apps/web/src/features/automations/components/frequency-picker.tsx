import { useRef, type KeyboardEvent } from 'react';
import type { Frequency } from '../model/automation-form.ts';
import styles from '../automations.module.css';

const OPTIONS: { value: Frequency; label: string }[] = [
  { value: 'MONTHLY', label: 'Monthly' },
  { value: 'WEEKLY', label: 'Weekly' },
  { value: 'DAILY', label: 'Daily' },
  { value: 'YEARLY', label: 'Yearly' },
];

type FrequencyPickerProps = {
  value: Frequency;
  onChange: (frequency: Frequency) => void;
  labelledBy: string;
};

/** How often it runs: a radio group shown as a segmented control; arrow keys move the choice. */
export function FrequencyPicker({ value, onChange, labelledBy }: FrequencyPickerProps) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = (index + step + OPTIONS.length) % OPTIONS.length;
    onChange(OPTIONS[next]!.value);
    buttons.current[next]?.focus();
  };

  return (
    <div className={styles.segmented} role="radiogroup" aria-labelledby={labelledBy}>
      {OPTIONS.map((option, index) => {
        const isSelected = option.value === value;
        return (
          <button
            key={option.value}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="radio"
            aria-checked={isSelected}
            tabIndex={isSelected ? 0 : -1}
            className={`${styles.segment} ${isSelected ? styles.segmentSelected : ''}`}
            onClick={() => onChange(option.value)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
