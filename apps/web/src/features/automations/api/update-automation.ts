import type { Automation, Trigger } from '@hustle/shared/automations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api-client.ts';
import { useWorkspaceId } from '../../workspaces/api/get-workspace.ts';
import { refreshAutomations } from './refresh-automations.ts';

export interface AutomationEdit {
  id: string;
  trigger: Trigger;
  taskName: string;
  /** Empty: the server brings back the default name for the trigger. */
  name: string;
}

export function useUpdateAutomation() {
  const queryClient = useQueryClient();
  const workspaceId = useWorkspaceId();
  return useMutation<Automation, Error, AutomationEdit>({
    mutationFn: ({ id, ...body }) => api.updateAutomation({ params: { id }, body }),
    onError: (error) => console.warn('Could not save the automation', error),
    onSuccess: () => refreshAutomations(queryClient, workspaceId),
  });
}
