import type { SessionResponse } from '@hustle/shared/auth';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readLocal, writeLocal } from './local-store.ts';
import { eraseSignedInData, persistCache, restoreCache } from './persisted-cache.ts';

const session = (userId: string): SessionResponse => ({
  userId,
  workspaceId: `w-${userId}`,
  email: `${userId}@example.com`,
  featureFlags: [],
});

/** What one signed-in visit leaves behind: its answers, saved by persistCache. */
async function visit(userId: string, workspace: unknown) {
  localStorage.setItem('hustleToken', `token-${userId}`);
  const client = new QueryClient();
  const stop = persistCache(client);
  client.setQueryData(['session'], session(userId));
  client.setQueryData(['workspace', `w-${userId}`], workspace);
  client.setQueryData(['invite-link', 'p1'], { url: 'secret' });
  await vi.waitFor(async () => expect(await readLocal(`cache:${userId}`)).toBeDefined());
  stop();
}

describe('the data kept in the browser', () => {
  afterEach(() => eraseSignedInData());

  it('brings the last answers back on the next start, before any request', async () => {
    await visit('ada', { version: 7, tasks: ['Buy milk'] });

    const next = new QueryClient();
    expect(await restoreCache(next)).toBe(true);
    expect(next.getQueryData(['workspace', 'w-ada'])).toEqual({ version: 7, tasks: ['Buy milk'] });
    expect(next.getQueryData(['session'])).toEqual(session('ada'));
    // Dialog answers are read anew; the session is checked again once the app mounts.
    expect(next.getQueryData(['invite-link', 'p1'])).toBeUndefined();
    expect(next.getQueryState(['session'])?.isInvalidated).toBe(true);
  });

  it('reads nothing once logged out, and nothing without a token', async () => {
    await visit('ada', { version: 7 });
    localStorage.removeItem('hustleToken');
    expect(await restoreCache(new QueryClient())).toBe(false);

    localStorage.setItem('hustleToken', 'token-ada');
    await eraseSignedInData();
    expect(await readLocal('cache:ada')).toBeUndefined();
    expect(await restoreCache(new QueryClient())).toBe(false);
  });

  it("keeps each user's copy apart: a start reads the one of the user last signed in", async () => {
    await visit('ada', { version: 7, owner: 'ada' });
    await visit('bea', { version: 3, owner: 'bea' });

    const next = new QueryClient();
    await restoreCache(next);
    expect(next.getQueryData(['workspace', 'w-bea'])).toEqual({ version: 3, owner: 'bea' });
    expect(next.getQueryData(['workspace', 'w-ada'])).toBeUndefined();
  });

  it('waits for a slow read offline, where nothing else can answer, and cuts it short online', async () => {
    await visit('ada', { version: 7, tasks: ['Buy milk'] });
    const localStore = await import('./local-store.ts');
    const slow = vi.spyOn(localStore, 'readLocal');
    const copy = await readLocal('cache:ada');
    slow.mockImplementation(() => new Promise((resolve) => setTimeout(() => resolve(copy), 800)));
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const client = new QueryClient();
      expect(await restoreCache(client)).toBe(true);
      expect(client.getQueryData(['workspace', 'w-ada'])).toEqual({
        version: 7,
        tasks: ['Buy milk'],
      });
      offline.mockReturnValue(true);
      expect(await restoreCache(new QueryClient())).toBe(false);
    } finally {
      slow.mockRestore();
      offline.mockRestore();
    }
  });

  it('reads no copy of another shape: one saved before the workspace came in pages', async () => {
    await visit('ada', { version: 7 });
    const saved = await readLocal<{ format?: number }>('cache:ada');
    await writeLocal('cache:ada', { ...saved, format: undefined });
    expect(await restoreCache(new QueryClient())).toBe(false);
  });
});
