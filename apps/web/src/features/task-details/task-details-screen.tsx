import { useOpenedTask } from '../../stores/open-task.ts';
import { ReminderField } from '../reminders/components/reminder-field.tsx';
import {
  DeadlineField,
  PlannedDayField,
  RepeatField,
} from '../tasks/components/schedule-fields.tsx';
import { TaskDetailsSheet, type FieldSlots } from './components/task-details-sheet.tsx';

/** The sheet's controls that belong to other features: the tasks' days and repeat, reminders. */
const fields: FieldSlots = {
  planned: (task, isReadOnly) => <PlannedDayField task={task} isReadOnly={isReadOnly} />,
  deadline: (task, isReadOnly) => <DeadlineField task={task} isReadOnly={isReadOnly} />,
  repeat: (task, isReadOnly) => <RepeatField task={task} isReadOnly={isReadOnly} />,
  reminder: (task, isReadOnly) => <ReminderField task={task} isReadOnly={isReadOnly} />,
};

/** The details sheet of the task the page's `?task=` names, over whichever screen shows. */
export default function TaskDetailsScreen() {
  const { taskId, close } = useOpenedTask();
  return taskId ? (
    <TaskDetailsSheet key={taskId} taskId={taskId} onClose={close} fields={fields} />
  ) : null;
}
