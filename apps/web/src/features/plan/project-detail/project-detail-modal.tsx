import { errorMessage } from '../../../api/api-error.ts';
import { Loader } from '../../../ui/loader.tsx';
import { Modal } from '../../../ui/modal.tsx';
import { projectColorStyle } from '../../../ui/project-color.ts';
import { AddTaskControl } from '../../tasks/components/add-task-control.tsx';
import { TaskName } from '../../tasks/components/task-name.tsx';
import { TaskRow } from '../../tasks/components/task-row.tsx';
import { turnOnNotifications } from '../../reminders/api/push-subscription.ts';
import { useAddTasks } from '../../tasks/hooks/use-add-tasks.ts';
import { useProjectOrder } from '../hooks/use-project-order.ts';
import { useWorkspace } from '../../../sync/workspace/get-workspace.ts';
import { useArchivedProjects } from '../../projects/api/archived-projects.ts';
import { useProjectTasks } from '../../projects/api/project-tasks.ts';
import { isOpenTask, projectTasksView } from '../../projects/model/project-tasks-view.ts';
import { ModalTaskList } from './modal-task-list.tsx';
import styles from './project-detail-modal.module.css';

type ProjectDetailModalProps = {
  projectId: string;
  /** Focus the add-task field at once ('+ NEW TASK'). */
  addTask: boolean;
  onClose: () => void;
};

const countText = (count: number) => `${count} open ${count === 1 ? 'task' : 'tasks'}`;

/**
 * spec §2 "Project detail modal": every open task of a project, and adding more. The tasks come
 * a page at a time as the user scrolls (decision 035); until the last, the count is the
 * workspace's.
 */
export function ProjectDetailModal({ projectId, addTask, onClose }: ProjectDetailModalProps) {
  const { data: workspace } = useWorkspace();
  const project = workspace?.projects.find((candidate) => candidate.id === projectId);
  const projectTasks = useProjectTasks(projectId);
  const addTasks = useAddTasks({ projectId, askToNotify: turnOnNotifications });

  // Offline with nothing read yet: the tasks this browser keeps of the project (its card's).
  const fetched = projectTasks.tasks ?? (projectTasks.isOffline ? [] : undefined);
  const tasks =
    fetched && workspace
      ? projectTasksView(fetched, workspace, projectId, {
          isWhole: projectTasks.isWhole || projectTasks.isOffline,
        })
      : null;
  const order = useProjectOrder(projectId, project?.name ?? '', tasks ?? []);

  // Deleted, archived or left meanwhile (here or in another tab): nothing left to show.
  if (!workspace || !project) return null;

  return (
    <Modal title={project.name} onClose={onClose}>
      <div className={styles.content} style={projectColorStyle(project.color)}>
        <p className={styles.meta}>
          <span className={styles.dot} aria-hidden="true" />
          {countText(tasks && projectTasks.isWhole ? tasks.length : project.openTasksCount)}
          {project.shared && ` · Shared from: ${project.shared.ownerEmail}`}
        </p>
        {projectTasks.error && !tasks ? (
          <p className={styles.error} role="alert">
            The tasks could not be loaded. {errorMessage(projectTasks.error)}
          </p>
        ) : !tasks ? (
          <Loader />
        ) : (
          <ModalTaskList
            tasks={tasks}
            label={`Tasks of ${project.name}`}
            className={styles.tasks}
            more={projectTasks.more}
            renderRow={(task) => (
              <TaskRow
                key={task.id}
                task={task}
                color={project.color}
                onShift={(offset) => order.shift(task, offset)}
                onTakeDrop={order.dropOn(task)}
              />
            )}
          />
        )}
        <div className={styles.add}>
          <AddTaskControl
            label={`New task in ${project.name}`}
            autoFocus={addTask}
            onAdd={addTasks}
          />
        </div>
        <p className="visually-hidden" aria-live="polite">
          {order.announcement}
        </p>
      </div>
    </Modal>
  );
}

type ArchivedProjectDetailModalProps = { projectId: string; onClose: () => void };

/**
 * An archived project's open tasks, read-only, a page at a time; spec §2: an empty one says
 * 'Projekt nie zawiera żadnych tasków'.
 */
export function ArchivedProjectDetailModal({
  projectId,
  onClose,
}: ArchivedProjectDetailModalProps) {
  const { data: workspace } = useWorkspace();
  const archived = useArchivedProjects(workspace?.access.archives ?? false);
  const project = archived.data?.find((candidate) => candidate.id === projectId);
  const projectTasks = useProjectTasks(projectId);

  if (!project) return null;
  const tasks = projectTasks.tasks?.filter(isOpenTask);

  return (
    <Modal title={project.name} onClose={onClose}>
      <div className={styles.content} style={projectColorStyle(project.color)}>
        <p className={styles.meta}>
          <span className={styles.dot} aria-hidden="true" />
          Archived{tasks && projectTasks.isWhole ? ` · ${countText(tasks.length)}` : ''}
        </p>
        {projectTasks.error && !tasks ? (
          <p className={styles.error} role="alert">
            The tasks could not be loaded. {errorMessage(projectTasks.error)}
          </p>
        ) : !tasks ? (
          <Loader />
        ) : tasks.length === 0 && projectTasks.isWhole ? (
          <p className={styles.empty}>Projekt nie zawiera żadnych tasków</p>
        ) : (
          <ModalTaskList
            tasks={tasks}
            label={`Tasks of ${project.name}`}
            className={styles.readOnly}
            more={projectTasks.more}
            renderRow={(task) => (
              <li key={task.id} className={styles.readOnlyTask} data-task-id={task.id}>
                <span className={styles.bullet} aria-hidden="true" />
                <TaskName name={task.name} />
              </li>
            )}
          />
        )}
      </div>
    </Modal>
  );
}
