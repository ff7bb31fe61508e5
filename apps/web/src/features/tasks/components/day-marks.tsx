import { dayLabel, deadlineText, reminderText, spokenDay } from '../model/day-labels.ts';
import { formatMinutes } from '@hustle/shared/estimates';
import { formatSpent } from '@hustle/shared/focus';
import { BellIcon, NotesIcon } from '../../../ui/icons.tsx';
import styles from './day-marks.module.css';

type DayMarksProps = {
  today: string;
  /** How many day ends the task was carried across; 0 shows nothing. */
  carriedOver: number;
  deadline: string | null;
  /** Its planned day, shown when it is not today (Plan mode); null or today shows nothing. */
  plannedFor?: string | null;
  /** Whether it has notes, and its checklist's progress (issue 31). */
  hasNotes?: boolean;
  checklist?: { done: number; total: number };
  /** How long it will take, in minutes (issue 30); null shows nothing. */
  estimate?: number | null;
  /** The time spent on it, in seconds: beside the estimate, "25 min of 1 h" (issue 30). */
  actualSeconds?: number;
  /** When it reminds (issue 30), an instant; null (or a completed task) shows nothing. */
  remindAt?: string | null;
  /** The user's time zone, the one the reminder's day and time are read in. */
  timeZone: string;
};

/** When the task reminds, in the user's time zone: 'Tomorrow 09:00' (issue 30). */
function ReminderChip(props: { remindAt: string; today: string; timeZone: string }) {
  const { text, spoken } = reminderText(props.remindAt, props.timeZone, props.today);
  return (
    <span className={`${styles.chip} ${styles.reminder}`} title={`Reminder: ${spoken}`}>
      <BellIcon />
      <span className="visually-hidden">Reminder, {spoken}</span>
      <span aria-hidden="true">{text}</span>
    </span>
  );
}

/**
 * A task's day marks (issue 29): the day it is planned for when that is not today, "Carried
 * over ×N", and its deadline with the days left, red once passed; and (issue 31) a notes mark
 * and the checklist's progress, "2/3"; (issue 30) when it reminds. Each says in words what it
 * shows, for screen readers.
 */
export function DayMarks({
  today,
  carriedOver,
  deadline,
  plannedFor = null,
  hasNotes = false,
  checklist,
  estimate = null,
  actualSeconds = 0,
  remindAt = null,
  timeZone,
}: DayMarksProps) {
  const late = deadline ? deadlineText(deadline, today) : null;
  const hasSteps = (checklist?.total ?? 0) > 0;
  const isQuiet =
    !late && carriedOver === 0 && (!plannedFor || plannedFor === today) && !hasNotes && !hasSteps;
  if (isQuiet && estimate === null && actualSeconds === 0 && remindAt === null) return null;
  return (
    <span className={styles.marks}>
      {actualSeconds > 0 ? (
        <span
          className={`${styles.chip} ${styles.estimate} ${
            estimate !== null && actualSeconds > estimate * 60 ? styles.over : ''
          }`}
          title={estimate === null ? 'Time spent' : 'Time spent of the estimate'}
        >
          <span className="visually-hidden">Time spent </span>
          {/* One run of text: a flex chip drops the spaces at the edges of its pieces. */}
          {estimate === null
            ? formatSpent(actualSeconds)
            : `${formatSpent(actualSeconds)} of ${formatMinutes(estimate)}`}
        </span>
      ) : (
        estimate !== null && (
          <span className={`${styles.chip} ${styles.estimate}`} title="Estimate">
            <span className="visually-hidden">Estimate </span>
            {formatMinutes(estimate)}
          </span>
        )
      )}
      {hasNotes && (
        <span className={styles.chip} title="Has notes">
          <NotesIcon />
          <span className="visually-hidden">Has notes</span>
        </span>
      )}
      {checklist && hasSteps && (
        <span
          className={`${styles.chip} ${checklist.done === checklist.total ? styles.allDone : ''}`}
          title={`Checklist: ${checklist.done} of ${checklist.total} done`}
        >
          <span className="visually-hidden">Checklist </span>
          {checklist.done}/{checklist.total}
        </span>
      )}
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
      {remindAt !== null && <ReminderChip remindAt={remindAt} today={today} timeZone={timeZone} />}
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
