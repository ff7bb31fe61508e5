import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { OperationName } from '@hustle/shared/api';
import { openDatabase, sqliteFileIn, type DialectName } from './db/database.ts';
import { newSecretToken } from './lib/tokens.ts';
import { testDialects } from './testing/test-databases.ts';
import { callOver, signInOver, type UserOver as User } from './testing/over-http.ts';
import { startServerProcess } from './testing/server-process.ts';
import { startReceiver, until, type ReceivedHook } from './testing/webhook-receiver.ts';

const ROUNDS = 3;
const CLIENTS = 4;

/**
 * Issue 13: the real server, killed with SIGKILL in the middle of a write load, loses no write
 * it acknowledged and comes back with an intact database. Each round kills the process started
 * after the previous crash, so recovery is exercised on data that has already survived one.
 */
describe.each(testDialects)('crash safety on %s', (dialect) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it(`keeps every acknowledged write through ${ROUNDS} SIGKILLs mid-load`, async () => {
    const storage = await freshStorage(dialect);
    cleanups.push(storage.destroy);
    // The receiver outlives every kill, as a real one would.
    const receiver = await startReceiver();
    cleanups.push(receiver.close);
    const env = {
      ...storage.env,
      SECRET_KEY: 'crash-test-secret-key-that-is-long-enough-0123',
      AUTH_IP_CODE_REQUESTS_PER_10_MIN: '1000',
      API_RATE_LIMIT_PER_MINUTE: '1000000',
      WEBHOOKS_ALLOW_LOOPBACK: 'true',
      WEBHOOKS_INTERVAL_MS: '50',
      WEBHOOKS_RETRY_DELAYS_SECONDS: '1,1,1',
    };
    const start = async () => {
      const server = await startServerProcess(env);
      cleanups.push(server.kill);
      return server;
    };

    let server = await start();
    // Sessions live in the database, so these tokens must outlive every crash too.
    const users = await Promise.all(
      Array.from({ length: CLIENTS }, (_, i) => signInOver(server.url, `crash${i}@hustle.test`)),
    );
    // One client's creates are also told to a webhook (issue 32): its queue is written with them.
    const hooked = users[0]!;
    const subscribed = await callOver(
      server.url,
      'createWebhook',
      { body: { url: receiver.url, events: ['task.created'] } },
      hooked.authorization,
    );
    expect(subscribed.status).toBe(201);
    const acked = {
      created: new Set<string>(),
      creators: new Map<string, string>(),
      planned: new Set<string>(),
      done: new Set<string>(),
      items: new Map<string, { taskId: string; authorization: string }>(),
      notes: new Map<string, { acked: string; sent: string }>(),
    };
    let checks = 0;
    let inFlightAtKill = 0;

    for (let round = 1; round <= ROUNDS; round += 1) {
      const load = runLoad(server.url, users, acked, round);
      // Somewhere into the load, at a point that differs from round to round.
      await load.reachAcks(20 + Math.floor(Math.random() * 40));
      inFlightAtKill += load.inFlight();
      await server.kill();
      await load.finished;

      server = await start();
      checks += await verifyOverApi(server.url, users, acked);
      await verifyDatabase(dialect, storage.env);
    }
    const webhooks = await verifyWebhookDeliveries(
      dialect,
      storage.env,
      receiver.received,
      createdBy(acked, hooked),
    );
    await server.stop();

    const acknowledged =
      acked.created.size + acked.planned.size + acked.done.size + acked.items.size;
    console.log(
      `crash safety (${dialect}): ${ROUNDS} SIGKILLs survived with ${inFlightAtKill} requests ` +
        `in flight; ${acknowledged} writes acknowledged (${acked.created.size} creates, ` +
        `${acked.planned.size} plans, ${acked.done.size} completions, ${acked.items.size} ` +
        'checklist items), all found after every ' +
        `restart (${checks} checks), database intact; webhook events queued once per create: ${webhooks.queued}, ` +
        `${webhooks.delivered} delivered (the rest held by a killed worker's lease)`,
    );
    expect(acked.created.size).toBeGreaterThanOrEqual(ROUNDS * 10);
    expect(inFlightAtKill).toBeGreaterThan(0);
  }, 150_000);
});

interface Acked {
  created: Set<string>;
  /** Who created each acknowledged task (their authorization). */
  creators: Map<string, string>;
  planned: Set<string>;
  done: Set<string>;
  /** Checklist items added (issue 31), with their task and who may read it. */
  items: Map<string, { taskId: string; authorization: string }>;
  /**
   * Each user's note for tomorrow (issue 30): the last one acknowledged, and the last one sent,
   * which a kill may have cut off after it committed.
   */
  notes: Map<string, { acked: string; sent: string }>;
}

/**
 * Each client creates a task, plans it, and completes every other one, until the server stops
 * answering. Only a 2xx whose body was read counts as acknowledged.
 */
