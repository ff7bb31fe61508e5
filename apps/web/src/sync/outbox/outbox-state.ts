import type { Command, LocalSlices, SliceName } from '@hustle/shared/commands/commands';
import type { QueryClient } from '@tanstack/react-query';
import { onlineManager } from '@tanstack/react-query';
import { create } from 'zustand';
import type { UndoableResponse, UndoTicket } from '@hustle/shared/undo';

// The outbox's state and where it is found, apart from the outbox itself: the app shell (sync
// indicator, logout) reads them without loading the commands and what they import
// (decision 016).

/** A command waiting to reach the server, as kept in IndexedDB (decision 028). */
export type OutboxEntry = {
  /** Its place in the outbox: keys sort in the order the commands were made. */
  key: string;
  /** Sent as Idempotency-Key; a new one only when the user retries a refused command. */
  idempotencyKey: string;
  userId: string;
  workspaceId: string;
  command: Command;
  /** Words for the "not saved" list, fixed when the command was made. */
  label: string;
  /** For destructive and bulk commands (issue 16): the undo toast's words once the server answered. */
  undoMessage?: string;
  /** Set when the server refused it for a reason the user can act on: the outbox stops here. */
  refusal?: { code: string; message: string };
};

/** What the shell may ask of the open outbox (the class lives in outbox.ts). */
export interface OutboxHandle {
  readonly userId: string;
  /** A server answer with the commands still waiting applied on top. */
  withPending<S extends SliceName>(slice: S, state: LocalSlices[S]): LocalSlices[S];
  retry(key: string): void;
  discard(key: string): void;
  stop(): void;
}

export type OutboxState = {
  /** Commands made but not yet confirmed by the server. */
  waiting: number;
  /** Commands the server refused, each with Retry and Discard. */
  refused: OutboxEntry[];
  isOnline: boolean;
};

export const useOutboxState = create<OutboxState>()(() => ({
  waiting: 0,
  refused: [],
  isOnline: onlineManager.isOnline(),
}));

type UndoOffer = (
  offered: { ticket: UndoTicket | null | undefined } | { commands: Command[] },
  message: string,
) => void;
let offerUndo: UndoOffer | undefined;

/** The undo feature's offer (decision 025), for commands the outbox sent. */
export function setUndoOffer(offer: UndoOffer | undefined): void {
  offerUndo = offer;
}

/** Offers the undo of a command the server just applied, when it gave a ticket. */
export function offerUndoOf(entry: OutboxEntry, answer: unknown): void {
  if (!entry.undoMessage || !offerUndo) return;
  offerUndo({ ticket: (answer as Partial<UndoableResponse> | null)?.undo }, entry.undoMessage);
}

/** Offers to take a command back by the commands its table entry names, at once. */
export function offerLocalUndo(undo: { message: string; commands: Command[] }): void {
  offerUndo?.({ commands: undo.commands }, undo.message);
}

/** A page has one signed-in app, so one outbox: opening another closes the one before. */
let current: { queryClient: QueryClient; outbox: OutboxHandle } | undefined;

export function registerOutbox(queryClient: QueryClient, outbox: OutboxHandle): void {
  if (current) closeOutbox(current.queryClient);
  current = { queryClient, outbox };
}

export function closeOutbox(queryClient: QueryClient): void {
  if (current?.queryClient !== queryClient) return;
  current.outbox.stop();
  current = undefined;
  useOutboxState.setState({ waiting: 0, refused: [] });
}

/** Closes whichever outbox is open: the unit tests' page reset between tests. */
export function closeOpenOutbox(): void {
  if (current) closeOutbox(current.queryClient);
}

export const outboxOf = (queryClient: QueryClient): OutboxHandle | undefined =>
  current?.queryClient === queryClient ? current.outbox : undefined;
