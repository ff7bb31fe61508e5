import type { Task } from '@hustle/shared/tasks';
import { useMemo, type ReactNode } from 'react';
import { useRevealTaskRow } from '../tasks/model/reveal-task-row.ts';
import { TaskRow } from '../tasks/components/task-row.tsx';
import { useWindowRows } from './hooks/use-window-rows.ts';
import { estimateTaskRowHeight } from './model/estimates.ts';
import styles from './plan-screen.module.css';

/**
 * The inbox's rows. Its pages of 100 add up as the user scrolls (decision 029), so only the rows
 * near the screen are in the page (decision 032).
 */
export function InboxList({ tasks }: { tasks: Task[] }) {
  const keys = useMemo(() => tasks.map((task) => task.id), [tasks]);
  const { containerRef, rows, onFocus, reveal } = useWindowRows<HTMLUListElement>({
    keys,
    keyAttribute: 'data-task-id',
    estimateHeight: estimateTaskRowHeight,
  });

  useRevealTaskRow((taskId) => {
    const isHere = tasks.some((task) => task.id === taskId);
    if (isHere) reveal(taskId);
    return isHere;
  });

  const children: ReactNode[] = [];
  for (const row of rows) {
    if (row.spacerBefore > 0) {
      children.push(
        <li
          key={`spacer-${row.index}`}
          className={styles.spacer}
          style={{ height: row.spacerBefore }}
          aria-hidden="true"
        />,
      );
    }
    for (const task of tasks.slice(row.start, row.end)) {
      children.push(<TaskRow key={task.id} task={task} />);
    }
  }

  return (
    <ul ref={containerRef} className={styles.taskList} aria-label="Inbox tasks" onFocus={onFocus}>
      {children}
    </ul>
  );
}
