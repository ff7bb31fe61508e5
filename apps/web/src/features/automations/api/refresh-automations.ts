import type { QueryClient } from '@tanstack/react-query';
import { workspaceQueryKey } from '../../workspaces/api/get-workspace.ts';
import { automationStatusQueryKey } from './get-automation-status.ts';
import { automationsQueryKey } from './get-automations.ts';

/**
 * After a change to an automation: its lists, every history, and the workspace, since an edit,
 * a resume or a retry may have put a task on the Execute list.
 */
export const refreshAutomations = (queryClient: QueryClient, workspaceId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: automationsQueryKey }),
    queryClient.invalidateQueries({ queryKey: automationStatusQueryKey }),
    queryClient.invalidateQueries({ queryKey: ['automation-history'] }),
    queryClient.invalidateQueries({ queryKey: workspaceQueryKey(workspaceId) }),
  ]);
