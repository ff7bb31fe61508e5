import { dialogHost } from '../../../ui/dialog-host.tsx';
import { FieldDialog } from '../../../ui/field-dialog.tsx';
import { useWorkspaceToday } from '../../../sync/workspace/get-workspace.ts';
import { useSetDeadline } from '../api/set-deadline.ts';
import { spokenDay } from '../model/day-labels.ts';
import { deadlineInput } from '../model/day-input.ts';

export type DeadlineTask = {
  id: string;
  projectId: string | null;
  name: string;
  deadline: string | null;
};

const deadlineDialog = dialogHost<DeadlineTask>((task, close) => (
  <DeadlineDialog task={task} onClose={close} />
));

/** Opens the deadline dialog for a task (a row's menu). */
export const openDeadlineDialog = deadlineDialog.open;

/** Where a screen shows the deadline dialog its rows open. */
export const DeadlineDialogHost = deadlineDialog.Host;

/**
 * Issue 29: sets or clears a task's deadline. The browser's own date field is keyboard usable
 * (type the digits, arrows step them) and brings the platform's calendar on phones.
 */
function DeadlineDialog({ task, onClose }: { task: DeadlineTask; onClose: () => void }) {
  const today = useWorkspaceToday();
  const { mutate: setDeadline } = useSetDeadline();
  return (
    <FieldDialog
      title="Deadline"
      label={`When is “${task.name}” due?`}
      current={task.deadline}
      text={task.deadline ?? ''}
      check={(text) => {
        const checked = deadlineInput(text, today);
        return checked.error === null
          ? { value: checked.day, error: null }
          : { value: null, error: checked.error };
      }}
      clearLabel="Clear deadline"
      onSave={(deadline) => setDeadline({ taskId: task.id, projectId: task.projectId, deadline })}
      onClose={onClose}
      field={{
        type: 'date',
        hint: task.deadline ? `Due now: ${spokenDay(task.deadline, today)}.` : undefined,
      }}
    />
  );
}
