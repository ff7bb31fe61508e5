import { useState, type FormEvent } from 'react';
import { create } from 'zustand';
import { Button } from '../../../ui/button.tsx';
import { Modal } from '../../../ui/modal.tsx';
import { ModalFooter } from '../../../ui/modal-footer.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useWorkspaceToday } from '../../../sync/workspace/get-workspace.ts';
import { useSetDeadline } from '../api/set-deadline.ts';
import { spokenDay } from '../model/day-labels.ts';
import { deadlineInput } from '../model/deadline-input.ts';

export type DeadlineTask = {
  id: string;
  projectId: string | null;
  name: string;
  deadline: string | null;
};

type DeadlineDialogState = {
  task: DeadlineTask | null;
  /** Where focus goes back to when the opener (a menu) has gone by then. */
  returnTo: HTMLElement | null;
};

// One dialog per screen, not one per row: a dialog inside a row would receive the row's drag and
// swipe gestures and key presses through React's tree, and every memoised row would carry it.
const useDeadlineDialog = create<DeadlineDialogState>(() => ({ task: null, returnTo: null }));

/** Opens the deadline dialog for a task (a row's menu). */
export const openDeadlineDialog = (task: DeadlineTask, returnTo: HTMLElement | null = null) =>
  useDeadlineDialog.setState({ task, returnTo });

/** Where a screen shows the deadline dialog its rows open. */
export function DeadlineDialogHost() {
  const { task, returnTo } = useDeadlineDialog();
  if (!task) return null;
  const close = () => {
    useDeadlineDialog.setState({ task: null, returnTo: null });
    if (returnTo) window.setTimeout(() => returnTo.focus());
  };
  return <DeadlineDialog key={task.id} task={task} onClose={close} />;
}

/**
 * Issue 29: sets or clears a task's deadline. The browser's own date field is keyboard usable
 * (type the digits, arrows step them) and brings the platform's calendar on phones.
 */
function DeadlineDialog({ task, onClose }: { task: DeadlineTask; onClose: () => void }) {
  const today = useWorkspaceToday();
  const { mutate: setDeadline } = useSetDeadline();
  const [value, setValue] = useState(task.deadline ?? '');
  const [error, setError] = useState<string | null>(null);

  const save = (deadline: string | null) => {
    if (deadline !== task.deadline) {
      setDeadline({ taskId: task.id, projectId: task.projectId, deadline });
    }
    onClose();
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = deadlineInput(value, today);
    if (checked.error !== null) setError(checked.error);
    else save(checked.deadline);
  };

  return (
    <Modal title="Deadline" onClose={onClose}>
      <form onSubmit={handleSubmit} noValidate>
        <TextField
          label={`When is “${task.name}” due?`}
          type="date"
          value={value}
          hint={task.deadline ? `Due now: ${spokenDay(task.deadline, today)}.` : undefined}
          error={error ?? undefined}
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
          }}
        />
        <ModalFooter>
          <Button type="button" onClick={onClose}>
            Cancel
          </Button>
          {task.deadline !== null && (
            <Button type="button" onClick={() => save(null)}>
              Clear deadline
            </Button>
          )}
          <Button type="submit" variant="primary">
            Save
          </Button>
        </ModalFooter>
      </form>
    </Modal>
  );
}
