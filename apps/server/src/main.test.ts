import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { freePort } from './testing/ports.ts';

const exec = promisify(execFile);

describe('start-up', () => {
  it('waits for an unreachable database, then stops with a clear error', async () => {
    const port = await freePort();
    const main = path.join(import.meta.dirname, 'main.ts');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hustle-main-'));
    const run = exec(process.execPath, ['--import', 'tsx', main], {
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: `postgres://hustle:secret@127.0.0.1:${port}/hustle`,
        DATABASE_WAIT_SECONDS: '2',
        DATA_DIR: dataDir,
        PORT: '0',
        LOG_LEVEL: 'silent',
      },
    });
    const failure = await run
      .then(
        () => undefined,
        (error: unknown) => error as { code: number; stderr: string },
      )
      .finally(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    expect(failure?.code).toBe(1);
    const where = `127.0.0.1:${port}`;
    expect(failure?.stderr).toContain(`waiting for the database at ${where} (attempt 1)`);
    expect(failure?.stderr).toContain(`waiting for the database at ${where} (attempt 2)`);
    expect(failure?.stderr).toMatch(
      new RegExp(`The database at ${where.replace(/\./g, '\\.')} did not answer within 2 s`),
    );
    expect(failure?.stderr).not.toContain('secret');
  }, 30_000);

  it('stops at once on a bad setting, naming it, before touching any data', async () => {
    const main = path.join(import.meta.dirname, 'main.ts');
    const dataDir = path.join(os.tmpdir(), `hustle-main-bad-${process.pid}`);
    const failure = await exec(process.execPath, ['--import', 'tsx', main], {
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: '0', SIGNUP: 'domains' },
    }).then(
      () => undefined,
      (error: unknown) => error as { code: number; stderr: string },
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr.trim()).toBe(
      'Invalid configuration:\n  SIGNUP_DOMAINS: list the e-mail domains that may sign up (SIGNUP=domains)',
    );
    expect(fs.existsSync(dataDir)).toBe(false);
  }, 30_000);
});
