import {
  announcementOf,
  applyAnswer,
  applyCommand,
  describeCommand,
  entitiesOf,
  keepsInput,
  localUndoOf,
  refetchOf,
  slicesOf,
  type Command,
  type LocalSlices,
  type SliceName,
} from '@hustle/shared/commands/commands';
import type { WorkspaceResponse } from '@hustle/shared/workspace';
import { onlineManager, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from '../../api/api-error.ts';
import { deleteLocal, readLocalRange, writeLocal } from '../store/local-store.ts';
import { readSealedChanges, unsealChanges } from './sealed-changes.ts';
import { useToastStore } from '../../ui/toast-store.ts';
import { localKeysOf } from './local-slices.ts';
import {
  offerLocalUndo,
  offerUndoOf,
  outboxOf,
  registerOutbox,
  useOutboxState,
  type OutboxEntry,
  type OutboxHandle,
} from './outbox-state.ts';
import { workspaceQueryKey } from '../workspace/workspace-query-key.ts';
import { sendCommand } from './send-command.ts';

/** After a network failure: 1 s, 2 s, 4 s … capped at 30 s. */
const retryDelay = (failures: number) => Math.min(30_000, 1000 * 2 ** Math.max(0, failures - 1));

/**
 * decision 021: a command on something deleted (or no longer shown) is dropped with one line;
 * a server failure, a rate limit or no network is tried again; anything else stops the outbox
 * and asks the user.
 */
function outcomeOf(error: unknown, command: Command): 'retry' | 'gone' | 'refused' | 'signed-out' {
  if (!(error instanceof ApiError)) return 'retry';
  if (error.status === 0 || error.status >= 500 || error.status === 429) return 'retry';
  if (error.code === 'UNPARSABLE_RESPONSE') return 'retry';
  if (error.status === 401) return 'signed-out';
  // A create carries what the user typed: its place gone (the project deleted by its owner),
  // it is kept for them to see, never dropped (decision 028).
  if (error.status === 404) return keepsInput(command) ? 'refused' : 'gone';
  return 'refused';
}

let counter = 0;
const newEntryKey = (userId: string) =>
  `outbox:${userId}:${String(Date.now()).padStart(15, '0')}-${String(counter++).padStart(6, '0')}-${crypto.randomUUID().slice(0, 8)}`;

const CHANNEL = 'hustle-outbox';
const LOCK = 'hustle-outbox';

/**
 * The one way the app changes the workspace (decision 028): a command is applied to the local
 * copy at once, written to a persisted queue, and sent in order, one at a time, when the
 * network is there. It survives reloads; tabs of one browser share it (one sends at a time,
 * under a Web Lock). Waiting commands are applied again on top of every newer server answer.
 */
export class Outbox implements OutboxHandle {
  private entries: OutboxEntry[] = [];
  private isDraining = false;
  private failures = 0;
  private retryTimer: number | undefined;
  private readonly channel =
    typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
  private readonly stopOnline: () => void;
  private isStopped = false;

  constructor(
    private readonly queryClient: QueryClient,
    readonly userId: string,
    private readonly workspaceId: string,
  ) {
    this.channel?.addEventListener('message', () => void this.reload());
    this.stopOnline = onlineManager.subscribe((isOnline) => {
      useOutboxState.setState({ isOnline });
      if (isOnline) {
        this.failures = 0;
        this.kick();
      }
    });
    useOutboxState.setState({ isOnline: onlineManager.isOnline() });
  }

  /** Reads what earlier visits (or other tabs) left waiting, shows it, and starts sending. */
  async start(): Promise<void> {
    await this.reload();
    // Changes kept for this user when the server ended their last session here are theirs
    // again, and go out with the rest (issue 28).
    if (readSealedChanges()?.userId === this.userId) unsealChanges();
    this.showPending();
    this.kick();
  }

  stop(): void {
    this.isStopped = true;
    window.clearTimeout(this.retryTimer);
    this.stopOnline();
    this.channel?.close();
  }

  /** Applies the command here at once and queues it for the server. */
  run(
    command: Command,
    { undoMessage, isUndo = false }: { undoMessage?: string; isUndo?: boolean } = {},
  ): void {
    const shown = this.queryClient.getQueryData<WorkspaceResponse>(this.key);
    // Taken back by commands (the table's `undo`): offered at once, from the copy before it.
    const localUndo = !isUndo && shown ? localUndoOf(command, shown) : null;
    if (localUndo) offerLocalUndo(localUndo);
    const entry: OutboxEntry = {
      key: newEntryKey(this.userId),
      idempotencyKey: crypto.randomUUID(),
      userId: this.userId,
      workspaceId: this.workspaceId,
      command,
      label: describeCommand(command, shown),
      ...(undoMessage ? { undoMessage } : {}),
    };
    this.entries = [...this.entries, entry];
    for (const slice of slicesOf(command)) {
      this.change(slice, command, (state) => applyCommand(slice, state, command));
    }
    this.publish();
    this.store(entry);
    this.kick();
  }

  /** A server answer with the commands still waiting applied on top (not those held by a refusal). */
  withPending<S extends SliceName>(slice: S, state: LocalSlices[S]): LocalSlices[S] {
    const held = this.held();
    return this.entries
      .filter((entry) => !held.has(entry) && entry.workspaceId === this.workspaceId)
      .reduce((copy, entry) => applyCommand(slice, copy, entry.command), state);
  }

  /** Where the copies of `slice` that `command` changes are kept. */
  private keysOf(slice: SliceName, command: Command): readonly QueryKey[] {
    return slice === 'workspace' ? [this.key] : localKeysOf(slice, command, this.workspaceId);
  }

  /** Changes every copy of `slice` that `command` touches and that this page holds. */
  private change<S extends SliceName>(
    slice: S,
    command: Command,
    update: (state: LocalSlices[S]) => LocalSlices[S],
  ) {
    for (const key of this.keysOf(slice, command)) {
      this.queryClient.setQueryData<LocalSlices[S]>(key, (state) =>
        state === undefined ? state : update(state),
      );
    }
  }

  get isBusy(): boolean {
    return this.isDraining || this.entries.some((entry) => !entry.refusal);
  }

  /** Sends the refused command again, as a new request (its old key would replay the refusal). */
  retry(key: string): void {
    const entry = this.entries.find((candidate) => candidate.key === key);
    if (!entry) return;
    const again: OutboxEntry = { ...entry, idempotencyKey: crypto.randomUUID() };
    delete again.refusal;
    this.replace(again);
    this.showPending();
    this.kick();
  }

  /** Gives up the refused command; the copy goes back to what the server holds. */
  discard(key: string): void {
    const entry = this.entries.find((candidate) => candidate.key === key);
    if (!entry) return;
    this.remove(key);
    this.reconcile(entry.command);
    this.kick();
  }

  private get key() {
    return workspaceQueryKey(this.workspaceId);
  }

  private async reload() {
    try {
      const stored = await readLocalRange<OutboxEntry>(`outbox:${this.userId}:`);
      const known = new Set(stored.map((entry) => entry.key));
      // Commands made here but not yet written stay; the rest is as stored.
      const unwritten = this.entries.filter((entry) => !known.has(entry.key));
      this.entries = [...stored, ...unwritten].sort((a, b) => a.key.localeCompare(b.key));
    } catch (error) {
      console.warn('Could not read the changes kept in this browser', error);
    }
    this.publish();
  }

  private publish() {
    if (this.isStopped) return;
    useOutboxState.setState({
      waiting: this.entries.length,
      refused: this.entries.filter((entry) => entry.refusal),
    });
  }

  private showPending() {
    const shown = this.queryClient.getQueryData<WorkspaceResponse>(this.key);
    if (shown) this.queryClient.setQueryData(this.key, this.withPending('workspace', shown));
  }

  private kick() {
    if (this.isStopped || this.isDraining || !onlineManager.isOnline()) return;
    window.clearTimeout(this.retryTimer);
    this.isDraining = true;
    const drain = () => this.drain();
    const run =
      typeof navigator !== 'undefined' && navigator.locks
        ? navigator.locks.request(LOCK, drain)
        : drain();
    void run.finally(() => {
      this.isDraining = false;
      this.publish();
    });
  }

  /**
   * The commands that wait on a refusal: the refused ones, and those acting on anything a refused
   * command (or one waiting behind it) acts on or makes. They wait, in their order, until the
   * refusal is retried or discarded, and the copy does not show them meanwhile (the server will
   * not get them as they stand); every other command goes on.
   */
  private held(): Set<OutboxEntry> {
    const entities = new Set<string>();
    const held = new Set<OutboxEntry>();
    for (const entry of this.entries) {
      const ids = entitiesOf(entry.command);
      if (entry.refusal || ids.some((id) => entities.has(id))) {
        held.add(entry);
        for (const id of ids) entities.add(id);
      }
    }
    return held;
  }

  /** The first command that may go now. */
  private nextToSend(): OutboxEntry | undefined {
    const held = this.held();
    return this.entries.find((entry) => !held.has(entry));
  }

  private async drain(): Promise<void> {
    let hasSent = false;
    for (;;) {
      const next = this.nextToSend();
      if (!next || this.isStopped || !onlineManager.isOnline()) break;
      try {
        const answer = await sendCommand(next.command, next.workspaceId, next.idempotencyKey);
        offerUndoOf(next, answer);
        this.failures = 0;
        hasSent = true;
        this.remove(next.key);
        this.takeAnswer(next.command, answer);
      } catch (error) {
        const outcome = outcomeOf(error, next.command);
        if (outcome === 'retry') {
          this.failures += 1;
          this.retryTimer = window.setTimeout(() => this.kick(), retryDelay(this.failures));
          break;
        }
        if (outcome === 'signed-out') break;
        if (outcome === 'gone') {
          this.remove(next.key);
          useToastStore.getState().addToast({
            message: 'Changed elsewhere: 1 change was for something deleted',
          });
          this.reconcile(next.command);
          continue;
        }
        const { code, message } = error as ApiError;
        this.replace({ ...next, refusal: { code, message } });
        useToastStore
          .getState()
          .addToast({ message: `Not saved: ${next.label}. ${message}`, tone: 'danger' });
        this.reconcile(next.command);
        // What does not depend on it goes on (nextToSend holds back what does).
        continue;
      }
    }
    // The server's own answer for what was sent: the changes since the version shown (decision
    // 020), now that no waiting command of ours can be mistaken for them.
    if (hasSent && !this.entries.some((entry) => !entry.refusal)) this.onDrained?.();
  }

  /**
   * What only the server knows comes with its answer: it is put into the copies (the commands
   * still waiting on top), the copies it may have changed beyond are read again, and the user is
   * told what the command's entry says.
   */
  private takeAnswer(command: Command, answer: unknown) {
    for (const slice of slicesOf(command)) {
      this.change(slice, command, (state) =>
        this.withPending(slice, applyAnswer(slice, state, command, answer)),
      );
    }
    for (const slice of refetchOf(command)) {
      for (const queryKey of this.keysOf(slice, command)) {
        void this.queryClient.invalidateQueries({ queryKey });
      }
    }
    const announcement = announcementOf(command, answer);
    if (announcement) useToastStore.getState().addToast(announcement);
  }

  /** Called once the queue has emptied after sending (catch-up, set by the app). */
  onDrained?: () => void;

  /**
   * Reads again the copies a refused or dropped command had changed; the commands still waiting
   * go on top (withPending).
   */
  private reconcile(command: Command) {
    void this.queryClient.invalidateQueries({ queryKey: this.key, refetchType: 'all' });
    for (const slice of slicesOf(command)) {
      if (slice === 'workspace') continue;
      for (const queryKey of this.keysOf(slice, command)) {
        void this.queryClient.invalidateQueries({ queryKey });
      }
    }
  }

  // Writes to IndexedDB run in the order made and nothing here waits for them: the queue in
  // memory is this tab's truth, the stored one what a reload or another tab reads.
  private store(entry: OutboxEntry) {
    writeLocal(entry.key, entry)
      .then(() => this.announce())
      .catch((error: unknown) => console.warn('Could not keep a change in this browser', error));
  }

  /** Tells the other tabs that the stored queue changed. */
  private announce() {
    if (!this.isStopped) this.channel?.postMessage('changed');
  }

  private remove(key: string) {
    this.entries = this.entries.filter((entry) => entry.key !== key);
    this.publish();
    deleteLocal(key)
      .then(() => this.announce())
      .catch((error: unknown) => console.warn('Could not forget a change sent', error));
  }

  private replace(entry: OutboxEntry) {
    this.entries = this.entries.map((candidate) =>
      candidate.key === entry.key ? entry : candidate,
    );
    this.publish();
    this.store(entry);
  }
}

/** The outbox of the signed-in user, made when their app mounts (one per page). */
export function openOutbox(queryClient: QueryClient, userId: string, workspaceId: string): Outbox {
  const open = outboxOf(queryClient);
  if (open instanceof Outbox && open.userId === userId) return open;
  const outbox = new Outbox(queryClient, userId, workspaceId);
  registerOutbox(queryClient, outbox);
  return outbox;
}
