import type { Trigger } from '@hustle/shared/automations';
import { useMemo } from 'react';
import { useRunCommand } from '../../../sync/outbox/run-command.ts';

export interface AutomationEdit {
  id: string;
  trigger: Trigger;
  taskName: string;
  /** Empty: the server brings back the default name for the trigger. */
  name: string;
  /** Another project, or null for the inbox; absent keeps it. */
  projectId?: string | null;
}

/**
 * Saves an edit through the outbox (decision 028): the lists show it at once, offline too; a
 * refusal later shows in the "not saved" list. Shaped like the mutation it replaced.
 */
export function useUpdateAutomation() {
  const run = useRunCommand();
  return useMemo(
    () => ({
      isPending: false,
      error: null,
      mutate: (edit: AutomationEdit, options?: { onSuccess?: () => void }) => {
        run({
          kind: 'updateAutomation',
          automationId: edit.id,
          name: edit.name,
          trigger: edit.trigger,
          taskName: edit.taskName,
          ...(edit.projectId !== undefined ? { projectId: edit.projectId } : {}),
        });
        options?.onSuccess?.();
      },
    }),
    [run],
  );
}
