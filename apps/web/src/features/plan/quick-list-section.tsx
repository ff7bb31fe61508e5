import { useDndMonitor, useDroppable } from '@dnd-kit/core';
import type { Task } from '@hustle/shared/tasks';
import type { WorkspaceResponse } from '@hustle/shared/workspace';
import { useState } from 'react';
import { useMoveTask } from '../tasks/api/move-task.ts';
import { AddTaskControl } from '../tasks/components/add-task-control.tsx';
import { turnOnNotifications } from '../reminders/api/push-subscription.ts';
import { useAddTasks } from '../tasks/hooks/use-add-tasks.ts';
import { INBOX_DROP_ID, PLAN_TASK_DRAG, TAKE_DROP } from '../tasks/model/day-drop.ts';
import { useMoreOfList } from '../../sync/workspace/get-workspace-page.ts';
import { MoreOfList } from '../../ui/more-of-list.tsx';
import { InboxList } from './inbox-list.tsx';
import styles from './plan-screen.module.css';

/** spec §2: the quick task list on top — the workspace's own tasks that are not DONE. */
export function QuickListSection({ workspace }: { workspace: WorkspaceResponse }) {
  // spec §7: tasks added from the quick list are not planned.
  const addTasks = useAddTasks({ planned: false, askToNotify: turnOnNotifications });
  const tasks = workspace.tasks.filter((task) => task.completedAt === null);
  const more = useMoreOfList('inbox');
  // The rows while the copy holds the whole inbox (so a new task counts at once), else the
  // server's count (decision 029).
  const count = more.hasMore ? workspace.inboxOpenCount : tasks.length;
  const { moveToInbox, announcement } = useMoveToInbox();
  const { setNodeRef, isOver } = useDroppable({
    id: INBOX_DROP_ID,
    data: { [TAKE_DROP]: moveToInbox },
  });
  const held = useHeldTask();

  return (
    <section
      ref={setNodeRef}
      data-drop-over={(isOver && held?.projectId != null) || undefined}
      className={styles.section}
      aria-labelledby="inbox-heading"
    >
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
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}

/**
 * Issue 31: a project's task let go over the inbox moves there, as "Move to…" → Inbox does (and
 * is undone the same way). An automation's task stays where its automation puts them.
 */
function useMoveToInbox() {
  const { mutate: move } = useMoveTask();
  const [announcement, setAnnouncement] = useState('');
  const moveToInbox = (task: Task) => {
    if (task.projectId === null || task.automationId !== null) return;
    move({ taskId: task.id, projectId: task.projectId, toProjectId: null });
    setAnnouncement(`${task.name} moved to the inbox.`);
  };
  return { moveToInbox, announcement };
}

/** The Plan task being dragged now, if any. */
function useHeldTask(): Task | null {
  const [held, setHeld] = useState<Task | null>(null);
  useDndMonitor({
    onDragStart: ({ active }) =>
      setHeld(
        (active.data.current as { [PLAN_TASK_DRAG]?: Task } | undefined)?.[PLAN_TASK_DRAG] ?? null,
      ),
    onDragEnd: () => setHeld(null),
    onDragCancel: () => setHeld(null),
  });
  return held;
}
