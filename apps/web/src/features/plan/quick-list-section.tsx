import type { WorkspaceResponse } from '@hustle/shared/workspace';
import { AddTaskControl } from '../tasks/components/add-task-control.tsx';
import { useAddTasks } from '../tasks/hooks/use-add-tasks.ts';
import { useMoreOfList } from '../../sync/workspace/get-workspace-page.ts';
import { MoreOfList } from '../../ui/more-of-list.tsx';
import { InboxList } from './inbox-list.tsx';
import styles from './plan-screen.module.css';

/** spec §2: the quick task list on top — the workspace's own tasks that are not DONE. */
export function QuickListSection({ workspace }: { workspace: WorkspaceResponse }) {
  // spec §7: tasks added from the quick list are not planned.
  const addTasks = useAddTasks({ planned: false });
  const tasks = workspace.tasks.filter((task) => task.completedAt === null);
  const more = useMoreOfList('inbox');
  // The rows while the copy holds the whole inbox (so a new task counts at once), else the
  // server's count (decision 029).
  const count = more.hasMore ? workspace.inboxOpenCount : tasks.length;

  return (
    <section className={styles.section} aria-labelledby="inbox-heading">
      <div className={styles.sectionHeader}>
        <h2 id="inbox-heading" className={styles.sectionTitle}>
          Inbox
        </h2>
        {count > 0 && <span className={styles.count}>{count}</span>}
      </div>
      <div className={styles.inbox}>
        {tasks.length > 0 && <InboxList tasks={tasks} />}
        <MoreOfList more={more} label="Show more tasks" />
        {/* n focuses it from anywhere on the screen (decision 022). */}
        <div data-screen-add-task="plan">
          <AddTaskControl label="New inbox task" onAdd={addTasks} />
        </div>
      </div>
    </section>
  );
}
