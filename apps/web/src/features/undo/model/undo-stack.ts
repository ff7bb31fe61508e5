import type { Command } from '@hustle/shared/commands/commands';
import { create } from 'zustand';

/**
 * An action the user can still take back, and the toast offering it: by the server's undo journal
 * (its ticket), or by the commands that take it back (`commands`, from the command table; the
 * ticket then only names the entry and its window).
 */
export type UndoEntry = {
  ticket: { token: string; expiresAt: string };
  message: string;
  toastId: string;
  commands?: Command[];
};

type UndoStackState = {
  entries: UndoEntry[];
  push: (entry: UndoEntry) => void;
  /** Takes the entry off the stack (it is being undone, or is gone); true if it was there. */
  take: (token: string) => boolean;
  /** Takes the newest entry that can still be undone, dropping expired ones on the way. */
  takeLatest: (now: Date) => UndoEntry | undefined;
};

/** Far more than anyone undoes in a row; older entries fall off the bottom. */
const MAX_ENTRIES = 50;

/** Ctrl/⌘+Z undoes the newest entry; each toast's Undo button takes its own (decision 025). */
export const useUndoStack = create<UndoStackState>()((set, get) => ({
  entries: [],
  push: (entry) => set((state) => ({ entries: [...state.entries, entry].slice(-MAX_ENTRIES) })),
  take: (token) => {
    const isThere = get().entries.some((entry) => entry.ticket.token === token);
    if (isThere) {
      set((state) => ({ entries: state.entries.filter((entry) => entry.ticket.token !== token) }));
    }
    return isThere;
  },
  takeLatest: (now) => {
    const live = get().entries.filter((entry) => new Date(entry.ticket.expiresAt) > now);
    const latest = live.at(-1);
    set({ entries: live.slice(0, -1) });
    return latest;
  },
}));
