import type { Automation, AutomationStatusItem } from '@hustle/shared/automations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api-client.ts';
import { useToastStore } from '../../../ui/toast-store.ts';
import { useOfferUndo } from '../../undo/api/undo.ts';
import { automationStatusQueryKey } from './get-automation-status.ts';
import { automationsQueryKey } from './get-automations.ts';

export const deleteAutomation = (id: string) => api.deleteAutomation({ params: { id } });

/**
 * Removes the automation from the lists at once. spec §8 has a failed delete close its dialog
 * silently; DESIGN adds that a failure rolls back with a toast, so the row comes back and says so.
 */
export function useDeleteAutomation() {
  const queryClient = useQueryClient();
  const addToast = useToastStore((state) => state.addToast);
  const offerUndo = useOfferUndo();
  return useMutation({
    mutationFn: (automation: Pick<Automation, 'id' | 'name'>) => deleteAutomation(automation.id),
    onMutate: async ({ id }) => {
      await queryClient.cancelQueries({ queryKey: automationsQueryKey });
      await queryClient.cancelQueries({ queryKey: automationStatusQueryKey });
      const automations = queryClient.getQueryData<Automation[]>(automationsQueryKey);
      const statuses = queryClient.getQueryData<AutomationStatusItem[]>(automationStatusQueryKey);
      queryClient.setQueryData<Automation[]>(automationsQueryKey, (list) =>
        list?.filter((item) => item.id !== id),
      );
      queryClient.setQueryData<AutomationStatusItem[]>(automationStatusQueryKey, (list) =>
        list?.filter((item) => item.id !== id),
      );
      return { automations, statuses };
    },
    // The spec's confirmation stays; the undo toast comes after it (issue 16).
    onSuccess: (result, { name }) => offerUndo(result.undo, `"${name}" deleted.`),
    onError: (error, { name }, context) => {
      console.warn('Could not delete the automation', error);
      if (context?.automations) queryClient.setQueryData(automationsQueryKey, context.automations);
      if (context?.statuses) queryClient.setQueryData(automationStatusQueryKey, context.statuses);
      addToast({ message: `Could not delete "${name}". ${error.message}`, tone: 'danger' });
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: automationsQueryKey }),
        queryClient.invalidateQueries({ queryKey: automationStatusQueryKey }),
      ]),
  });
}
