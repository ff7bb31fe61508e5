import { useMemo } from 'react';
import { Button } from '../../../ui/button.tsx';
import { EyeOffIcon } from '../../../ui/icons.tsx';
import { useWindowRows } from '../hooks/use-window-rows.ts';
import type { ExecuteItem } from '../model/execute-list.ts';
import styles from './completed-section.module.css';
import { TaskRow, type TaskRowActions } from './task-row.tsx';

type CompletedSectionProps = {
  items: ExecuteItem[];
  /** Completed tasks on the whole list (the copy may hold only some of them). */
  count: number;
  actions: TaskRowActions;
  onHide: () => void;
};

/**
 * spec §2: 'Completed tasks (N)' below the list, muted, with 'Hide completed'. A day's work
 * left unhidden can make it long, so it renders only the rows near the window (decision 033).
 */
export function CompletedSection({ items, count, actions, onHide }: CompletedSectionProps) {
  const ids = useMemo(() => items.map((item) => item.id), [items]);
  const { listProps, rows, measureRow, topOf } = useWindowRows(ids);
  return (
    <section className={styles.section} aria-labelledby="completed-tasks-title">
      <header className={styles.header}>
        <h2 id="completed-tasks-title" className={styles.title}>
          Completed tasks ({count})
        </h2>
        <Button variant="ghost" className={styles.hide} onClick={onHide}>
          <EyeOffIcon />
          Hide completed
        </Button>
      </header>
      <ul className={styles.list} aria-label="Completed tasks" {...listProps}>
        {rows.map(({ index, start }) => {
          const item = items[index];
          return (
            item && (
              <li
                key={item.id}
                ref={measureRow}
                data-index={index}
                aria-posinset={index + 1}
                aria-setsize={Math.max(count, items.length)}
                className={styles.item}
                style={{ top: topOf(start) }}
              >
                <TaskRow {...item} isDone actions={actions} />
              </li>
            )
          );
        })}
      </ul>
    </section>
  );
}
