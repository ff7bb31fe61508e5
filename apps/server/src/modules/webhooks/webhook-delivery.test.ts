import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import type { WebhookEvent } from '@hustle/shared/webhooks';
import { openDatabase } from '../../db/database.ts';
import { apiClientFor, type ApiClient } from '../../testing/api-client.ts';
import type { Env } from '../../config.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDialects } from '../../testing/test-databases.ts';
import type { DialectName } from '../../db/database.ts';
import { startReceiver, until, type ReceiverBehaviour } from '../../testing/webhook-receiver.ts';

const WORKER = { WEBHOOKS_INTERVAL_MS: '20', WEBHOOKS_ALLOW_LOOPBACK: 'true' } as const;

/** A fresh app per test with its receiver, all closed after the test. */
function harness(dialect: DialectName) {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  async function setUp(behaviour?: ReceiverBehaviour, env: Env = {}) {
    const t = await createTestApp(dialect, { env: { ...WORKER, ...env } });
    cleanups.push(() => t.close());
    const receiver = await startReceiver(behaviour);
    cleanups.push(() => receiver.close());
    const ada = await apiClientFor(t.app, 'ada@example.com');
    return { t, receiver, ada };
  }
  return { cleanups, setUp };
}

const subscribe = (ada: ApiClient, url: string, events: WebhookEvent[]) =>
  ada.callOk('createWebhook', { body: { url, events } });

const newTask = (ada: ApiClient, name: string) =>
  ada.callOk('createTask', {
    body: { workspaceId: ada.workspaceId, projectId: null, name, planned: false },
  });

const deliveries = (t: TestApp) =>
  t.database.db.selectFrom('webhook_deliveries').selectAll().orderBy('created_at').execute();

