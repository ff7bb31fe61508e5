import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveSecretKey } from './secret.ts';

describe('secret key', () => {
  it('prefers the configured key', () => {
    expect(resolveSecretKey('k'.repeat(32), '/nonexistent')).toBe('k'.repeat(32));
  });

  it('is made once and then kept in the data directory', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hustle-secret-'));
    const first = resolveSecretKey(undefined, dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(resolveSecretKey(undefined, dir)).toBe(first);
    expect(fs.statSync(path.join(dir, 'secret.key')).mode & 0o777).toBe(0o600);
    fs.rmSync(dir, { recursive: true });
  });
});
