import { formatSpent, type TimeEntry } from '@hustle/shared/focus';
import { TrashIcon } from '../../../ui/icons.tsx';
import styles from './task-details.module.css';

const timeOf = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
const dayOf = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short' });

type TimeEntriesProps = {
  entries: TimeEntry[];
  /** Entries the open focus session carries: they stay until the timer stops. */
  keptIds: readonly string[];
  onDelete: (entry: TimeEntry) => void;
};

/**
 * The user's time entries on a task (issue 30), newest first: when, and how long. An ended one
 * can be deleted (undoable); the running one shows "running" and, with those its session carries,
 * stays until the timer stops.
 */
export function TimeEntries({ entries, keptIds, onDelete }: TimeEntriesProps) {
  if (entries.length === 0) {
    return <p className={styles.empty}>No time recorded yet. Start focus to record some.</p>;
  }
  const hasKept = entries.some((entry) => keptIds.includes(entry.id));
  return (
    <>
      <ul className={styles.entries} aria-label="Time entries">
        {entries.map((entry) => {
          const span = `${dayOf(entry.startedAt)}, ${timeOf(entry.startedAt)}–${
            entry.endedAt ? timeOf(entry.endedAt) : 'now'
          }`;
          return (
            <li key={entry.id} className={styles.entry}>
              <span className={styles.entrySpan}>{span}</span>
              <span className={styles.entryLength}>
                {entry.endedAt ? formatSpent(entry.seconds) : 'running'}
              </span>
              {entry.endedAt && !keptIds.includes(entry.id) ? (
                <button
                  type="button"
                  className={styles.itemAction}
                  aria-label={`Delete the entry ${span}`}
                  title="Delete entry"
                  onClick={() => onDelete(entry)}
                >
                  <TrashIcon />
                </button>
              ) : (
                <span className={styles.entryRoom} />
              )}
            </li>
          );
        })}
      </ul>
      {hasKept && (
        <p className={styles.hint}>
          The entries of the focus session still open can be deleted once the timer stops.
        </p>
      )}
    </>
  );
}
