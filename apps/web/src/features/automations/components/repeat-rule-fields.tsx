import { monthShortName, nthName, weekdayName } from '@hustle/shared/automations';
import type { Dispatch } from 'react';
import { Choice } from '../../../ui/choice.tsx';
import {
  daysInMonthAtMost,
  MAX_INTERVAL_FIELD,
  type AutomationForm,
  type AutomationFormEvent,
  type MonthlyBy,
  type Nth,
} from '../model/automation-form.ts';
import styles from '../automations.module.css';

const UNITS = { DAILY: 'days', WEEKLY: 'weeks', MONTHLY: 'months', YEARLY: 'years' } as const;
const MONTHLY_BY: { value: MonthlyBy; label: string }[] = [
  { value: 'DAY', label: 'On a day of the month' },
  { value: 'LAST_DAY', label: 'On the last day' },
  { value: 'WEEKDAY', label: 'On a weekday, such as the first Monday' },
];
const NTHS: Nth[] = [1, 2, 3, 4, -1];
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];
const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
const range = (size: number) => Array.from({ length: size }, (_, i) => i + 1);

type Props = { form: AutomationForm; dispatch: Dispatch<AutomationFormEvent> };

/** "Every N days / weeks / months / years": 1 is the plain rule. */
export function IntervalField({ form, dispatch }: Props) {
  return (
    <div className={styles.inline}>
      <label htmlFor="repeat-interval" className={styles.fieldLabel}>
        Every
      </label>
      <input
        id="repeat-interval"
        className={styles.number}
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_INTERVAL_FIELD}
        value={Number.isNaN(form.interval) ? '' : form.interval}
        onChange={(event) =>
          dispatch({ type: 'setInterval', interval: event.target.valueAsNumber })
        }
      />
      <span>
        {form.interval === 1 ? UNITS[form.frequency].slice(0, -1) : UNITS[form.frequency]}
      </span>
    </div>
  );
}

/** Which day of the month: a date (the day grid below), the last day, or the n-th weekday. */
export function MonthlyByField({ form, dispatch }: Props) {
  return (
    <fieldset className={styles.choices}>
      <legend className={styles.fieldLabel}>Runs</legend>
      {MONTHLY_BY.map((option) => (
        <Choice
          key={option.value}
          type="radio"
          name="monthly-by"
          value={option.value}
          checked={form.monthlyBy === option.value}
          onChange={() => dispatch({ type: 'pickMonthlyBy', monthlyBy: option.value })}
        >
          {option.label}
        </Choice>
      ))}
    </fieldset>
  );
}

/** "First" … "Last" and the weekday, as two selects. */
export function NthWeekdayField({ form, dispatch }: Props) {
  return (
    <div className={styles.inline}>
      <select
        className={styles.select}
        aria-label="Which one in the month"
        value={form.nth}
        onChange={(event) => dispatch({ type: 'pickNth', nth: Number(event.target.value) as Nth })}
      >
        {NTHS.map((nth) => (
          <option key={nth} value={nth}>
            {nthName(nth)}
          </option>
        ))}
      </select>
      <select
        className={styles.select}
        aria-label="Weekday"
        value={form.nthWeekday}
        onChange={(event) =>
          dispatch({ type: 'pickNthWeekday', weekday: Number(event.target.value) })
        }
      >
        {WEEKDAYS.map((weekday) => (
          <option key={weekday} value={weekday}>
            {weekdayName(weekday)}
          </option>
        ))}
      </select>
      <span>of the month</span>
    </div>
  );
}

/** A day of the year: the day and the month, as two selects. */
export function YearDayField({ form, dispatch }: Props) {
  return (
    <div className={styles.inline}>
      <select
        className={styles.select}
        aria-label="Day"
        value={form.day ?? ''}
        onChange={(event) => dispatch({ type: 'pickDay', day: Number(event.target.value) })}
      >
        <option value="" disabled>
          Day
        </option>
        {range(daysInMonthAtMost(form.month)).map((day) => (
          <option key={day} value={day}>
            {day}
          </option>
        ))}
      </select>
      <select
        className={styles.select}
        aria-label="Month"
        value={form.month}
        onChange={(event) => dispatch({ type: 'pickMonth', month: Number(event.target.value) })}
      >
        {MONTHS.map((month) => (
          <option key={month} value={month}>
            {monthShortName(month)}
          </option>
        ))}
      </select>
    </div>
  );
}
