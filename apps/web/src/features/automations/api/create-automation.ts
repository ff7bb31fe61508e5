import type { Automation, Trigger } from '@hustle/shared/automations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api-client.ts';
import { useWorkspaceId, workspaceQueryKey } from '../../workspaces/api/get-workspace.ts';
import { automationStatusQueryKey } from './get-automation-status.ts';
import { automationsQueryKey } from './get-automations.ts';

export interface NewAutomation {
  trigger: Trigger;
  taskName: string;
  /** Empty: the server names it 'Monthly Automation <day>' (spec §9), or the like. */
  name: string;
}

export const createAutomation = (workspaceId: string, automation: NewAutomation) =>
  api.createAutomation({
    body: {
      workspaceId,
      ...(automation.name.trim() ? { name: automation.name } : {}),
      trigger: automation.trigger,
      steps: [{ type: 'TASK', payload: { taskName: automation.taskName } }],
    },
  });

export function useCreateAutomation() {
  const queryClient = useQueryClient();
  const workspaceId = useWorkspaceId();
  return useMutation<Automation, Error, NewAutomation>({
    mutationFn: (automation) => createAutomation(workspaceId, automation),
    onError: (error) => console.warn('Could not create the automation', error),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: automationsQueryKey }),
        queryClient.invalidateQueries({ queryKey: automationStatusQueryKey }),
        // An automation for today fires at once and puts its task on the Execute list.
        queryClient.invalidateQueries({ queryKey: workspaceQueryKey(workspaceId) }),
      ]),
  });
}
