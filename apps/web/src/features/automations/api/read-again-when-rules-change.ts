import type { QueryKey } from '@tanstack/react-query';
import { onChangesHeard } from '../../../sync/live/changes-heard.ts';

/** The Configure screen's lists are read apart from the workspace: read again if rules changed. */
export function readAgainWhenRulesChange(queryKey: QueryKey): void {
  onChangesHeard((queryClient, changes) =>
    changes.automationRules.length > 0 || changes.removed.automationRules.length > 0
      ? queryClient.invalidateQueries({ queryKey })
      : undefined,
  );
}
