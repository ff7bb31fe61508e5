import type { AutomationHistory } from '@hustle/shared/automations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api-client.ts';
import { useToastStore } from '../../../ui/toast-store.ts';
import { useWorkspaceId } from '../../workspaces/api/get-workspace.ts';
import { automationHistoryQueryKey } from './get-automation-history.ts';
import { refreshAutomations } from './refresh-automations.ts';

/** Skips the coming run, named by its period so a second click skips it once. */
export function useSkipAutomationRun() {
  const queryClient = useQueryClient();
  const workspaceId = useWorkspaceId();
  const addToast = useToastStore((state) => state.addToast);
  return useMutation<AutomationHistory, Error, { id: string; period: string }>({
    mutationFn: ({ id, period }) => api.skipAutomationRun({ params: { id }, body: { period } }),
    onSuccess: (history) =>
      queryClient.setQueryData(automationHistoryQueryKey(history.id), history),
    onError: (error) => {
      console.warn('Could not skip the run', error);
      addToast({ message: `Could not skip the run. ${error.message}`, tone: 'danger' });
    },
    onSettled: () => refreshAutomations(queryClient, workspaceId),
  });
}
