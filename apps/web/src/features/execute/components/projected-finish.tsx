import { formatMinutes, projectedFinish } from '@hustle/shared/estimates';
import { useEffect, useState } from 'react';
import styles from './projected-finish.module.css';

const MINUTE_MS = 60_000;

/**
 * The time now, renewed at each turn of the minute: only the component that reads it renders
 * again, never the list around it.
 */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    let interval: number | undefined;
    const tick = () => setNow(new Date());
    const timeout = window.setTimeout(
      () => {
        tick();
        interval = window.setInterval(tick, MINUTE_MS);
      },
      MINUTE_MS - (Date.now() % MINUTE_MS),
    );
    return () => {
      window.clearTimeout(timeout);
      window.clearInterval(interval);
    };
  }, []);
  return now;
}

/**
 * What is left of today's estimates and when it is done if worked through from now (issue 30):
 * "2 h 10 min left · done around 17:40", in the user's time zone. It moves on as tasks are
 * completed (the minutes left come from the list) and as time passes (a tick of its own).
 */
export function ProjectedFinish({
  minutesLeft,
  unestimated,
  timeZone,
}: {
  minutesLeft: number;
  /** Open tasks without an estimate, which the sum cannot count. */
  unestimated: number;
  timeZone: string;
}) {
  const now = useMinuteClock();
  if (minutesLeft <= 0) return null;
  const finish = projectedFinish(now, minutesLeft, timeZone);
  const others =
    unestimated === 0
      ? ''
      : ` (and ${unestimated} ${unestimated === 1 ? 'task' : 'tasks'} without an estimate)`;
  return (
    <p className={styles.finish}>
      <span className={styles.left}>{`${formatMinutes(minutesLeft)} left${others}`}</span>
      <span aria-hidden="true"> · </span>
      <span className={styles.at}>{`done around ${finish}`}</span>
    </p>
  );
}