function runLoad(baseUrl: string, users: User[], acked: Acked, round: number) {
  let acks = 0;
  let inFlight = 0;
  const waiters: Array<{ target: number; resolve: () => void }> = [];
  const ack = () => {
    acks += 1;
    for (const waiter of waiters.filter((w) => acks >= w.target)) waiter.resolve();
  };
  const send = async (operation: OperationName, input: object, user: User) => {
    inFlight += 1;
    try {
      const res = await callOver(baseUrl, operation, input, user.authorization);
      const body = (await res.json()) as { id?: string };
      if (!res.ok) throw new Error(`${operation} answered ${res.status}: ${JSON.stringify(body)}`);
      return body;
    } finally {
      inFlight -= 1;
    }
  };

  const client = async (user: User, index: number) => {
    for (let n = 0; ; n += 1) {
      const task = { workspaceId: user.workspaceId, projectId: null, origin: 'workspace' };
      try {
        const { id } = await send(
          'createTask',
          { body: { workspaceId: user.workspaceId, name: `r${round} c${index} #${n}` } },
          user,
        );
        if (!id) throw new Error('createTask answered without an id');
        acked.created.add(id);
        acked.creators.set(id, user.authorization);
        ack();
        if (n % 3 === 0) {
          const itemId = crypto.randomUUID();
          const item = {
            workspaceId: user.workspaceId,
            projectId: null,
            itemId,
            name: `step ${n}`,
          };
          await send('addChecklistItem', { params: { id }, body: item }, user);
          acked.items.set(itemId, { taskId: id, authorization: user.authorization });
        }
        await send('taskAction', { params: { id, action: 'plan' }, body: task }, user);
        if (n % 4 === 2) {
          const note = `r${round} c${index} #${n}`;
          const notes = acked.notes.get(user.authorization);
          acked.notes.set(user.authorization, { acked: notes?.acked ?? '', sent: note });
          const day = new Date().toISOString().slice(0, 10);
          await send(
            'finishDay',
            { body: { workspaceId: user.workspaceId, day, note, moves: [] } },
            user,
          );
          acked.notes.set(user.authorization, { acked: note, sent: note });
        }
        if (n % 2 === 1) {
          await send('taskAction', { params: { id, action: 'complete' }, body: task }, user);
          acked.done.add(id);
        } else {
          acked.planned.add(id);
        }
        ack();
      } catch (error) {
        // The kill: the connection drops or is refused. Anything else is a real failure.
        if (error instanceof TypeError) return;
        throw error;
      }
    }
  };

  const finished = Promise.all(users.map(client)).then(() => undefined);
  return {
    finished,
    inFlight: () => inFlight,
    reachAcks: (target: number) =>
      Promise.race([
        new Promise<void>((resolve) => {
          if (acks >= target) resolve();
          else waiters.push({ target, resolve });
        }),
        // A load that fails early must fail the test, not hang it.
        finished.then(() => {
          throw new Error(`load ended after ${acks} acknowledgements, before the kill`);
        }),
      ]),
  };
}

/** Every acknowledged write, read back through the restarted server's API. */
async function verifyOverApi(baseUrl: string, users: User[], acked: Acked): Promise<number> {
  const tasks = new Map<string, { done: boolean }>();
  const planned = new Set<string>();
  for (const user of users) {
    const res = await callOver(
      baseUrl,
      'getWorkspace',
      { params: { id: user.workspaceId } },
      user.authorization,
    );
    expect(res.status).toBe(200);
    const workspace = (await res.json()) as {
      tasks: Array<{ id: string; done: boolean }>;
      plannedTasks: string[];
      dayReview: { note: string } | null;
    };
    const notes = acked.notes.get(user.authorization);
    if (notes?.acked) expect([notes.acked, notes.sent]).toContain(workspace.dayReview?.note);
    for (const task of workspace.tasks) tasks.set(task.id, task);
    for (const id of workspace.plannedTasks) planned.add(id);
  }
  const missing = [...acked.created].filter((id) => !tasks.has(id));
  const unplanned = [...acked.planned].filter((id) => !planned.has(id));
  const undone = [...acked.done].filter((id) => !tasks.get(id)?.done);
  const lostItems: string[] = [];
  for (const [itemId, { taskId, authorization }] of acked.items) {
    const res = await callOver(
      baseUrl,
      'getTaskDetails',
      { params: { id: taskId } },
      authorization,
    );
    const details = (await res.json()) as { checklist?: Array<{ id: string }> };
    if (!details.checklist?.some((item) => item.id === itemId)) lostItems.push(itemId);
  }
  expect({ missing, unplanned, undone, lostItems }).toEqual({
    missing: [],
    unplanned: [],
    undone: [],
    lostItems: [],
  });
  return acked.created.size + acked.planned.size + acked.done.size + acked.items.size;
}

const createdBy = (acked: Acked, user: User) =>
  [...acked.creators].filter(([, by]) => by === user.authorization).map(([id]) => id);

