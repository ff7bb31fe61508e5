import type { UndoableResponse } from '@hustle/shared/undo';
import type { WorkspaceResponse } from '@hustle/shared/workspace';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../api/api-error.ts';
import { useToastStore } from '../../../ui/toast-store.ts';
import { useOfferUndo } from '../../undo/api/undo.ts';
import { useWorkspaceId, workspaceQueryKey } from './get-workspace.ts';

/** The key every workspace change runs under (live updates wait for them to settle). */
export const WORKSPACE_MUTATION = ['workspace-mutation'] as const;

export interface WorkspaceMutationOptions<Variables, Result> {
  mutationFn: (variables: Variables, workspaceId: string) => Promise<Result>;
  /** The change as the user expects to see it, applied at once (DESIGN: feedback within 100 ms). */
  optimistic?: (workspace: WorkspaceResponse, variables: Variables) => WorkspaceResponse;
  /** What failed, in plain words; the server's own message follows when it has one. */
  failureMessage: string | ((variables: Variables) => string);
  /** Mutations sharing a scope id reach the server one after another, in the order made. */
  scope?: { id: string };
  /**
   * For destructive and bulk changes (issue 16): what the undo toast says once the server has
   * answered with an undo ticket.
   */
  undoMessage?: Result extends UndoableResponse
    ? string | ((variables: Variables) => string)
    : never;
}

/**
 * A change to the workspace: shown optimistically, rolled back with a toast if the call fails
 * (spec §4, §8), and reconciled with the server once no other change is in flight.
 */
export function useWorkspaceMutation<Variables, Result = unknown>(
  options: WorkspaceMutationOptions<Variables, Result>,
) {
  const workspaceId = useWorkspaceId();
  const queryClient = useQueryClient();
  const addToast = useToastStore((state) => state.addToast);
  const offerUndo = useOfferUndo();
  const key = workspaceQueryKey(workspaceId);

  return useMutation({
    mutationKey: WORKSPACE_MUTATION,
    scope: options.scope,
    mutationFn: (variables: Variables) => options.mutationFn(variables, workspaceId),
    onMutate: async (variables) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<WorkspaceResponse>(key);
      if (previous && options.optimistic) {
        queryClient.setQueryData<WorkspaceResponse>(key, options.optimistic(previous, variables));
      }
      return { previous };
    },
    onSuccess: (result, variables) => {
      const { undoMessage } = options;
      if (!undoMessage) return;
      const ticket = (result as Partial<UndoableResponse> | null)?.undo;
      offerUndo(
        { ticket },
        typeof undoMessage === 'function' ? undoMessage(variables) : undoMessage,
      );
    },
    onError: (error, variables, context) => {
      // Alone, the snapshot is exactly the state before this change. With other changes in
      // flight it would undo them too, so the refetch once they settle puts things right.
      const isAlone = queryClient.isMutating({ mutationKey: WORKSPACE_MUTATION }) <= 1;
      if (context?.previous && isAlone) queryClient.setQueryData(key, context.previous);
      const detail = error instanceof ApiError ? ` ${error.message}` : '';
      const what =
        typeof options.failureMessage === 'function'
          ? options.failureMessage(variables)
          : options.failureMessage;
      addToast({ message: `${what}${detail}`, tone: 'danger' });
    },
    onSettled: async () => {
      // Refetching while another change is still on its way would flash the older state.
      if (queryClient.isMutating({ mutationKey: WORKSPACE_MUTATION }) <= 1) {
        await queryClient.invalidateQueries({ queryKey: key });
      }
    },
  });
}
