import type { SessionResponse } from '@hustle/shared/auth';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { Command } from '@hustle/shared/commands/commands';
import { openOutbox, Outbox } from './outbox.ts';
import { outboxOf } from './outbox-state.ts';

/** The signed-in user's outbox, opened (and its waiting commands read back) on first use. */
export function outboxFor(queryClient: QueryClient): Outbox {
  const open = outboxOf(queryClient);
  if (open instanceof Outbox) return open;
  const session = queryClient.getQueryData<SessionResponse>(['session']);
  if (!session) throw new Error('Commands need a signed-in session');
  const outbox = openOutbox(queryClient, session.userId, session.workspaceId);
  void outbox.start();
  return outbox;
}

/**
 * Runs a user's command (decision 028): shown at once, kept in the outbox, sent in order when
 * the network is there. The one entry point for every change to the workspace — screens, the
 * keyboard layer and undo all call it.
 */
export function runCommand(
  queryClient: QueryClient,
  command: Command,
  options?: { undoMessage?: string; isUndo?: boolean },
): void {
  outboxFor(queryClient).run(command, options);
}

export function useRunCommand(): (command: Command, options?: { undoMessage?: string }) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (command: Command, options?: { undoMessage?: string }) =>
      runCommand(queryClient, command, options),
    [queryClient],
  );
}

/**
 * A hook for one kind of command, shaped like the mutations it replaced: `mutate` runs it,
 * `mutateAsync` too and resolves once it is shown and queued — a command never waits for the
 * network, and a refusal later shows in the "not saved" list, not here.
 */
export function useCommandHook<Variables>(
  toCommand: (variables: Variables) => Command,
  /** For destructive and bulk commands: the undo toast's words (issue 16, decision 025). */
  undoMessage?: string,
) {
  const run = useRunCommand();
  return useMemo(() => {
    const mutate = (variables: Variables) => run(toCommand(variables), { undoMessage });
    return { mutate, mutateAsync: async (variables: Variables) => mutate(variables) };
    // Each hook passes the same mapping on every render (it makes new ids inside, not here).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [run, undoMessage]);
}
