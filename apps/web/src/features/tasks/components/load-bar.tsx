import { formatMinutes, loadSummary, overWarning, type DayLoad } from '@hustle/shared/estimates';
import styles from './load-bar.module.css';

const unestimatedText = (count: number) =>
  count === 0 ? '' : ` · ${count} ${count === 1 ? 'task' : 'tasks'} without an estimate`;

/**
 * A day's planned total against its capacity (issue 30): a bar, and the same in words for
 * everyone, with a plain warning once the day is planned past what it holds. The bar itself is
 * only a picture of the words, so screen readers read the words.
 */
export function LoadBar({ load, label }: { load: DayLoad; label: string }) {
  const isOver = load.over > 0;
  const share = load.capacity === 0 ? (load.planned > 0 ? 1 : 0) : load.planned / load.capacity;
  return (
    <section className={`${styles.load} ${isOver ? styles.over : ''}`} aria-label={label}>
      <p className={styles.text} aria-live="polite">
        <span>
          {`${formatMinutes(load.planned)} planned of ${formatMinutes(load.capacity)}`}
          {unestimatedText(load.unestimated)}
        </span>
        {isOver && <strong className={styles.warning}>{overWarning(load)}</strong>}
      </p>
      <div className={styles.track} aria-hidden="true">
        <div className={styles.fill} style={{ width: `${Math.min(1, share) * 100}%` }} />
      </div>
    </section>
  );
}

/** A day's load as a screen reader hears it beside the day's name. */
export const spokenLoad = (load: DayLoad): string =>
  `${loadSummary(load)} planned${load.over > 0 ? `, ${overWarning(load)}` : ''}`;

/** A day's load in few words, "3 h 10 min of 6 h" (Upcoming's day headings). */
export function DayLoadText({ load }: { load: DayLoad }) {
  const isOver = load.over > 0;
  return (
    <span
      className={`${styles.compact} ${isOver ? styles.over : ''}`}
      title={isOver ? overWarning(load) : undefined}
    >
      {loadSummary(load)}
      {isOver && <span className="visually-hidden">{`, ${overWarning(load)}`}</span>}
    </span>
  );
}
