import type { Automation } from '@hustle/shared/automations';
import { isoDateOf, localDateAt } from '@hustle/shared/dates';
import { useMemo } from 'react';
import { browserTimeZone } from '../../../ui/dates.ts';
import { useRunCommand } from '../../../sync/outbox/run-command.ts';

/**
 * Pauses or resumes (decision 026) through the outbox (decision 028): the badge and the next
 * run change at once, offline too; a refusal later shows in the "not saved" list.
 */
export function usePauseAutomation() {
  const run = useRunCommand();
  return useMemo(
    () => ({
      isPending: false,
      mutate: ({ automation, isPaused }: { automation: Automation; isPaused: boolean }) =>
        run({
          kind: 'pauseAutomation',
          automationId: automation.id,
          name: automation.name,
          trigger: automation.trigger,
          isPaused,
          today: isoDateOf(localDateAt(new Date(), browserTimeZone())),
        }),
    }),
    [run],
  );
}
