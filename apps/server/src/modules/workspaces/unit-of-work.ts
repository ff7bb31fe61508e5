import type { OkResponse } from '@hustle/shared/tasks';
import { UNDO_WINDOW_MINUTES } from '@hustle/shared/constants';
import type { UndoKind, UndoTicket } from '@hustle/shared/undo';
import type { DatabaseHandle, Db } from '../../db/database.ts';
import type { ChangeEntity, ChangeLogTable, ChangeOp } from '../../db/schema.ts';
import { createWriteTransactions, type HeldWorkspace } from '../../db/write-transaction.ts';
import { addMinutes, type Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import * as changeLog from './change-log.repository.ts';
import * as idempotency from './idempotency.repository.ts';
import { activityOf, type TaskChange } from './task-activity.ts';
import { appendActivity } from './task-activity.repository.ts';
import * as undoJournal from './undo-journal.repository.ts';
import { VERSIONS_CHANNEL } from './version-feed.ts';
import * as repo from './workspaces.repository.ts';

/**
 * Who runs a command: a signed-in user (with the Idempotency-Key their request carried, if any)
 * or the system acting for a workspace (the automation scheduler).
 */
export interface CommandActor {
  workspaceId: string;
  userId?: string;
  idempotency?: IdempotencyKey | undefined;
  /** The contract's name of the command run (the router's), for the tasks' activity. */
  command?: string | undefined;
}

export interface IdempotencyKey {
  key: string;
  /** A hash of the request, so a key reused for another request is refused. */
  fingerprint: string;
}

/** The tables an undo may put rows back into (decision 025). */
export const RESTORABLE_TABLES = [
  'projects',
  'workspace_projects',
  'tasks',
  'planned_tasks',
  'checklist_items',
  'time_entries',
  'day_reviews',
  'invites',
  'automations',
  'automation_runs',
] as const;
export type RestorableTable = (typeof RESTORABLE_TABLES)[number];

/**
 * What an undoable command removed or changed: whole rows (`selectAll`) by table, as they were
 * before it, so columns added after this code was written come back too; and the command's own
 * facts an undo checks against (for example when it archived).
 */
export interface UndoSnapshot {
  rows: Partial<Record<RestorableTable, Record<string, unknown>[]>>;
  facts?: Record<string, string>;
}

/** What a command sees inside its transaction. */
export interface UnitOfWork {
  readonly trx: Db;
  /** The command's one timestamp, for every row it writes. */
  readonly now: string;
  /**
   * Records that the workspaces show a change to an entity: at commit each of them gets one new
   * version and a change-log row per entity changed.
   */
  changed(workspaceIds: Iterable<string>, entity: ChangeEntity, id: string, op?: ChangeOp): void;
  /**
   * Locks other workspaces before the command reads and changes rows of theirs (their planned
   * lists): a command of theirs that committed a moment ago is then seen, and one still running
   * makes the attempt rerun with them locked up front. Workspaces only told of a change lock at
   * commit.
   */
  lock(workspaceIds: Iterable<string>): Promise<void>;
  /**
   * Names what a change was, beyond the change log's put or delete, for what is told outside
   * (webhooks, decision 071): a task made or completed, a project made or archived, an
   * automation's run (by the task it made).
   */
  happened(fact: ChangeFact): void;
  /** Commits the recorded changes' versions now and answers the actor's workspace version. */
  ok(): Promise<OkResponse>;
  /**
   * Keeps what the command removed or changed, in the same transaction, so the user can undo it
   * for a while (decision 025); answers the ticket naming it. Commands run for no user (the
   * scheduler) keep nothing.
   */
  undoable(kind: UndoKind, snapshot: UndoSnapshot): Promise<UndoTicket | null>;
}

export interface WritePath {
  /**
   * Runs a command as one unit of work: open the write transaction, lock the actor's workspace
   * (and `lock`), replay the stored answer of a repeated Idempotency-Key, run the command, bump the
   * version of every workspace that shows a change, append the change log, store the answer.
   */
  run<T>(
    actor: CommandActor,
    command: (uow: UnitOfWork) => Promise<T>,
    options?: {
      /** More workspaces to lock up front; the command then runs in a transaction of its own. */
      lock?: string[];
      /**
       * Run in a transaction of its own, never in a group (PostgreSQL, decision 051): for a
       * command that removes the actor's workspace, which the group told its commands exists.
       */
      alone?: boolean;
    },
  ): Promise<T>;
}

/** What a change was, named by the command that made it. */
export type ChangeFact =
  | { entity: 'task'; id: string; what: 'created' | 'completed' }
  | { entity: 'project'; id: string; what: 'created' | 'archived' }
  | { entity: 'run'; id: string; what: 'made' };

/** The facts of a command by `entity:id`. */
export type ChangeFacts = Map<string, ChangeFact['what']>;

/** One entity a command changed, as the change log holds it for one workspace. */
export type CommittedChange = Omit<ChangeLogTable, 'version' | 'changed_at'>;

/**
 * Told of a command's changes inside its transaction, after the change log is written (webhooks,
 * decision 071: what it writes commits or rolls back with the change). `watched` names the
 * workspaces known to have something listening, when the write path learned it on the way
 * (PostgreSQL); otherwise the outbox finds out itself.
 */
export type ChangeOutbox = (
  trx: Db,
  changes: CommittedChange[],
  now: string,
  watched: Set<string> | undefined,
  facts: ChangeFacts,
) => Promise<void>;

type Dialect = DatabaseHandle['dialect'];
type PendingChanges = Map<string, Map<string, { entity: ChangeEntity; id: string; op: ChangeOp }>>;

/** What an attempt learned: versions it committed, workspaces it found it had to lock. */
interface Attempt {
  committed: Map<string, number>;
  learned: Set<string>;
  /** The answer came from a repeated Idempotency-Key. */
  replayed?: boolean;
}

/** The stored answer of a repeated Idempotency-Key, or undefined for a new request. */
async function storedAnswer<T>(
  trx: Db,
  userId: string,
  key: IdempotencyKey,
): Promise<{ value: T } | undefined> {
  const stored = await idempotency.findAnswer(trx, userId, key.key);
  if (!stored) return undefined;
  if (stored.fingerprint !== key.fingerprint) {
    throw new AppError(
      'IDEMPOTENCY_KEY_REUSED',
      'This Idempotency-Key was already used for a different request.',
    );
  }
  return JSON.parse(stored.answer) as { value: T };
}

/**
 * Bumps the version of every workspace with a pending change and writes the change log, one row
 * per entity changed; answers the new versions.
 */
async function flushChanges(
  trx: Db,
  dialect: Dialect,
  pending: PendingChanges,
  now: string,
  lockOrLearn: (workspaceIds: Iterable<string>) => Promise<void>,
  outbox: ChangeOutbox | undefined,
  facts: ChangeFacts,
): Promise<Map<string, number>> {
  if (pending.size === 0) return new Map();
  const changes = [...pending].flatMap(([workspaceId, byEntity]) =>
    [...byEntity.values()].map(({ entity, id, op }) => ({
      workspace_id: workspaceId,
      entity,
      entity_id: id,
      op,
    })),
  );
  pending.clear();
  if (dialect === 'postgres') {
    await lockOrLearn(new Set(changes.map((change) => change.workspace_id)));
    const { versions, watched } = await repo.bumpLogAndNotify(trx, VERSIONS_CHANNEL, changes, now);
    if (outbox && watched.size > 0) await outbox(trx, changes, now, watched, facts);
    return versions;
  }
  const versions = await repo.bumpVersions(
    trx,
    [...new Set(changes.map((c) => c.workspace_id))],
    now,
  );
  const rows: ChangeLogTable[] = [];
  for (const change of changes) {
    const version = versions.get(change.workspace_id);
    if (version !== undefined) rows.push({ ...change, version, changed_at: now });
  }
  await changeLog.appendChanges(trx, rows);
  if (outbox) await outbox(trx, changes, now, undefined, facts);
  return versions;
}

/** The tasks among a command's pending changes, each with how many workspaces were told. */
function taskChanges(pending: PendingChanges, facts: ChangeFacts): TaskChange[] {
  const tasks = new Map<string, TaskChange>();
  for (const byEntity of pending.values()) {
    for (const { entity, id, op } of byEntity.values()) {
      if (entity !== 'task') continue;
      const task = tasks.get(id);
      if (task) task.workspaces += 1;
      else
        tasks.set(id, {
          id,
          workspaces: 1,
          deleted: op === 'delete',
          fact: facts.get(`task:${id}`),
        });
    }
  }
  return [...tasks.values()];
}

/**
 * The unit of work a command sees, in its transaction `trx`, with the workspaces locked so far;
 * `flush` commits its recorded changes' versions.
 */
function openUnitOfWork(
  trx: Db,
  dialect: Dialect,
  actor: CommandActor,
  now: string,
  locked: Set<string>,
  attempt: Attempt,
  outbox: ChangeOutbox | undefined,
): { uow: UnitOfWork; flush: () => Promise<Map<string, number>> } {
  const pending: PendingChanges = new Map();
  const facts: ChangeFacts = new Map();

  /**
   * A workspace the command reaches beyond those it locked up front (a member's, through a
   * shared project) is locked without waiting: waiting could close a circle with a command
   * that holds it and waits for ours, which PostgreSQL only breaks after a second. Busy, the
   * attempt ends at once and the rerun locks it up front, in the one order.
   */
  async function lockOrLearn(workspaceIds: Iterable<string>): Promise<void> {
    const more = [...workspaceIds].filter((id) => !locked.has(id));
    if (more.length === 0) return;
    for (const id of more) attempt.learned.add(id);
    await repo.lockWorkspaces(trx, more, { noWait: true });
    for (const id of more) locked.add(id);
  }

  async function flush(): Promise<Map<string, number>> {
    // Who changed which shared task and how (decision 087), in the command's own transaction.
    await appendActivity(trx, activityOf(actor, taskChanges(pending, facts), now));
    const versions = await flushChanges(trx, dialect, pending, now, lockOrLearn, outbox, facts);
    facts.clear();
    for (const [workspaceId, version] of versions) attempt.committed.set(workspaceId, version);
    return versions;
  }

  const { userId } = actor;
  const uow: UnitOfWork = {
    trx,
    now,
    changed(workspaceIds, entity, id, op = 'put') {
      for (const workspaceId of workspaceIds) {
        let changes = pending.get(workspaceId);
        if (!changes) pending.set(workspaceId, (changes = new Map()));
        // The last operation on an entity within one command is what it became.
        changes.set(`${entity}:${id}`, { entity, id, op });
      }
    },
    async lock(workspaceIds) {
      // SQLite's BEGIN IMMEDIATE already holds the whole database.
      if (dialect === 'postgres') await lockOrLearn(workspaceIds);
    },
    happened(fact) {
      facts.set(`${fact.entity}:${fact.id}`, fact.what);
    },
    async ok() {
      const bumped = (await flush()).get(actor.workspaceId);
      const version = bumped ?? (await repo.findVersion(trx, actor.workspaceId))?.version ?? 0;
      return { ok: true, version };
    },
    async undoable(kind, snapshot) {
      if (!userId) return null;
      const token = newId();
      const expiresAt = addMinutes(new Date(now), UNDO_WINDOW_MINUTES).toISOString();
      await undoJournal.insertEntry(trx, {
        id: token,
        user_id: userId,
        workspace_id: actor.workspaceId,
        kind,
        snapshot: JSON.stringify(snapshot),
        created_at: now,
        expires_at: expiresAt,
        undone_at: null,
      });
      return { token, kind, expiresAt };
    },
  };
  return { uow, flush };
}

/** One attempt at a command in the transaction `trx`; a rerun after a busy lock starts afresh. */
async function runOnce<T>(
  database: Pick<DatabaseHandle, 'dialect'> & { outbox?: ChangeOutbox | undefined },
  clock: Clock,
  trx: Db,
  actor: CommandActor,
  command: (uow: UnitOfWork) => Promise<T>,
  lock: string[],
  attempt: Attempt,
  held: HeldWorkspace | undefined,
): Promise<T> {
  const locked = new Set([actor.workspaceId, ...lock, ...attempt.learned]);
  // In a group (PostgreSQL) the group's lock on the actor's workspace is already held.
  if (database.dialect === 'postgres' && !held) {
    await repo.lockWorkspaces(trx, [...locked]);
  }
  const { userId } = actor;
  // A command that waited on the lock while its account was deleted finds nothing to act for.
  if (userId && !(held?.exists ?? (await repo.findVersion(trx, actor.workspaceId)))) {
    throw new AppError('UNAUTHORIZED', 'Your session has ended. Please sign in again.');
  }
  const key = userId ? actor.idempotency : undefined;
  if (key && userId) {
    const stored = await storedAnswer<T>(trx, userId, key);
    attempt.replayed = stored !== undefined;
    if (stored) return stored.value;
  }
  const now = clock.now().toISOString();
  const { uow, flush } = openUnitOfWork(
    trx,
    database.dialect,
    actor,
    now,
    locked,
    attempt,
    database.outbox,
  );
  const result = await command(uow);
  await flush();
  if (key && userId) {
    await idempotency.insertAnswer(trx, {
      user_id: userId,
      key: key.key,
      fingerprint: key.fingerprint,
      answer: JSON.stringify({ value: result }),
      created_at: now,
    });
  }
  return result;
}

export function createWritePath(deps: {
  database: Pick<DatabaseHandle, 'db' | 'dialect' | 'session'>;
  clock: Clock;
  /** Told the new versions after each commit (live updates). */
  onCommitted?: (versions: Map<string, number>) => void;
  /** Told how each transaction ended and how long it took, queueing included (metrics). */
  onTransaction?: (outcome: 'committed' | 'rolled_back', seconds: number) => void;
  /** Told of each answer replayed for a repeated Idempotency-Key (metrics). */
  onReplay?: () => void;
  /** Writes what the changes send out, in their transaction (webhooks). */
  outbox?: ChangeOutbox;
}): WritePath {
  const { database, clock } = deps;
  const transactions = createWriteTransactions(database);
  const timed = async <T>(work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    try {
      const result = await work();
      deps.onTransaction?.('committed', seconds());
      return result;
    } catch (error) {
      deps.onTransaction?.('rolled_back', seconds());
      throw error;
    }
  };

  return {
    async run(actor, command, options = {}) {
      const attempt: Attempt = { committed: new Map(), learned: new Set() };
      // A command that locks more than its workspace runs alone: a group holds only that one.
      const isAlone = options.alone === true || (options.lock ?? []).length > 0;
      const group = isAlone ? undefined : actor.workspaceId;
      const result = await timed(() =>
        transactions.run((trx, held) => {
          attempt.committed.clear(); // a rerun starts afresh; the workspaces it learned stay
          const target = { dialect: database.dialect, outbox: deps.outbox };
          return runOnce(target, clock, trx, actor, command, options.lock ?? [], attempt, held);
        }, group),
      );
      if (attempt.replayed) deps.onReplay?.();
      if (attempt.committed.size > 0) deps.onCommitted?.(attempt.committed);
      return result;
    },
  };
}
