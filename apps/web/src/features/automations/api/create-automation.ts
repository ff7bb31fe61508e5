import type { Trigger } from '@hustle/shared/automations';
import { useMemo } from 'react';
import { newEntityId } from '../../../sync/workspace/new-entity-id.ts';
import { useRunCommand } from '../../../sync/outbox/run-command.ts';

export interface NewAutomation {
  trigger: Trigger;
  taskName: string;
  /** Empty: the server names it 'Monthly Automation <day>' (spec §9), or the like. */
  name: string;
  /** Where its tasks go; null or absent: the inbox. */
  projectId?: string | null;
}

/**
 * Creates an automation through the outbox (decision 028) under an id made here: it is listed
 * at once, offline too, and reaches the server once. Shaped like the mutation it replaced; it
 * never waits, and a refusal later shows in the "not saved" list.
 */
export function useCreateAutomation() {
  const run = useRunCommand();
  return useMemo(
    () => ({
      isPending: false,
      error: null,
      mutate: (automation: NewAutomation, options?: { onSuccess?: () => void }) => {
        run({
          kind: 'createAutomation',
          automationId: newEntityId(),
          name: automation.name.trim(),
          trigger: automation.trigger,
          taskName: automation.taskName,
          createdAt: new Date().toISOString(),
          ...(automation.projectId ? { projectId: automation.projectId } : {}),
        });
        options?.onSuccess?.();
      },
    }),
    [run],
  );
}
