import { spawn, execFile, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callOver, signInOver, type UserOver } from './testing/over-http.ts';
import { freePort } from './testing/ports.ts';
import { startServerProcess, type ServerProcess } from './testing/server-process.ts';
import { until } from './testing/webhook-receiver.ts';

const exec = promisify(execFile);
const serverDir = path.join(import.meta.dirname, '..');
const doc = fs.readFileSync(path.join(serverDir, '..', '..', 'docs', 'api.md'), 'utf8');

/** The fenced blocks of one language, in the page's order. */
const blocksOf = (language: string) =>
  [...doc.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map(
    (match) => match[1]!,
  );

/**
 * docs/api.md promises that every command on it works as written: its shell blocks run here, in
 * order, as one script against a real server, with its webhook receiver listening.
 */
describe('the API guide (docs/api.md)', () => {
  let server: ServerProcess;
  let user: UserOver;
  let token: string;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hustle-api-doc-'));
  let receiver: ChildProcess | undefined;
  let received = '';

  beforeAll(async () => {
    // A known port, so that the addresses the server makes (the feed's) point at it.
    const port = await freePort();
    server = await startServerProcess({
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      SECRET_KEY: 'api-doc-test-secret-key-long-enough-0123456789',
      WEBHOOKS_ALLOW_LOOPBACK: 'true',
      WEBHOOKS_INTERVAL_MS: '50',
    });
    user = await signInOver(server.url, 'reader@example.com');
    const made = await callOver(
      server.url,
      'createToken',
      { body: { name: 'API guide', scopes: ['read', 'write', 'calendar'] } },
      user.authorization,
    );
    expect(made.status).toBe(201);
    token = ((await made.json()) as { secret: string }).secret;
  });
  afterAll(async () => {
    receiver?.kill();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function startReceiverFromTheGuide() {
    const [code] = blocksOf('js');
    expect(code).toContain('new Webhook(process.env.WEBHOOK_SECRET)');
    const port = await freePort();
    const hook = await callOver(
      server.url,
      'createWebhook',
      {
        body: { url: `http://127.0.0.1:${port}/`, events: ['task.created', 'task.completed'] },
      },
      user.authorization,
    );
    expect(hook.status).toBe(201);
    const { secret } = (await hook.json()) as { secret: string };
    // `-e` resolves packages from the working directory, where the server's are installed.
    receiver = spawn(process.execPath, ['--input-type=module', '-e', code!], {
      cwd: serverDir,
      env: { PATH: process.env.PATH ?? '', WEBHOOK_SECRET: secret, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    receiver.stdout!.on('data', (chunk: Buffer) => (received += chunk.toString()));
    await until(
      () =>
        fetch(`http://127.0.0.1:${port}/`, { method: 'POST', body: '{}' }).then(
          (res) => res.status === 400,
          () => false,
        ),
      10_000,
      'the receiver to listen (and refuse an unsigned delivery)',
    );
  }

  it('runs every shell command as written, and the receiver verifies the deliveries', async () => {
    await startReceiverFromTheGuide();
    const [setup, ...steps] = blocksOf('sh');
    expect(setup).toMatch(/export HUSTLE=.*\nexport TOKEN=/);
    const script = [
      'set -euo pipefail',
      setup,
      `export HUSTLE='${server.url}' TOKEN='${token}'`,
      ...steps.flatMap((step, index) => [`printf '\\n::step ${index + 1}\\n'`, step]),
      'printf "\\n::task %s\\n" "$TASK"',
    ].join('\n');
    const { stdout } = await exec('bash', ['-c', script], { timeout: 30_000 });
    const outputs = stdout
      .replace(/\n::task .*/s, '')
      .split(/^::step \d+\n/m)
      .slice(1)
      .map((output) => output.trim());
    expect(outputs).toHaveLength(steps.length);

    const [session, , created, completed, twice, feed, lists] = outputs;
    expect(JSON.parse(session!)).toMatchObject({ workspaceId: user.workspaceId });
    expect(created).toBe('');
    expect(JSON.parse(completed!)).toMatchObject({ ok: true });
    const ids = twice!.trim().split('\n');
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(ids[1]);
    expect(feed).toMatch(/^BEGIN:VCALENDAR\r?\nVERSION:2\.0/);
    expect(lists!.split('\n')).toEqual(['Hustle tasks', 'Inbox']);

    const taskId = /::task (\S+)/.exec(stdout)![1]!;
    const workspace = (await (
      await callOver(
        server.url,
        'getWorkspace',
        { params: { id: user.workspaceId } },
        user.authorization,
      )
    ).json()) as { tasks: Array<{ id: string; name: string; done: boolean }> };
    expect(workspace.tasks.find((task) => task.id === taskId)).toMatchObject({
      name: 'Call Anna',
      done: true,
    });
    expect(workspace.tasks.filter((task) => task.name === 'Water the plants')).toHaveLength(1);

    await until(() => received.split('\n').length > 3, 10_000, 'three verified deliveries');
    const lines = received.trim().split('\n').sort();
    expect(lines).toEqual(
      [
        `task.completed ${taskId} Call Anna`,
        `task.created ${taskId} Call Anna`,
        `task.created ${ids[0]} Water the plants`,
      ].sort(),
    );
  });
});
