import type { AutomationHistory } from '@hustle/shared/automations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api-client.ts';
import { useToastStore } from '../../../ui/toast-store.ts';
import { useWorkspaceId } from '../../workspaces/api/get-workspace.ts';
import { automationHistoryQueryKey } from './get-automation-history.ts';
import { refreshAutomations } from './refresh-automations.ts';

/** Runs a failed period again; if it fails once more, a toast says so and the row stays ERROR. */
export function useRetryAutomationRun() {
  const queryClient = useQueryClient();
  const workspaceId = useWorkspaceId();
  const addToast = useToastStore((state) => state.addToast);
  return useMutation<AutomationHistory, Error, { id: string; period: string }>({
    mutationFn: ({ id, period }) => api.retryAutomationRun({ params: { id }, body: { period } }),
    onSuccess: (history, { period }) => {
      queryClient.setQueryData(automationHistoryQueryKey(history.id), history);
      const run = history.runs.find((candidate) => candidate.period === period);
      if (run?.status === 'ERROR') {
        addToast({ message: 'Still could not add its task. Try again later.', tone: 'danger' });
      } else {
        addToast({ message: 'Done: its task is on your Execute list.' });
      }
    },
    onError: (error) => {
      console.warn('Could not retry the run', error);
      addToast({ message: `Could not retry. ${error.message}`, tone: 'danger' });
    },
    onSettled: () => refreshAutomations(queryClient, workspaceId),
  });
}
