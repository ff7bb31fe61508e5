import { formatMinutes } from '@hustle/shared/estimates';
import { estimateInput } from '@hustle/shared/estimate-input';
import { dialogHost } from '../../../ui/dialog-host.tsx';
import { FieldDialog } from '../../../ui/field-dialog.tsx';
import { useSetEstimate } from '../api/set-estimate.ts';

export type EstimateTask = {
  id: string;
  projectId: string | null;
  name: string;
  estimate: number | null;
};

const estimateDialog = dialogHost<EstimateTask>((task, close) => (
  <EstimateDialog task={task} onClose={close} />
));

/** Opens the estimate dialog for a task (a row's menu, or `m` on a focused row). */
export const openEstimateDialog = estimateDialog.open;

/** Where a screen shows the estimate dialog its rows open. */
export const EstimateDialogHost = estimateDialog.Host;

/** Issue 30: sets or clears how long a task will take, 5 minutes to 8 hours. */
function EstimateDialog({ task, onClose }: { task: EstimateTask; onClose: () => void }) {
  const { mutate: setEstimate } = useSetEstimate();
  return (
    <FieldDialog
      title="Estimate"
      label={`How long will “${task.name}” take?`}
      current={task.estimate}
      text={task.estimate === null ? '' : formatMinutes(task.estimate)}
      check={(text) => {
        const checked = estimateInput(text);
        return checked.error === null
          ? { value: checked.estimate, error: null }
          : { value: null, error: checked.error };
      }}
      clearLabel="Clear estimate"
      onSave={(estimate) => setEstimate({ taskId: task.id, projectId: task.projectId, estimate })}
      onClose={onClose}
      field={{
        inputMode: 'text',
        autoComplete: 'off',
        placeholder: '45 min, 1h30, 2h',
        hint: 'From 5 minutes to 8 hours. A number alone is minutes.',
      }}
    />
  );
}
