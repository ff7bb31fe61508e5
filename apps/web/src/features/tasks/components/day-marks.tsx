import { dayLabel, deadlineText, spokenDay } from '../model/day-labels.ts';
import styles from './day-marks.module.css';

type DayMarksProps = {
  today: string;
  /** How many day ends the task was carried across; 0 shows nothing. */
  carriedOver: number;
  deadline: string | null;
  /** Its planned day, shown when it is not today (Plan mode); null or today shows nothing. */
  plannedFor?: string | null;
};

/**
 * A task's day marks (issue 29): the day it is planned for when that is not today, "Carried
 * over ×N", and its deadline with the days left, red once passed. Each says in words what it
 * shows, for screen readers.
 */
export function DayMarks({ today, carriedOver, deadline, plannedFor = null }: DayMarksProps) {
  const late = deadline ? deadlineText(deadline, today) : null;
  if (!late && carriedOver === 0 && (!plannedFor || plannedFor === today)) return null;
  return (
    <span className={styles.marks}>
      {plannedFor && plannedFor !== today && (
        <span className={`${styles.chip} ${styles.day}`} title={spokenDay(plannedFor, today)}>
          <span className="visually-hidden">Planned for </span>
          {dayLabel(plannedFor, today)}
        </span>
      )}
      {carriedOver > 0 && (
        <span className={`${styles.chip} ${styles.carried}`}>
          Carried over{carriedOver > 1 ? ` ×${carriedOver}` : ''}
        </span>
      )}
      {deadline && late && (
        <span
          className={`${styles.chip} ${late.isLate ? styles.late : ''}`}
          title={`Deadline: ${spokenDay(deadline, today)}`}
        >
          <span className="visually-hidden">Deadline, </span>
          {late.text}
        </span>
      )}
    </span>
  );
}
