import type { Task } from '@hustle/shared/tasks';
import { Link } from 'react-router';
import { useSession } from '../../../api/session.ts';
import { useWorkspaceToday } from '../../../sync/workspace/get-workspace.ts';
import { buttonClassName } from '../../../ui/button.tsx';
import { usePlanForDay } from '../api/plan-for-day.ts';
import { useSetDeadline } from '../api/set-deadline.ts';
import { useTaskAction } from '../api/task-action.ts';
import { deadlineText, spokenDay } from '../model/day-labels.ts';
import { deadlineInput, plannedDayInput } from '../model/day-input.ts';
import { automationPathOf, repeatPathOf } from '../model/repeat-path.ts';
import { DayField } from './day-field.tsx';
import field from '../../../ui/detail-field.module.css';

type FieldProps = { task: Task; isReadOnly: boolean };

/**
 * The day a task is planned for, in its details (issue 31): set, it goes to the end of that
 * day's list (as a drop on a day does); cleared, it comes off the plan, as unchecking it does.
 */
export function PlannedDayField({ task, isReadOnly }: FieldProps) {
  const today = useWorkspaceToday();
  const { mutate: planForDay } = usePlanForDay();
  const { mutate: taskAction } = useTaskAction();
  const on = {
    taskId: task.id,
    projectId: task.projectId,
    isAutomation: task.automationId !== null,
  };
  return (
    <DayField
      label="Planned day"
      day={task.plannedFor}
      hint={task.plannedFor ? { text: spokenDay(task.plannedFor, today) } : { text: 'Not planned' }}
      check={(text) => plannedDayInput(text, today)}
      setLabel="Plan for this day"
      clearLabel="Take off the plan"
      isReadOnly={isReadOnly}
      onSave={(day) => day && planForDay({ ...on, day })}
      onClear={() => taskAction({ ...on, action: 'idle' })}
    />
  );
}

/** A task's deadline in its details (issue 29's chip, here to set and clear). */
export function DeadlineField({ task, isReadOnly }: FieldProps) {
  const today = useWorkspaceToday();
  const { mutate: setDeadline } = useSetDeadline();
  const save = (deadline: string | null) =>
    setDeadline({ taskId: task.id, projectId: task.projectId, deadline });
  return (
    <DayField
      label="Deadline"
      day={task.deadline}
      hint={task.deadline ? deadlineText(task.deadline, today) : { text: 'No deadline' }}
      check={(text) => deadlineInput(text, today)}
      setLabel="Set deadline"
      clearLabel="Clear deadline"
      isReadOnly={isReadOnly}
      onSave={save}
      onClear={() => save(null)}
    />
  );
}

/**
 * Whether a task repeats (decision 063: repeats are automations that make the task again). A
 * task an automation made links to it; another offers "Repeat…", the automation editor filled
 * in with the task, where the plan has automations.
 */
export function RepeatField({ task, isReadOnly }: FieldProps) {
  const hasAutomation = useSession().data?.featureFlags.includes('automation') ?? false;
  if (task.automationId !== null) {
    return (
      <span className={field.row}>
        Repeats: an automation makes it
        {hasAutomation && (
          <Link
            className={buttonClassName({ variant: 'ghost' })}
            to={automationPathOf(task.automationId)}
          >
            See the automation
          </Link>
        )}
      </span>
    );
  }
  return (
    <span className={field.row}>
      Does not repeat
      {hasAutomation && !isReadOnly && (
        <Link className={buttonClassName({ variant: 'ghost' })} to={repeatPathOf(task)}>
          Repeat…
        </Link>
      )}
    </span>
  );
}
