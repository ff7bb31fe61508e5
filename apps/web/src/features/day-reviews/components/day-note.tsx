import styles from './day-note.module.css';

/**
 * The note the user left when they finished the day before (issue 30): at the top of this day's
 * plan, quiet, in their words.
 */
export function DayNote({ note, isToday }: { note: string; isToday: boolean }) {
  const title = isToday ? 'Your note for today' : 'Your note for tomorrow';
  return (
    <aside className={styles.note} aria-label={title}>
      <span className={styles.title}>{title}</span>
      <p className={styles.text}>{note}</p>
    </aside>
  );
}

/** Execute after the day is finished: said once, with a way to finish it again. */
export function DayFinished({ note, onFinishAgain }: { note: string; onFinishAgain: () => void }) {
  return (
    <div className={styles.note} role="status">
      <span className={styles.title}>Day finished</span>
      <p className={styles.text}>
        {note ? `Your note for tomorrow: “${note}”` : 'Tomorrow’s plan is ready.'}{' '}
        <button type="button" className={styles.link} onClick={onFinishAgain}>
          Change<span className="visually-hidden"> the day’s finish</span>
        </button>
      </p>
    </div>
  );
}
