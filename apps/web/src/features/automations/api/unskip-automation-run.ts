import type { AutomationHistory } from '@hustle/shared/automations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api-client.ts';
import { useToastStore } from '../../../ui/toast-store.ts';
import { useWorkspaceId } from '../../workspaces/api/get-workspace.ts';
import { automationHistoryQueryKey } from './get-automation-history.ts';
import { refreshAutomations } from './refresh-automations.ts';

/** Undoes a skip while its run is still to come; the run may happen at once. */
export function useUnskipAutomationRun() {
  const queryClient = useQueryClient();
  const workspaceId = useWorkspaceId();
  const addToast = useToastStore((state) => state.addToast);
  return useMutation<AutomationHistory, Error, { id: string; period: string }>({
    mutationFn: ({ id, period }) => api.unskipAutomationRun({ params: { id }, body: { period } }),
    onSuccess: (history) =>
      queryClient.setQueryData(automationHistoryQueryKey(history.id), history),
    onError: (error) => {
      console.warn('Could not undo the skip', error);
      addToast({ message: `Could not undo the skip. ${error.message}`, tone: 'danger' });
    },
    onSettled: () => refreshAutomations(queryClient, workspaceId),
  });
}