describe.each(testDialects)('webhook delivery (%s)', (dialect) => {
  const { cleanups, setUp } = harness(dialect);

  it('signs each event so the receiver verifies it with standardwebhooks, only the chosen events', async () => {
    const { receiver, ada } = await setUp();
    const hook = await subscribe(ada, receiver.url, [
      'task.created',
      'task.completed',
      'task.deleted',
    ]);
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const task = await newTask(ada, 'Water the plants');
    await ada.callOk('renameTask', {
      params: { id: task.id },
      body: { workspaceId: ada.workspaceId, projectId: null, name: 'Water the ferns' },
    });
    await ada.callOk('taskAction', {
      params: { id: task.id, action: 'complete' },
      body: { workspaceId: ada.workspaceId, projectId: null, origin: 'workspace' },
    });
    await ada.callOk('deleteTask', {
      params: { id: task.id },
      body: { workspaceId: ada.workspaceId, projectId: null, origin: 'workspace' },
    });
    await until(() => receiver.received.length >= 3, 5_000, 'three deliveries');
    const verifier = new Webhook(hook.secret);
    const events = receiver.received.map((got) => {
      const verified = verifier.verify(got.body, got.headers) as {
        type: string;
        data: { id: string };
      };
      expect(got.headers['webhook-id']).toMatch(/^[0-9a-f-]{36}$/);
      return verified;
    });
    // The rename is a task.updated, which this endpoint did not choose.
    expect(events.map((event) => event.type).sort()).toEqual([
      'task.completed',
      'task.created',
      'task.deleted',
    ]);
    const created = events.find((event) => event.type === 'task.created')! as unknown as {
      timestamp: string;
      data: Record<string, unknown>;
    };
    expect(created.data).toMatchObject({ id: task.id, name: 'Water the plants', projectId: null });
    expect(Date.parse(created.timestamp)).not.toBeNaN();
    // A body changed in transit, or signed with another secret, fails the receiver's check.
    const first = receiver.received[0]!;
    expect(() => verifier.verify(first.body.replace('task', 'tusk'), first.headers)).toThrow();
    // The receiver has the bodies before the sender records their answers: wait for the records.
    const recorded = async () =>
      (await ada.callOk('listWebhookDeliveries', { params: { id: hook.id } })).deliveries;
    await until(
      async () => (await recorded()).every((d) => d.status === 'delivered'),
      5_000,
      'the answers recorded',
    );
    const log = await recorded();
    expect(log).toHaveLength(3);
    expect(log.every((d) => d.status === 'delivered' && d.statusCode === 200)).toBe(true);
  });

  it('tells of projects and of automation runs', async () => {
    const { t, receiver, ada } = await setUp();
    await subscribe(ada, receiver.url, [
      'project.created',
      'project.updated',
      'project.archived',
      'project.deleted',
      'automation.run',
    ]);
    const { projectId } = await ada.callOk('createProject', {
      body: { workspaceId: ada.workspaceId, name: 'Garden' },
    });
    await ada.callOk('renameProject', {
      params: { id: projectId },
      body: { workspaceId: ada.workspaceId, name: 'Allotment' },
    });
    await ada.callOk('archiveProject', {
      params: { id: projectId },
      body: { workspaceId: ada.workspaceId },
    });
    await ada.callOk('deleteProject', { params: { id: projectId } });
    const automation = (await ada.callOk('createAutomation', {
      body: {
        workspaceId: ada.workspaceId,
        day: 5,
        actions: [{ type: 'TASK', payload: { taskName: 'Pay rent' } }],
      },
    })) as { id: string };
    await t.database.db
      .insertInto('automation_runs')
      .values({
        automation_id: automation.id,
        period: '2026-11',
        task_id: null,
        status: 'ERROR',
        error: 'refused',
        created_at: '2026-11-22T00:00:00.000Z',
      })
      .execute();
    await ada.callOk('retryAutomationRun', {
      params: { id: automation.id },
      body: { period: '2026-11' },
    });
    await until(() => receiver.received.length >= 5, 5_000, 'project and run events');
    const bodies = receiver.received.map(
      (got) => JSON.parse(got.body) as { type: string; data: Record<string, unknown> },
    );
    // Each is delivered as soon as it is due, so the order they arrive in may vary.
    expect(bodies.map((body) => body.type).sort()).toEqual([
      'automation.run',
      'project.archived',
      'project.created',
      'project.deleted',
      'project.updated',
    ]);
    expect(bodies.find((body) => body.type === 'project.updated')!.data).toMatchObject({
      id: projectId,
      name: 'Allotment',
    });
    expect(bodies.find((body) => body.type === 'automation.run')!.data).toMatchObject({
      automationId: automation.id,
      period: '2026-11',
      taskName: 'Pay rent',
    });
    expect(await deliveries(t)).toHaveLength(5);
  });

  it('retries after 500s by the schedule, under one webhook-id, until it is taken', async () => {
    const { t, receiver, ada } = await setUp((_hook, index) => ({ status: index < 2 ? 500 : 204 }));
    await subscribe(ada, receiver.url, ['task.created']);
    await newTask(ada, 'Call the bank');
    await until(() => receiver.received.length === 1, 5_000, 'the first attempt');
    await until(async () => (await deliveries(t))[0]!.attempts === 1, 5_000, 'its record');
    let [row] = await deliveries(t);
    expect(row).toMatchObject({ status: 'pending', status_code: 500, attempts: 1 });
    expect(Date.parse(row!.next_attempt_at!) - t.clock.now().getTime()).toBe(5_000);
    // Not due yet: nothing more is sent.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(receiver.received).toHaveLength(1);
    t.clock.advance(5_000);
    await until(() => receiver.received.length === 2, 5_000, 'the second attempt');
    await until(async () => (await deliveries(t))[0]!.attempts === 2, 5_000, 'its record');
    [row] = await deliveries(t);
    expect(Date.parse(row!.next_attempt_at!) - t.clock.now().getTime()).toBe(300_000);
    t.clock.advance(300_000);
    await until(() => receiver.received.length === 3, 5_000, 'the third attempt');
    await until(async () => (await deliveries(t))[0]!.status === 'delivered', 5_000, 'delivered');
    [row] = await deliveries(t);
    expect(row).toMatchObject({
      status: 'delivered',
      status_code: 204,
      attempts: 3,
      next_attempt_at: null,
    });
    const ids = new Set(receiver.received.map((got) => got.headers['webhook-id']));
    expect([...ids]).toEqual([row!.id]);
  });

  it('does not follow a redirect, and gives up on a receiver that does not answer in time', async () => {
    const { t, receiver, ada } = await setUp(
      (_hook, index) =>
        index === 0 ? { status: 302, headers: { location: '/elsewhere' } } : 'hang',
      { WEBHOOKS_TIMEOUT_MS: '300' },
    );
    await subscribe(ada, receiver.url, ['task.created']);
    await newTask(ada, 'Book the vet');
    await until(async () => (await deliveries(t))[0]!.attempts === 1, 5_000, 'the first attempt');
    expect(receiver.received).toHaveLength(1);
    expect((await deliveries(t))[0]).toMatchObject({ status: 'pending', status_code: 302 });
    t.clock.advance(5_000);
    await until(async () => (await deliveries(t))[0]!.attempts === 2, 5_000, 'the timed-out one');
    const [row] = await deliveries(t);
    expect(row).toMatchObject({ status: 'pending', status_code: null });
    expect(row!.error).toContain('No answer within 0.3 s');
    expect(receiver.received.map((got) => got.headers['webhook-id'])).toEqual([row!.id, row!.id]);
  });

  it('turns an endpoint failing for a day off and mails its owner', async () => {
    const { t, receiver, ada } = await setUp(() => ({ status: 503 }));
    const hook = await subscribe(ada, receiver.url, ['task.created']);
    await newTask(ada, 'Renew passport');
    const schedule = [5, 300, 1_800, 7_200, 18_000, 36_000, 50_400];
    for (const [index, seconds] of schedule.entries()) {
      await until(
        async () => (await deliveries(t))[0]!.attempts === index + 1,
        5_000,
        `attempt ${index + 1}`,
      );
      t.clock.advance(seconds * 1_000);
    }
    await until(async () => (await deliveries(t))[0]!.status === 'failed', 5_000, 'given up');
    expect(receiver.received).toHaveLength(8);
    const mailed = () =>
      t.mailer.sent.filter((sent) => sent.to === 'ada@example.com' && /webhook/.test(sent.subject));
    // The endpoint is turned off and its owner mailed after the last failure is recorded.
    await until(() => mailed().length > 0, 5_000, 'the owner mailed');
    const [endpoint] = await ada.callOk('listWebhooks').then((answer) => answer.webhooks);
    expect(endpoint).toMatchObject({ id: hook.id, enabled: false, disabledReason: 'failing' });
    const mail = mailed();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain(receiver.url);
    // A new change finds no endpoint to tell; turned on again, it is told anew.
    await newTask(ada, 'Ignored');
    expect(await deliveries(t)).toHaveLength(1);
    await ada.callOk('updateWebhook', { params: { id: hook.id }, body: { enabled: true } });
    await newTask(ada, 'Told');
    expect(await deliveries(t)).toHaveLength(2);
  });

  it('is delivered by a new instance after a restart mid-retry, and after a dead worker’s lease', async () => {
    const first = await setUp((_hook, index) => ({ status: index === 0 ? 500 : 200 }));
    const hook = await subscribe(first.ada, first.receiver.url, ['task.created']);
    await newTask(first.ada, 'Retry me');
    await until(async () => (await deliveries(first.t))[0]!.attempts === 1, 5_000, 'the failure');
    await first.t.app.close();
    const database = first.t.database;
    const second = await createTestApp(dialect, { env: WORKER, database });
    cleanups.push(() => second.app.close());
    // Another delivery, claimed by a worker that then died: its lease holds it for a while.
    const at = second.clock.now().getTime();
    await second.database.db
      .insertInto('webhook_deliveries')
      .values({
        id: '01900000-0000-7000-8000-000000000001',
        endpoint_id: hook.id,
        event_type: 'task.created',
        payload: '{"type":"task.created","timestamp":"2026-11-22T09:00:00.000Z","data":{"id":"x"}}',
        created_at: new Date(at).toISOString(),
        status: 'pending',
        attempts: 0,
        next_attempt_at: new Date(at).toISOString(),
        lease_until: new Date(at + 60_000).toISOString(),
        claim: 'a dead worker',
        last_attempt_at: null,
        status_code: null,
        duration_ms: null,
        error: null,
      })
      .execute();
    second.clock.advance(5_000);
    await until(() => first.receiver.received.length === 2, 5_000, 'the retry by the new instance');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(first.receiver.received).toHaveLength(2);
    second.clock.advance(60_000);
    await until(
      () => first.receiver.received.length === 3,
      5_000,
      'the leased one, once its lease ran out',
    );
    expect(first.receiver.received.at(-1)!.headers['webhook-id']).toBe(
      '01900000-0000-7000-8000-000000000001',
    );
  });

  it('checks the address again when it delivers', async () => {
    const first = await setUp();
    await subscribe(first.ada, first.receiver.url, ['task.created']);
    await first.t.app.close();
    // The same database served by an instance that refuses loopback addresses.
    const strict = await createTestApp(dialect, {
      env: { WEBHOOKS_INTERVAL_MS: '20' },
      database: first.t.database,
    });
    cleanups.push(() => strict.app.close());
    const ada = await apiClientFor(strict.app, 'ada@example.com');
    await newTask(ada, 'Nowhere');
    await until(async () => (await deliveries(strict))[0]?.attempts === 1, 5_000, 'the attempt');
    expect((await deliveries(strict))[0]!.error).toMatch(/loopback/);
    expect(first.receiver.received).toHaveLength(0);
  });
});

// Several instances share one database only on PostgreSQL: SQLite serves one process (decision 039).
describe.each(testDialects.filter((dialect) => dialect === 'postgres'))(
  'webhook delivery across instances (%s)',
  (dialect) => {
    const { cleanups, setUp } = harness(dialect);

    it('two instances on one database deliver each event once', async () => {
      const first = await setUp();
      await subscribe(first.ada, first.receiver.url, ['task.created']);
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(
        first.t.database.db,
      );
      const pool = openDatabase({
        databaseUrl: process.env.TEST_DATABASE_URL!,
        pgSchema: rows[0]!.schema,
      });
      const second = await createTestApp(dialect, {
        env: WORKER,
        database: { ...pool, destroy: pool.close },
      });
      cleanups.push(() => second.close());
      const count = 30;
      for (let index = 0; index < count; index += 1) await newTask(first.ada, `Task ${index}`);
      await until(() => first.receiver.received.length >= count, 10_000, 'every delivery');
      await new Promise((resolve) => setTimeout(resolve, 300));
      const ids = first.receiver.received.map((got) => got.headers['webhook-id']);
      expect(ids).toHaveLength(count);
      expect(new Set(ids).size).toBe(count);
    });
  },
);
