import { useOpenedTask } from '../../stores/open-task.ts';
import { TaskDetailsSheet } from './components/task-details-sheet.tsx';

/** The details sheet of the task the page's `?task=` names, over whichever screen shows. */
export default function TaskDetailsScreen() {
  const { taskId, close } = useOpenedTask();
  return taskId ? <TaskDetailsSheet key={taskId} taskId={taskId} onClose={close} /> : null;
}
