import { errorMessage } from '../../../api/api-error.ts';
import { Loader } from '../../../ui/loader.tsx';
import { Modal } from '../../../ui/modal.tsx';
import { projectColorStyle } from '../../../ui/project-color.ts';
import { AddTaskControl } from '../../tasks/components/add-task-control.tsx';
import { TaskName } from '../../tasks/components/task-name.tsx';
import { TaskRow } from '../../tasks/components/task-row.tsx';
import { useAddTasks } from '../../tasks/hooks/use-add-tasks.ts';
import { useWorkspace } from '../../workspaces/api/get-workspace.ts';
import { useArchivedProjects } from '../api/archived-projects.ts';
import { useProjectTasks } from '../api/project-tasks.ts';
import { isOpenTask, projectTasksView } from '../model/project-tasks-view.ts';
import styles from './project-detail-modal.module.css';

type ProjectDetailModalProps = {
  projectId: string;
  /** Focus the add-task field at once ('+ NEW TASK'). */
  addTask: boolean;
  onClose: () => void;
};

const countText = (count: number) => `${count} open ${count === 1 ? 'task' : 'tasks'}`;

/** spec §2 "Project detail modal": every open task of a project, and adding more. */
export function ProjectDetailModal({ projectId, addTask, onClose }: ProjectDetailModalProps) {
  const { data: workspace } = useWorkspace();
  const project = workspace?.projects.find((candidate) => candidate.id === projectId);
  const tasksQuery = useProjectTasks(projectId);
  const addTasks = useAddTasks({ projectId });

  // Deleted, archived or left meanwhile (here or in another tab): nothing left to show.
  if (!workspace || !project) return null;

  const tasks = tasksQuery.data ? projectTasksView(tasksQuery.data, workspace, projectId) : null;

  return (
    <Modal title={project.name} onClose={onClose}>
      <div className={styles.content} style={projectColorStyle(project.color)}>
        <p className={styles.meta}>
          <span className={styles.dot} aria-hidden="true" />
          {tasks ? countText(tasks.length) : countText(project.openTasksCount)}
          {project.shared && ` · Shared from: ${project.shared.ownerEmail}`}
        </p>
        {tasksQuery.isError && !tasks ? (
          <p className={styles.error} role="alert">
            The tasks could not be loaded. {errorMessage(tasksQuery.error)}
          </p>
        ) : !tasks ? (
          <Loader />
        ) : (
          tasks.length > 0 && (
            <ul className={styles.tasks} aria-label={`Tasks of ${project.name}`}>
              {tasks.map((task) => (
                <TaskRow key={task.id} task={task} color={project.color} />
              ))}
            </ul>
          )
        )}
        <div className={styles.add}>
          <AddTaskControl
            label={`New task in ${project.name}`}
            autoFocus={addTask}
            onAdd={addTasks}
          />
        </div>
      </div>
    </Modal>
  );
}

type ArchivedProjectDetailModalProps = { projectId: string; onClose: () => void };

/**
 * An archived project's open tasks, read-only; spec §2: an empty one says
 * 'Projekt nie zawiera żadnych tasków'.
 */
export function ArchivedProjectDetailModal({
  projectId,
  onClose,
}: ArchivedProjectDetailModalProps) {
  const { data: workspace } = useWorkspace();
  const archived = useArchivedProjects(workspace?.access.archives ?? false);
  const project = archived.data?.find((candidate) => candidate.id === projectId);
  const tasksQuery = useProjectTasks(projectId);

  if (!project) return null;
  const tasks = tasksQuery.data?.filter(isOpenTask);

  return (
    <Modal title={project.name} onClose={onClose}>
      <div className={styles.content} style={projectColorStyle(project.color)}>
        <p className={styles.meta}>
          <span className={styles.dot} aria-hidden="true" />
          Archived{tasks ? ` · ${countText(tasks.length)}` : ''}
        </p>
        {tasksQuery.isError ? (
          <p className={styles.error} role="alert">
            The tasks could not be loaded. {errorMessage(tasksQuery.error)}
          </p>
        ) : !tasks ? (
          <Loader />
        ) : tasks.length === 0 ? (
          <p className={styles.empty}>Projekt nie zawiera żadnych tasków</p>
        ) : (
          <ul className={styles.readOnly} aria-label={`Tasks of ${project.name}`}>
            {tasks.map((task) => (
              <li key={task.id} className={styles.readOnlyTask}>
                <span className={styles.bullet} aria-hidden="true" />
                <TaskName name={task.name} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </Modal>
  );
}
