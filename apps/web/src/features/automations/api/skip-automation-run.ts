import type { Automation } from '@hustle/shared/automations';
import { useMemo } from 'react';
import { useRunCommand } from '../../../sync/outbox/run-command.ts';

type RunOf = { automation: Pick<Automation, 'id' | 'name' | 'trigger'>; period: string };

/**
 * Skips the coming run, named by its period so a second click skips it once; through the
 * outbox (decision 028), so the history shows it at once, offline too.
 */
export function useSkipAutomationRun() {
  const run = useRunCommand();
  return useMemo(
    () => ({
      isPending: false,
      mutate: ({ automation, period }: RunOf) =>
        run({
          kind: 'skipAutomationRun',
          automationId: automation.id,
          name: automation.name,
          trigger: automation.trigger,
          period,
        }),
    }),
    [run],
  );
}

/** Undoes a skip while its run is still to come (the run may happen at once, on the server). */
export function useUnskipAutomationRun() {
  const run = useRunCommand();
  return useMemo(
    () => ({
      isPending: false,
      mutate: ({ automation, period }: RunOf) =>
        run({
          kind: 'unskipAutomationRun',
          automationId: automation.id,
          name: automation.name,
          trigger: automation.trigger,
          period,
        }),
    }),
    [run],
  );
}
