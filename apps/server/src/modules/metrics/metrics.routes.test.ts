import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { apiClientFor } from '../../testing/api-client.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDialects } from '../../testing/test-databases.ts';
import { startReceiver } from '../../testing/webhook-receiver.ts';

const TOKEN = 'metrics-token-for-the-tests-0123';
const bearer = { authorization: `Bearer ${TOKEN}` };

/** The value of one sample, by its name and exact label set as Prometheus prints it. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** Debian's promtool (package `prometheus`), which CI installs: the format's own linter. */
function promtoolCheck(text: string) {
  return spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
}

const eventually = async (check: () => Promise<boolean>, what: string) => {
  const deadline = Date.now() + 5_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within 5 s`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

describe.each(testDialects)('/metrics on %s', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  const scrape = async () => {
    const res = await t!.app.inject({ url: '/metrics', headers: bearer });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  it('is not there without METRICS_TOKEN, and answers only its bearer', async () => {
    t = await createTestApp(dialect);
    expect((await t.app.inject({ url: '/metrics', headers: bearer })).statusCode).toBe(404);
    await t.close();
    t = await createTestApp(dialect, { env: { METRICS_TOKEN: TOKEN } });
    expect((await t.app.inject('/metrics')).statusCode).toBe(401);
    const wrong = { authorization: `Bearer ${TOKEN}x` };
    expect((await t.app.inject({ url: '/metrics', headers: wrong })).statusCode).toBe(401);
    const res = await t.app.inject({ url: '/metrics', headers: bearer });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
  });

  it('counts requests by route pattern and status, transactions and replays; promtool accepts it', async () => {
    t = await createTestApp(dialect, { env: { METRICS_TOKEN: TOKEN } });
    const ada = await apiClientFor(t.app, 'ada@example.com');
    const add = () =>
      t!.app.inject({
        method: 'POST',
        url: '/api/v1/tasks',
        headers: { ...ada.headers, 'idempotency-key': 'add-milk' },
        payload: { workspaceId: ada.workspaceId, name: 'Buy milk' },
      });
    expect((await add()).statusCode).toBe(200);
    expect((await add()).statusCode).toBe(200);
    const missing = `/api/v1/projects/${'0'.repeat(26)}/tasks`;
    expect((await t.app.inject({ url: missing, headers: ada.headers })).statusCode).toBe(404);

    const text = await scrape();
    const created = 'method="POST",route="/api/v1/tasks",status="200"';
    expect(sample(text, `hustle_http_request_duration_seconds_count{${created}}`)).toBe(2);
    expect(
      sample(
        text,
        'hustle_http_request_duration_seconds_count{method="GET",route="/api/v1/projects/:id/tasks",status="404"}',
      ),
    ).toBe(1);
    expect(sample(text, 'hustle_idempotent_replays_total')).toBe(1);
    // The first sign-in's workspace and the task: at least those committed.
    const committed = 'hustle_db_transaction_duration_seconds_count{outcome="committed"}';
    expect(sample(text, committed)).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'hustle_live_streams_open')).toBe(0);
    if (dialect === 'postgres') {
      expect(sample(text, 'hustle_db_pool_connections{state="total"}')).toBeGreaterThan(0);
    }
    const check = promtoolCheck(text);
    expect(check.error, 'promtool must be installed (Debian package prometheus)').toBeUndefined();
    expect(check.stdout + check.stderr).toBe('');
    expect(check.status).toBe(0);
  });

  it('has every series the Grafana dashboard in deploy/ asks for', async () => {
    t = await createTestApp(dialect, { env: { METRICS_TOKEN: TOKEN } });
    const file = path.resolve(import.meta.dirname, '../../../../../deploy/grafana-dashboard.json');
    const dashboard = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      panels: { targets: { expr: string }[] }[];
    };
    const queried = new Set(
      dashboard.panels
        .flatMap((panel) => panel.targets)
        .flatMap(({ expr }) => expr.match(/\b(hustle|process|nodejs)_\w+/g) ?? [])
        .map((series) => series.replace(/_(bucket|count|sum)$/, '')),
    );
    const families = new Set(
      (await scrape()).match(/^# TYPE \w+/gm)!.map((line) => line.slice('# TYPE '.length)),
    );
    expect(queried.size).toBeGreaterThanOrEqual(10);
    expect([...queried].filter((series) => !families.has(series))).toEqual([]);
  });

  it('counts open live-update streams and scheduler passes', async () => {
    t = await createTestApp(dialect, {
      env: { METRICS_TOKEN: TOKEN, SCHEDULER_INTERVAL_MS: '50' },
    });
    const ada = await apiClientFor(t.app, 'ada@example.com');
    const origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const controller = new AbortController();
    const stream = await fetch(`${origin}/api/v1/events`, {
      headers: ada.headers,
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    expect(sample(await scrape(), 'hustle_live_streams_open')).toBe(1);
    controller.abort();
    await eventually(
      async () => sample(await scrape(), 'hustle_live_streams_open') === 0,
      'the stream is let go',
    );
    await eventually(
      async () => (sample(await scrape(), 'hustle_scheduler_ticks_total{outcome="ok"}') ?? 0) >= 2,
      'two scheduler passes',
    );
    const text = await scrape();
    expect(sample(text, 'hustle_scheduler_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'hustle_scheduler_tick_duration_seconds_count')).toBeGreaterThanOrEqual(2);
    // A scrape never counts the stream's hours-long "answer" among request durations.
    expect(text).not.toContain('route="/api/v1/events"');
  });

  it('counts webhook attempts by outcome and times them; promtool accepts it', async () => {
    t = await createTestApp(dialect, {
      env: {
        METRICS_TOKEN: TOKEN,
        WEBHOOKS_INTERVAL_MS: '20',
        WEBHOOKS_ALLOW_LOOPBACK: 'true',
        WEBHOOKS_RETRY_DELAYS_SECONDS: '0',
      },
    });
    // One receiver takes the retry after a 500; the other fails both tries, so it is given up.
    const flaky = await startReceiver((_hook, index) => ({ status: index === 0 ? 500 : 200 }));
    const down = await startReceiver(() => ({ status: 503 }));
    try {
      const ada = await apiClientFor(t.app, 'ada@example.com');
      for (const receiver of [flaky, down]) {
        await ada.callOk('createWebhook', {
          body: { url: receiver.url, events: ['task.created'] },
        });
      }
      await ada.callOk('createTask', {
        body: {
          workspaceId: ada.workspaceId,
          projectId: null,
          name: 'Post the letter',
          planned: false,
        },
      });
      let text = '';
      const attempts = (outcome: string) =>
        sample(text, `hustle_webhook_attempts_total{outcome="${outcome}"}`);
      await eventually(async () => {
        text = await scrape();
        return attempts('delivered') === 1 && attempts('gave_up') === 1;
      }, 'one delivery and one given up');
      expect(attempts('failed')).toBe(2);
      expect(sample(text, 'hustle_webhook_attempt_duration_seconds_count')).toBe(4);
      expect(sample(text, 'hustle_webhook_attempt_duration_seconds_sum')).toBeGreaterThan(0);
      const check = promtoolCheck(text);
      expect(check.stdout + check.stderr).toBe('');
      expect(check.status).toBe(0);
    } finally {
      await flaky.close();
      await down.close();
    }
  });
});
