import { useRef, type KeyboardEvent } from 'react';
import styles from '../automations.module.css';

const DAYS = Array.from({ length: 31 }, (_, index) => index + 1);
const WEEK = 7;

const STEP: Record<string, number> = {
  ArrowRight: 1,
  ArrowLeft: -1,
  ArrowDown: WEEK,
  ArrowUp: -WEEK,
};

type DayPickerProps = {
  value: number | null;
  /** Today's day of the month, marked so "today" is easy to pick. */
  today?: number;
  onChange: (day: number) => void;
  labelledBy: string;
  describedBy?: string;
};

/**
 * spec §2: days 1 to 31 in a 7-column grid. A radio group: one Tab stop, arrow keys move the
 * choice (up and down by a week), Home and End jump to the ends.
 */
export function DayPicker({ value, today, onChange, labelledBy, describedBy }: DayPickerProps) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const focusable = value ?? 1;

  const choose = (day: number) => {
    onChange(day);
    buttons.current[day - 1]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, day: number) => {
    const step = STEP[event.key];
    let next: number | null = null;
    if (step !== undefined) next = Math.min(31, Math.max(1, day + step));
    else if (event.key === 'Home') next = 1;
    else if (event.key === 'End') next = 31;
    if (next === null) return;
    event.preventDefault();
    choose(next);
  };

  return (
    <div
      className={styles.dayGrid}
      role="radiogroup"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
    >
      {DAYS.map((day) => {
        const isSelected = day === value;
        return (
          <button
            key={day}
            ref={(element) => {
              buttons.current[day - 1] = element;
            }}
            type="button"
            role="radio"
            aria-checked={isSelected}
            tabIndex={day === focusable ? 0 : -1}
            className={[
              styles.day,
              isSelected && styles.daySelected,
              day === today && styles.dayToday,
            ]
              .filter(Boolean)
              .join(' ')}
            title={day === today ? 'Today' : undefined}
            onClick={() => choose(day)}
            onKeyDown={(event) => onKeyDown(event, day)}
          >
            {day}
          </button>
        );
      })}
    </div>
  );
}
