import type { RunTask } from '@hustle/shared/automations';
import { Link } from 'react-router';
import { taskFateOf, taskLinkOf } from '../model/run-task.ts';
import styles from '../automations.module.css';

/** The task a run made, as a link to where it shows, or a word on what became of it. */
export function RunTaskLink({ task, fallback }: { task: RunTask; fallback: string }) {
  const to = taskLinkOf(task);
  if (to && task) {
    return (
      <Link to={to} className={styles.taskLink}>
        {task.state === 'DONE' ? 'Done: ' : 'Open task: '}
        {task.name}
      </Link>
    );
  }
  return <span>{taskFateOf(task) ?? fallback}</span>;
}
