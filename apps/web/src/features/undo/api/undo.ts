import type { Command } from '@hustle/shared/commands/commands';
import { UNDO_WINDOW_MINUTES } from '@hustle/shared/constants';
import type { UndoTicket } from '@hustle/shared/undo';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../api/api-client.ts';
import { ApiError } from '../../../api/api-error.ts';
import { useToastStore } from '../../../ui/toast-store.ts';
import { useUndoStack, type UndoEntry } from '../model/undo-stack.ts';

/**
 * Undoes one action on the server (decision 025), then reads again whatever the screen shows:
 * what came back may be on any list — tasks, projects, the Execute list, automations.
 */
export function useUndo() {
  const queryClient = useQueryClient();
  return useCallback(
    async (entry: UndoEntry) => {
      const { addToast } = useToastStore.getState();
      if (entry.commands) {
        // Taken back by commands: through the outbox, at once and offline too. The outbox loads
        // with the screens that make commands, not with the shell that offers undos (decision 016).
        const { runCommand } = await import('../../../sync/outbox/run-command.ts');
        for (const command of entry.commands) runCommand(queryClient, command, { isUndo: true });
        addToast({ message: 'Undone.' });
        return;
      }
      try {
        await api.undo({ params: { token: entry.ticket.token } });
        addToast({ message: 'Undone.' });
      } catch (error) {
        const detail = error instanceof ApiError ? ` ${error.message}` : '';
        addToast({ message: `That could not be undone.${detail}`, tone: 'danger' });
      } finally {
        await queryClient.invalidateQueries();
      }
    },
    [queryClient],
  );
}

/**
 * Offers an action's undo: the ticket joins the stack Ctrl/⌘+Z takes from, and a toast says what
 * happened, with an Undo button.
 */
export function useOfferUndo() {
  const undo = useUndo();
  return useCallback(
    (
      offered: { ticket: UndoTicket | null | undefined } | { commands: Command[] },
      message: string,
    ) => {
      const ticket =
        'commands' in offered
          ? {
              token: crypto.randomUUID(),
              expiresAt: new Date(Date.now() + UNDO_WINDOW_MINUTES * 60_000).toISOString(),
            }
          : offered.ticket;
      if (!ticket) return;
      const commands = 'commands' in offered ? offered.commands : undefined;
      const toastId = useToastStore.getState().addToast({
        message,
        action: {
          label: 'Undo',
          onAction: () => {
            if (useUndoStack.getState().take(ticket.token)) void undo(entry);
          },
        },
      });
      const entry: UndoEntry = { ticket, message, toastId, ...(commands ? { commands } : {}) };
      useUndoStack.getState().push(entry);
    },
    [undo],
  );
}

/** Ctrl/⌘+Z: undoes the newest action that can still be undone. */
export function useUndoLatest() {
  const undo = useUndo();
  return useCallback(() => {
    const entry = useUndoStack.getState().takeLatest(new Date());
    if (!entry) {
      useToastStore.getState().addToast({ message: 'Nothing to undo.' });
      return;
    }
    // Its toast, if still shown, would offer an undo that is under way.
    useToastStore.getState().removeToast(entry.toastId);
    void undo(entry);
  }, [undo]);
}
