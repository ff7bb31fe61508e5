import { Button } from '../../../ui/button.tsx';
import { EyeOffIcon } from '../../../ui/icons.tsx';
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

/** spec §2: 'Completed tasks (N)' below the list, muted, with 'Hide completed'. */
export function CompletedSection({ items, count, actions, onHide }: CompletedSectionProps) {
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
      <ul className={styles.list} aria-label="Completed tasks">
        {items.map((item) => (
          <li key={item.id} className={styles.item}>
            <TaskRow {...item} isDone actions={actions} />
          </li>
        ))}
      </ul>
    </section>
  );
}
