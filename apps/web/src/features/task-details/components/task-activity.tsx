import type { TaskActivityEntry, TaskActivityKind } from '@hustle/shared/task-details';
import type { Project } from '@hustle/shared/projects';
import { useEffect, useState } from 'react';
import { useSession } from '../../../api/session.ts';
import { formatLongDate, formatTimeAgo } from '../../../ui/dates.ts';
import { LoadFailure } from '../../../ui/load-failure.tsx';
import { Loader } from '../../../ui/loader.tsx';
import { useTaskActivity } from '../api/task-details.ts';
import sheet from './task-details.module.css';
import styles from './task-activity.module.css';

const DID: Record<TaskActivityKind, string> = {
  created: 'created this',
  renamed: 'renamed this',
  completed: 'completed this',
  reopened: 'reopened this',
  moved: 'moved this here',
  notes: 'edited the notes',
  checklist: 'changed the checklist',
  deadline: 'changed the deadline',
  estimate: 'changed the estimate',
};

/** "You completed this", "anna@example.com renamed this", "A member edited the notes". */
export function activityText(entry: TaskActivityEntry, myUserId: string | undefined): string {
  const who = entry.userId === myUserId ? 'You' : (entry.who ?? 'A member');
  return `${who} ${DID[entry.kind]}`;
}

type ActivityListProps = {
  entries: readonly TaskActivityEntry[];
  myUserId: string | undefined;
  now?: number;
};

/** The time now, renewed each minute while shown, so "2 min ago" grows. */
function useTimeNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const interval = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(interval);
  }, []);
  return now;
}

/** A shared task's changes, newest first: who did what, and how long ago. */
export function ActivityList({ entries, myUserId, now }: ActivityListProps) {
  const ticked = useTimeNow();
  if (entries.length === 0) {
    return <p className={sheet.empty}>No changes by anyone yet.</p>;
  }
  return (
    <ul className={styles.list} aria-label="Changes, newest first">
      {entries.map((entry, index) => (
        <li key={`${entry.at}-${index}`} className={styles.item}>
          <span className={styles.what}>{activityText(entry, myUserId)}</span>
          <span className={styles.dot} aria-hidden="true">
            ·
          </span>
          <time className={styles.when} dateTime={entry.at} title={formatLongDate(entry.at)}>
            {formatTimeAgo(entry.at, now ?? ticked)}
          </time>
        </li>
      ))}
    </ul>
  );
}

/**
 * The "Activity" section of an opened task in a shared project (issue 31, decision 087): who
 * changed it and how, from the write path's record. A task only its owner sees shows none.
 */
export function TaskActivitySection({
  taskId,
  project,
}: {
  taskId: string;
  project: Project | null;
}) {
  const isShared = project !== null && (project.shared !== null || (project.memberCount ?? 0) > 0);
  const activity = useTaskActivity(taskId, isShared);
  const session = useSession();
  if (!isShared) return null;
  return (
    <section className={sheet.section} aria-labelledby="task-activity-heading">
      <h3 id="task-activity-heading" className={sheet.sectionTitle}>
        Activity
      </h3>
      {activity.data ? (
        <ActivityList entries={activity.data.entries} myUserId={session.data?.userId} />
      ) : activity.isError ? (
        <LoadFailure
          what="Could not load the activity."
          error={activity.error}
          onRetry={() => void activity.refetch()}
        />
      ) : (
        <Loader label="Loading the activity" />
      )}
    </section>
  );
}
