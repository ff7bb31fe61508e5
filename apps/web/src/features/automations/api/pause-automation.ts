import type { Automation } from '@hustle/shared/automations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api-client.ts';
import { useToastStore } from '../../../ui/toast-store.ts';
import { useWorkspaceId } from '../../workspaces/api/get-workspace.ts';
import { refreshAutomations } from './refresh-automations.ts';

/** Pauses or resumes (decision 026); a failure says so in a toast and nothing changes. */
export function usePauseAutomation() {
  const queryClient = useQueryClient();
  const workspaceId = useWorkspaceId();
  const addToast = useToastStore((state) => state.addToast);
  return useMutation<Automation, Error, { automation: Automation; isPaused: boolean }>({
    mutationFn: ({ automation, isPaused }) =>
      isPaused
        ? api.pauseAutomation({ params: { id: automation.id } })
        : api.resumeAutomation({ params: { id: automation.id } }),
    onError: (error, { automation, isPaused }) => {
      console.warn('Could not pause or resume the automation', error);
      addToast({
        message: `Could not ${isPaused ? 'pause' : 'resume'} "${automation.name}". ${error.message}`,
        tone: 'danger',
      });
    },
    onSettled: () => refreshAutomations(queryClient, workspaceId),
  });
}
