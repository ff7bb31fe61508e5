import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { outboxFor } from '../../workspaces/api/run-command.ts';
import { catchUpWorkspace } from '../catch-up.ts';

/**
 * Opens the signed-in user's outbox as their app mounts, so commands an earlier visit left
 * waiting are shown and sent (decision 028); each time it empties, the workspace catches up
 * with the server's own state by version (decision 020).
 */
export function useOutboxCatchUp(workspaceId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const outbox = outboxFor(queryClient);
    outbox.onDrained = () => void catchUpWorkspace(queryClient, workspaceId);
    return () => {
      outbox.onDrained = undefined;
    };
  }, [queryClient, workspaceId]);
}
