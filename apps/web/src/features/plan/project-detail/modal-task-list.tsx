import type { Task } from '@hustle/shared/tasks';
import { Fragment, useMemo, type ReactNode } from 'react';
import { useModalBody } from '../../../ui/modal.tsx';
import { MoreOfList, type RestOfList } from '../../../ui/more-of-list.tsx';
import { useModalRows } from './use-modal-rows.ts';
import styles from './modal-task-list.module.css';

type ModalTaskListProps = {
  tasks: Task[];
  label: string;
  className?: string | undefined;
  /** The pages still to come (decision 035). */
  more: RestOfList;
  /** The task's row: an `<li>` carrying `data-task-id`. */
  renderRow: (task: Task) => ReactNode;
};

/**
 * A project's tasks in a detail modal, as far as its pages have come (decision 035): the next
 * page loads as the end of the list comes near the modal's view, or by the 'Show more tasks'
 * button; a long list renders only the rows near the view.
 */
export function ModalTaskList({ tasks, label, className, more, renderRow }: ModalTaskListProps) {
  const body = useModalBody();
  const keys = useMemo(() => tasks.map((task) => task.id), [tasks]);
  const { listRef, rows, spaceAfter, onFocus } = useModalRows<HTMLUListElement>(keys);

  return (
    <>
      {tasks.length > 0 && (
        <ul ref={listRef} className={className} aria-label={label} onFocus={onFocus}>
          {rows.map(({ index, spaceBefore }) => {
            const task = tasks[index];
            return (
              task && (
                <Fragment key={task.id}>
                  <Spacer height={spaceBefore} />
                  {renderRow(task)}
                </Fragment>
              )
            );
          })}
          <Spacer height={spaceAfter} />
        </ul>
      )}
      <MoreOfList more={more} label="Show more tasks" scrollRoot={body} />
    </>
  );
}

/** Stands for rows that are not rendered; hidden from assistive technology. */
function Spacer({ height }: { height: number }) {
  if (height <= 0) return null;
  return <li aria-hidden="true" className={styles.spacer} style={{ height }} />;
}
