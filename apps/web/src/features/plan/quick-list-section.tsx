import type { WorkspaceResponse } from '@hustle/shared/workspace';
import { AddTaskControl } from '../tasks/components/add-task-control.tsx';
import { TaskRow } from '../tasks/components/task-row.tsx';
import { useAddTasks } from '../tasks/hooks/use-add-tasks.ts';
import styles from './plan-screen.module.css';

/** spec §2: the quick task list on top — the workspace's own tasks that are not DONE. */
export function QuickListSection({ workspace }: { workspace: WorkspaceResponse }) {
  // spec §7: tasks added from the quick list are not planned.
  const addTasks = useAddTasks({ planned: false });
  const tasks = workspace.tasks.filter((task) => task.completedAt === null);

  return (
    <section className={styles.section} aria-labelledby="inbox-heading">
      <div className={styles.sectionHeader}>
        <h2 id="inbox-heading" className={styles.sectionTitle}>
          Inbox
        </h2>
        {tasks.length > 0 && <span className={styles.count}>{tasks.length}</span>}
      </div>
      <div className={styles.inbox}>
        {tasks.length > 0 && (
          <ul className={styles.taskList} aria-label="Inbox tasks">
            {tasks.map((task) => (
              <TaskRow key={task.id} task={task} />
            ))}
          </ul>
        )}
        {/* n focuses it from anywhere on the screen (decision 022). */}
        <div data-screen-add-task="plan">
          <AddTaskControl label="New inbox task" onAdd={addTasks} />
        </div>
      </div>
    </section>
  );
}
