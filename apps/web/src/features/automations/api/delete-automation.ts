import type { Automation } from '@hustle/shared/automations';
import { useMemo } from 'react';
import { useRunCommand } from '../../../sync/outbox/run-command.ts';

/**
 * Deletes through the outbox (decision 028): the automation leaves the lists at once, offline
 * too; the undo toast comes once the server applied it (issue 16), a refusal shows in the
 * "not saved" list.
 */
export function useDeleteAutomation() {
  const run = useRunCommand();
  return useMemo(
    () => ({
      mutate: ({ id, name }: Pick<Automation, 'id' | 'name'>) =>
        run(
          { kind: 'deleteAutomation', automationId: id, name },
          { undoMessage: `"${name}" deleted.` },
        ),
    }),
    [run],
  );
}