/**
 * Every acknowledged create's webhook event was queued in the create's own transaction, once; what
 * the receiver got is what was queued, under the queued `webhook-id` (a delivery cut short by a
 * kill is sent again under it, and receivers drop repeats by it). A delivery a killed worker had
 * claimed waits out its lease; webhook-delivery.test.ts shows it sent after that.
 */
async function verifyWebhookDeliveries(
  dialect: DialectName,
  env: Record<string, string>,
  received: ReceivedHook[],
  created: string[],
) {
  const handle = openStorage(dialect, env);
  try {
    const queued = () => handle.db.selectFrom('webhook_deliveries').selectAll().execute();
    const unclaimedPending = async () =>
      (await queued()).filter((row) => row.status === 'pending' && row.lease_until === null);
    await until(async () => (await unclaimedPending()).length === 0, 20_000, 'the queue to drain');
    const rows = await queued();
    const queuedFor = new Map<string, string[]>();
    for (const row of rows) {
      const event = JSON.parse(row.payload) as { type: string; data: { id: string } };
      expect(event.type).toBe('task.created');
      queuedFor.set(event.data.id, [...(queuedFor.get(event.data.id) ?? []), row.id]);
    }
    expect(created.filter((id) => queuedFor.get(id)?.length !== 1)).toEqual([]);
    const payloads = new Map(rows.map((row) => [row.id, row.payload]));
    const strays = received.filter(
      (hook) => payloads.get(hook.headers['webhook-id'] ?? '') !== hook.body,
    );
    expect(strays).toEqual([]);
    const delivered = rows.filter((row) => row.status === 'delivered');
    const receivedIds = new Set(received.map((hook) => hook.headers['webhook-id']));
    expect(delivered.filter((row) => !receivedIds.has(row.id))).toEqual([]);
    return { queued: rows.length, delivered: delivered.length };
  } finally {
    await handle.close();
  }
}

const openStorage = (dialect: DialectName, env: Record<string, string>) =>
  openDatabase(
    dialect === 'sqlite'
      ? { sqliteFile: sqliteFileIn(env.DATA_DIR ?? '') }
      : { databaseUrl: env.DATABASE_URL },
  );

/** Structural checks through a connection of its own, next to the running server. */
async function verifyDatabase(dialect: DialectName, env: Record<string, string>) {
  const handle = openStorage(dialect, env);
  try {
    const { db } = handle;
    if (dialect === 'sqlite') {
      const { rows } = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
      expect(rows).toEqual([{ integrity_check: 'ok' }]);
    }
    const orphanPlans = await sql<{ n: number }>`
      select count(*) as n from planned_tasks p
      left join tasks t on t.id = p.task_id where t.id is null`.execute(db);
    const duplicatePlans = await sql<{ n: number }>`
      select count(*) as n from (
        select workspace_id, task_id from planned_tasks
        group by workspace_id, task_id having count(*) > 1) d`.execute(db);
    const versionsBehindLog = await sql<{ n: number }>`
      select count(*) as n from change_log c
      join workspaces w on w.id = c.workspace_id where c.version > w.version`.execute(db);
    // A row's checklist progress is kept beside the items, in the same transaction (issue 31).
    const marksOffItems = await sql<{ n: number }>`
      select count(*) as n from tasks t where t.checklist_total <>
        (select count(*) from checklist_items c where c.task_id = t.id)`.execute(db);
    // A task's time is its ended entries', kept in the same transaction (issue 30).
    const timeOffEntries = await sql<{ n: number }>`
      select count(*) as n from tasks t where t.actual_seconds <>
        (select coalesce(sum(e.seconds), 0) from time_entries e where e.task_id = t.id)`.execute(
      db,
    );
    expect(Number(timeOffEntries.rows[0]?.n)).toBe(0);
    expect({
      orphanPlans: Number(orphanPlans.rows[0]?.n),
      duplicatePlans: Number(duplicatePlans.rows[0]?.n),
      versionsBehindLog: Number(versionsBehindLog.rows[0]?.n),
      marksOffItems: Number(marksOffItems.rows[0]?.n),
    }).toEqual({ orphanPlans: 0, duplicatePlans: 0, versionsBehindLog: 0, marksOffItems: 0 });
  } finally {
    await handle.close();
  }
}

/** A data directory (SQLite) or a database of its own (PostgreSQL) that outlives the process. */
async function freshStorage(
  dialect: DialectName,
): Promise<{ env: Record<string, string>; destroy: () => Promise<void> }> {
  if (dialect === 'sqlite') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hustle-crash-'));
    return {
      env: { DATA_DIR: dataDir },
      destroy: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  // main.ts takes no schema setting, so the server gets a whole database to itself.
  const name = `crash_${newSecretToken(9)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    env: {
      DATABASE_URL: url.toString(),
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'hustle-crash-')),
    },
    destroy: () => admin(`drop database if exists "${name}" with (force)`),
  };
}
