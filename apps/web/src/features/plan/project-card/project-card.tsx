import { LIMITS } from '@hustle/shared/constants';
import type { Project } from '@hustle/shared/projects';
import { UNDO_WINDOW_MINUTES } from '@hustle/shared/constants';
import { useDroppable } from '@dnd-kit/core';
import { memo, useId, useState } from 'react';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { useLayoutStore } from '../../../stores/layout-store.ts';
import { projectColorStyle } from '../../../ui/project-color.ts';
import { AddTaskControl } from '../../tasks/components/add-task-control.tsx';
import { TaskRow } from '../../tasks/components/task-row.tsx';
import { turnOnNotifications } from '../../reminders/api/push-subscription.ts';
import { useAddTasks } from '../../tasks/hooks/use-add-tasks.ts';
import { projectDropId, TAKE_DROP } from '../../tasks/model/day-drop.ts';
import { useProjectOrder } from '../hooks/use-project-order.ts';
import { useLeaveProject } from '../../projects/api/leave-project.ts';
import {
  useArchiveProject,
  useDeleteProject,
  useRenameProject,
  useSetProjectColor,
} from '../../projects/api/project-commands.ts';
import { cardTasks } from '../../projects/model/project-tasks-view.ts';
import { ChangeColorModal } from '../../projects/components/change-color-modal.tsx';
import { InviteModal } from '../../invites/components/invite-modal.tsx';
import { ProjectCardMenu, type ProjectMenuAction } from './project-card-menu.tsx';
import { ProjectName } from '../../projects/components/project-name.tsx';
import styles from './project-card.module.css';

type Dialog = Exclude<ProjectMenuAction, 'archive'> | null;

export const completedText = (count: number) =>
  `You have completed ${count} ${count === 1 ? 'task' : 'tasks'}`;

/**
 * spec §2 "Project card": colour bar, click-to-rename name, up to 10 open tasks, '+N more tasks'
 * and '+ NEW TASK', the completed count, and the owner's or member's menu. Memoised: a change to
 * one project leaves the other cards as they are (issue 12).
 */
export const ProjectCard = memo(function ProjectCard({
  project,
  isHighlighted = false,
}: {
  project: Project;
  /** Marked as the one the user was brought to (a project just joined, issue 28). */
  isHighlighted?: boolean;
}) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const [isAdding, setIsAdding] = useState(false);
  const headingId = useId();
  const openModal = useLayoutStore((state) => state.openModal);

  const renameProject = useRenameProject();
  const setColor = useSetProjectColor();
  const archiveProject = useArchiveProject();
  const deleteProject = useDeleteProject();
  const leaveProject = useLeaveProject();
  const addTasks = useAddTasks({ projectId: project.id, askToNotify: turnOnNotifications });

  const isOwner = project.shared === null;
  const { shown, moreCount } = cardTasks(project);
  const completed = project.completedTasksCount ?? 0;
  const projectId = project.id;
  const order = useProjectOrder(projectId, project.name, shown);
  // Issue 31: a Plan row let go over the card moves into this project.
  const drop = useDroppable({
    id: projectDropId(projectId),
    data: { [TAKE_DROP]: order.moveHere },
  });

  const openDetails = (addTask: boolean) =>
    openModal({ type: 'projectDetails', id: projectId, addTask });

  const handleMenu = (action: ProjectMenuAction) => {
    if (action === 'archive') archiveProject.mutate({ projectId });
    else setDialog(action);
  };

  // spec §2: beyond 10 open tasks '+ NEW TASK' opens the detail modal; below that the card
  // takes the new task itself, so adding is always one click away.
  const startAdding = () => {
    if (project.openTasksCount >= LIMITS.projectCardOpenTasks) openDetails(true);
    else setIsAdding(true);
  };

  return (
    <article
      ref={drop.setNodeRef}
      data-drop-over={
        (drop.isOver && drop.active?.data.current?.planTask?.projectId !== projectId) || undefined
      }
      className={styles.card}
      style={projectColorStyle(project.color)}
      aria-labelledby={headingId}
      data-project-id={project.id}
      data-highlighted={isHighlighted || undefined}
    >
      <div className={styles.bar} aria-hidden="true" />
      <header className={styles.header}>
        <div className={styles.titleBlock}>
          <ProjectName
            name={project.name}
            headingId={headingId}
            canRename={isOwner}
            onRename={(name) => renameProject.mutate({ projectId, name })}
          />
          {project.shared && (
            <p className={styles.shared}>Shared from: {project.shared.ownerEmail}</p>
          )}
          {Boolean(project.memberCount) && (
            <p className={styles.shared}>{sharedWithText(project.memberCount ?? 0)}</p>
          )}
        </div>
        <ProjectCardMenu projectName={project.name} isOwner={isOwner} onSelect={handleMenu} />
      </header>

      {shown.length > 0 && (
        <ul className={styles.tasks} aria-label={`Tasks of ${project.name}`}>
          {shown.map((task) => (
            <TaskRow
              key={task.id}
              task={task}
              color={project.color}
              onShift={(offset) => order.shift(task, offset)}
              onTakeDrop={order.dropOn(task)}
            />
          ))}
        </ul>
      )}
      <p className="visually-hidden" aria-live="polite">
        {order.announcement}
      </p>

      {moreCount > 0 && (
        <button type="button" className={styles.more} onClick={() => openDetails(false)}>
          {`+${moreCount} more tasks`}
        </button>
      )}

      {isAdding ? (
        <div className={styles.adding}>
          <AddTaskControl
            label={`New task in ${project.name}`}
            autoFocus
            onAdd={addTasks}
            onCancel={() => setIsAdding(false)}
          />
        </div>
      ) : (
        <button type="button" className={styles.newTask} onClick={startAdding}>
          + NEW TASK
        </button>
      )}

      <footer className={styles.footer}>{completedText(completed)}</footer>

      {dialog === 'color' && (
        <ChangeColorModal
          color={project.color}
          onPick={(color) => setColor.mutate({ projectId, color })}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'invite' && (
        <InviteModal
          projectId={projectId}
          projectName={project.name}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'delete' && (
        <ConfirmDialog
          title="Delete project"
          confirmLabel="Delete"
          onConfirm={() => deleteProject.mutate({ projectId })}
          onClose={() => setDialog(null)}
        >
          {/* The toast after it offers Undo (decision 025), so the question says for how long
              rather than that it is for good (issue 28). */}
          <p>
            Delete <strong>{project.name}</strong> and its {project.openTasksCount} open{' '}
            {project.openTasksCount === 1 ? 'task' : 'tasks'}? You can undo this for{' '}
            {UNDO_WINDOW_MINUTES} minutes.
          </p>
        </ConfirmDialog>
      )}
      {dialog === 'leave' && (
        <ConfirmDialog
          title="Leave project"
          confirmLabel="Leave project"
          onConfirm={() => leaveProject.mutate({ projectId })}
          onClose={() => setDialog(null)}
        >
          <p>
            Leave <strong>{project.name}</strong>? It disappears from your workspace until you are
            invited again.
          </p>
        </ConfirmDialog>
      )}
    </article>
  );
});

/** The owner's mark that others see the project too (issue 17). */
const sharedWithText = (members: number) =>
  `Shared with ${members} ${members === 1 ? 'person' : 'people'}`;
