import { formatMinutes } from '@hustle/shared/estimates';
import { useState, type FormEvent } from 'react';
import { create } from 'zustand';
import { Button } from '../../../ui/button.tsx';
import { Modal } from '../../../ui/modal.tsx';
import { ModalFooter } from '../../../ui/modal-footer.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useSetEstimate } from '../api/set-estimate.ts';
import { estimateInput } from '@hustle/shared/estimate-input';

export type EstimateTask = {
  id: string;
  projectId: string | null;
  name: string;
  estimate: number | null;
};

type EstimateDialogState = {
  task: EstimateTask | null;
  /** Where focus goes back to when the opener (a menu) has gone by then. */
  returnTo: HTMLElement | null;
};

// One dialog per screen, as the deadline's: the rows' gestures and keys never reach it.
const useEstimateDialog = create<EstimateDialogState>(() => ({ task: null, returnTo: null }));

/** Opens the estimate dialog for a task (a row's menu, or `m` on a focused row). */
export const openEstimateDialog = (task: EstimateTask, returnTo: HTMLElement | null = null) =>
  useEstimateDialog.setState({ task, returnTo });

/** Where a screen shows the estimate dialog its rows open. */
export function EstimateDialogHost() {
  const { task, returnTo } = useEstimateDialog();
  if (!task) return null;
  const close = () => {
    useEstimateDialog.setState({ task: null, returnTo: null });
    if (returnTo) window.setTimeout(() => returnTo.focus());
  };
  return <EstimateDialog key={task.id} task={task} onClose={close} />;
}

/** Issue 30: sets or clears how long a task will take, 5 minutes to 8 hours. */
function EstimateDialog({ task, onClose }: { task: EstimateTask; onClose: () => void }) {
  const { mutate: setEstimate } = useSetEstimate();
  const [value, setValue] = useState(task.estimate === null ? '' : formatMinutes(task.estimate));
  const [error, setError] = useState<string | null>(null);

  const save = (estimate: number | null) => {
    if (estimate !== task.estimate) {
      setEstimate({ taskId: task.id, projectId: task.projectId, estimate });
    }
    onClose();
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = estimateInput(value);
    if (checked.error !== null) setError(checked.error);
    else save(checked.estimate);
  };

  return (
    <Modal title="Estimate" onClose={onClose}>
      <form onSubmit={handleSubmit} noValidate>
        <TextField
          label={`How long will “${task.name}” take?`}
          value={value}
          inputMode="text"
          autoComplete="off"
          placeholder="45 min, 1h30, 2h"
          hint="From 5 minutes to 8 hours. A number alone is minutes."
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
          {task.estimate !== null && (
            <Button type="button" onClick={() => save(null)}>
              Clear estimate
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
