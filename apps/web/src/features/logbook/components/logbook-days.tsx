import type { LogbookTask } from '@hustle/shared/logbook';
import { useId } from 'react';
import { Link } from 'react-router';
import { clockTimeIn } from '@hustle/shared/days';
import { buttonClassName } from '../../../ui/button.tsx';
import emptyState from '../../../ui/empty-state.module.css';
import { Loader } from '../../../ui/loader.tsx';
import { LoadFailure } from '../../../ui/load-failure.tsx';
import { MoreOfList } from '../../../ui/more-of-list.tsx';
import { PlaceLine } from '../../../ui/place-line.tsx';
import type { LogbookDays as Days } from '../api/get-logbook.ts';
import {
  logbookHeading,
  taskTime,
  totalsLine,
  type LogbookDayShown,
} from '../model/logbook-days.ts';
import styles from './logbook.module.css';

type Props = {
  logbook: Days;
  today: string;
  timeZone: string;
  onOpen: (taskId: string) => void;
};

/** Issue 30 item 4: every completed task by day, newest first, each day under its totals. */
export function LogbookDays({ logbook, today, timeZone, onOpen }: Props) {
  const { days, isPending, error, retry, more } = logbook;
  if (error)
    return <LoadFailure what="Could not load the logbook." error={error} onRetry={retry} />;
  if (isPending || !days) return <Loader label="Loading the logbook…" />;
  if (days.length === 0 && !more.hasMore) {
    return (
      <section className={emptyState.card} aria-labelledby="logbook-empty-title">
        <h2 id="logbook-empty-title" className={emptyState.title}>
          Nothing completed yet
        </h2>
        <p className={emptyState.text}>
          Every task you complete is kept here, day by day — also after you hide it on Execute.
        </p>
        <Link to="/execute" className={buttonClassName({ variant: 'primary' })}>
          Go to Execute
        </Link>
      </section>
    );
  }
  return (
    <>
      <ol className={styles.days} aria-label="Completed tasks by day">
        {days.map((day) => (
          <LogbookDayItem
            key={day.day}
            day={day}
            title={logbookHeading(day.day, today)}
            timeOf={(task) => clockTimeIn(task.completedAt, timeZone)}
            onOpen={onOpen}
          />
        ))}
      </ol>
      <MoreOfList more={more} label="Show earlier" />
    </>
  );
}

function LogbookDayItem({
  day,
  title,
  timeOf,
  onOpen,
}: {
  day: LogbookDayShown;
  title: string;
  timeOf: (task: LogbookTask) => string;
  onOpen: (taskId: string) => void;
}) {
  const headingId = useId();
  const totals = totalsLine(day.totals);
  return (
    <li className={styles.day} aria-labelledby={headingId}>
      <div className={styles.dayHead}>
        <h2 id={headingId} className={styles.heading}>
          {title}
        </h2>
        <p className={styles.totals}>{totals}</p>
      </div>
      <ul
        className={styles.tasks}
        aria-label={`Completed ${title === 'Today' || title === 'Yesterday' ? title.toLowerCase() : `on ${title}`}`}
      >
        {day.tasks.map((task) => {
          const spent = taskTime(task);
          return (
            <li key={task.taskId}>
              <button type="button" className={styles.task} onClick={() => onOpen(task.taskId)}>
                <span className={styles.name}>{task.name}</span>
                <PlaceLine
                  place={task.place}
                  before={<time dateTime={task.completedAt}>{timeOf(task)}</time>}
                >
                  {spent && <span className={styles.spent}>{spent}</span>}
                </PlaceLine>
              </button>
            </li>
          );
        })}
      </ul>
    </li>
  );
}
