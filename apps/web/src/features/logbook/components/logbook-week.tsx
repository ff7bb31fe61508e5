import { addDaysTo } from '@hustle/shared/days';
import { formatMinutes } from '@hustle/shared/estimates';
import { weekStartOf } from '@hustle/shared/logbook';
import { Button } from '../../../ui/button.tsx';
import { Loader } from '../../../ui/loader.tsx';
import { LoadFailure } from '../../../ui/load-failure.tsx';
import { useLogbookWeek } from '../api/get-logbook.ts';
import { accuracyPercent, shortDayNames, tasksDone, weekRange } from '../model/logbook-days.ts';
import styles from './logbook.module.css';

type Props = {
  /** Any day of the week shown; undefined: this week. */
  day: string | undefined;
  today: string;
  onWeek: (day: string | undefined) => void;
};

/**
 * Issue 30 item 4: a week's four figures — tasks done, time focused, estimate accuracy (said in
 * words beside it) and the days whose plan was finished — with the weeks before and after.
 */
export function LogbookWeek({ day, today, onWeek }: Props) {
  const week = useLogbookWeek(day);
  const thisWeek = weekStartOf(today);
  const start = week.data?.start ?? weekStartOf(day ?? today);
  const isThisWeek = start === thisWeek;
  const go = (offset: number) => {
    const next = addDaysTo(start, offset);
    onWeek(next === thisWeek ? undefined : next);
  };

  return (
    <section className={styles.week} aria-labelledby="logbook-week-title">
      <div className={styles.weekNav}>
        <Button variant="ghost" onClick={() => go(-7)} aria-label="Previous week">
          ‹ Previous
        </Button>
        <h2 id="logbook-week-title" className={styles.weekTitle}>
          {isThisWeek ? 'This week' : weekRange(start, addDaysTo(start, 6))}
          {isThisWeek && (
            <span className={styles.weekDates}>{weekRange(start, addDaysTo(start, 6))}</span>
          )}
        </h2>
        <Button variant="ghost" onClick={() => go(7)} disabled={isThisWeek} aria-label="Next week">
          Next ›
        </Button>
      </div>
      {week.error ? (
        <LoadFailure
          what="Could not load the week."
          error={week.error}
          onRetry={() => void week.refetch()}
        />
      ) : !week.data ? (
        <Loader label="Loading the week…" />
      ) : (
        <WeekFigures week={week.data} />
      )}
    </section>
  );
}

function WeekFigures({ week }: { week: NonNullable<ReturnType<typeof useLogbookWeek>['data']> }) {
  const { totals, accuracy, finishedDays } = week;
  const percent = accuracyPercent(accuracy);
  return (
    <dl className={styles.figures} aria-live="polite">
      <div className={styles.figure}>
        <dt>Tasks done</dt>
        <dd className={styles.value}>
          {totals.done.toLocaleString('en-GB')}
          {totals.isCapped ? '+' : ''}
        </dd>
        <dd className={styles.note}>
          {totals.isCapped ? `Counted up to ${tasksDone(totals)}` : 'Completed Monday to Sunday'}
        </dd>
      </div>
      <div className={styles.figure}>
        <dt>Time focused</dt>
        <dd className={styles.value}>{formatMinutes(totals.focusedSeconds / 60)}</dd>
        <dd className={styles.note}>With the focus timer</dd>
      </div>
      <div className={styles.figure}>
        <dt>Estimate accuracy</dt>
        <dd className={styles.value}>{percent ?? '—'}</dd>
        <dd className={styles.note}>
          {percent === null
            ? 'No completed task had both an estimate and tracked time.'
            : `Time taken ÷ estimate, over ${totals.estimatedTasks} ${totals.estimatedTasks === 1 ? 'task' : 'tasks'} with both (${formatMinutes(totals.actualSeconds / 60)} for ${formatMinutes(totals.estimatedMinutes)}). 100% is on estimate.`}
        </dd>
      </div>
      <div className={styles.figure}>
        <dt>Days finished</dt>
        <dd className={styles.value}>{finishedDays.length} of 7</dd>
        <dd className={styles.note}>
          {finishedDays.length === 0
            ? 'Use “Finish the day” on Execute to close a day.'
            : shortDayNames(finishedDays).join(', ')}
        </dd>
      </div>
    </dl>
  );
}
