import { weekdayName, weekdayShortName } from '@hustle/shared/automations';
import { WEEKDAYS } from '@hustle/shared/dates';
import styles from '../automations.module.css';

type WeekdayPickerProps = {
  value: readonly number[];
  /** Today's weekday, marked so "today" is easy to pick. */
  today?: number;
  onToggle: (weekday: number) => void;
  labelledBy: string;
  describedBy?: string;
};

/** Monday to Sunday as toggle buttons: any number of them, each a Tab stop, Space toggles. */
export function WeekdayPicker({
  value,
  today,
  onToggle,
  labelledBy,
  describedBy,
}: WeekdayPickerProps) {
  return (
    <div
      className={styles.weekGrid}
      role="group"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
    >
      {WEEKDAYS.map((weekday) => {
        const isSelected = value.includes(weekday);
        return (
          <button
            key={weekday}
            type="button"
            aria-pressed={isSelected}
            aria-label={weekdayName(weekday)}
            className={[
              styles.day,
              isSelected && styles.daySelected,
              weekday === today && styles.dayToday,
            ]
              .filter(Boolean)
              .join(' ')}
            title={weekday === today ? 'Today' : undefined}
            onClick={() => onToggle(weekday)}
          >
            {weekdayShortName(weekday)}
          </button>
        );
      })}
    </div>
  );
}
