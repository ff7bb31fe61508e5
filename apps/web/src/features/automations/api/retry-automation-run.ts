import { useMemo, useState } from 'react';
import { useOutboxState } from '../../../sync/outbox/outbox-state.ts';
import { useRunCommand } from '../../../sync/outbox/run-command.ts';

type RunRef = { id: string; name: string; period: string };

/**
 * Runs a failed period again through the outbox (decision 028). Only the server can make its
 * task, so nothing changes on screen but the button, pending until the outbox has sent what
 * waits; the answer then shows the row and a toast says how it went.
 */
export function useRetryAutomationRun() {
  const run = useRunCommand();
  const [asked, setAsked] = useState<RunRef | null>(null);
  const waiting = useOutboxState((state) => state.waiting);
  return useMemo(
    () => ({
      isPendingFor: ({ id, period }: Pick<RunRef, 'id' | 'period'>) =>
        waiting > 0 && asked?.id === id && asked.period === period,
      mutate: (ref: RunRef) => {
        setAsked(ref);
        run({
          kind: 'retryAutomationRun',
          automationId: ref.id,
          name: ref.name,
          period: ref.period,
        });
      },
    }),
    [run, asked, waiting],
  );
}
