import { useOpenedTask } from '../../stores/open-task.ts';
import { ReminderField } from '../reminders/components/reminder-field.tsx';
import { TaskDetailsSheet, type ReminderSlot } from './components/task-details-sheet.tsx';

/** The reminder control in the sheet, from the reminders feature (issue 30). */
const reminder: ReminderSlot = (task, isReadOnly) => (
  <ReminderField task={task} isReadOnly={isReadOnly} />
);

/** The details sheet of the task the page's `?task=` names, over whichever screen shows. */
export default function TaskDetailsScreen() {
  const { taskId, close } = useOpenedTask();
  return taskId ? (
    <TaskDetailsSheet key={taskId} taskId={taskId} onClose={close} reminder={reminder} />
  ) : null;
}
