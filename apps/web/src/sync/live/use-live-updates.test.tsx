import type { WorkspaceResponse } from '@hustle/shared/workspace';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient } from '../../test/query-client.ts';
import { json, stubApi } from '../../test/render-app.tsx';
import { aTask, aWorkspace, someChanges } from '../../test/workspace-fixture.tsx';
import { workspaceQueryKey } from '../workspace/get-workspace.ts';
import { reconnectDelay, useLiveUpdates } from './use-live-updates.ts';

/** Stands in for the browser's EventSource: the test opens, feeds and breaks the streams. */
class FakeEventSource {
  static all: FakeEventSource[] = [];
  onerror: (() => void) | null = null;
  isClosed = false;
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();

  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close() {
    this.isClosed = true;
  }

  emitVersion(version: number) {
    const event = new MessageEvent('version', {
      data: JSON.stringify({ workspaceId: 'w1', version }),
    });
    for (const listener of this.listeners.get('version') ?? []) listener(event);
  }

  fail() {
    this.onerror?.();
  }

  static get latest() {
    return FakeEventSource.all.at(-1)!;
  }
}

function Probe() {
  useLiveUpdates('w1');
  return null;
}

let tickets = 0;
function setUp({
  ticketFails = () => false,
  sync = () => json(200, someChanges(5, { tasks: [aTask('t9', { name: 'From a member' })] })),
}: { ticketFails?: () => boolean; sync?: () => Response } = {}) {
  const calls = stubApi({
    'GET /api/v1/sync?since=4': sync,
    'POST /api/v1/events/ticket': () =>
      ticketFails()
        ? json(503, { error: { code: 'INTERNAL', message: 'Busy.' } })
        : json(200, { ticket: `t${++tickets}`, expiresAt: '2030-01-01T00:00:00.000Z' }),
  });
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(workspaceQueryKey('w1'), aWorkspace({ version: 4 }));
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <Probe />
    </QueryClientProvider>,
  );
  return { calls, invalidate, view, queryClient };
}

/** Lets the ticket request and its promise chain finish. */
const settle = () =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });

// The hook loads these on first use; loaded here, that takes no timer ticks.
beforeAll(async () => {
  await Promise.all([import('@hustle/shared/events.api'), import('../../api/api-url.ts')]);
});

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.all = [];
  tickets = 0;
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('useLiveUpdates', () => {
  it('opens the stream with a ticket and applies the changes only when the version differs', async () => {
    const { calls, invalidate, queryClient } = setUp();
    await settle();

    expect(FakeEventSource.latest.url).toBe('/api/v1/events?ticket=t1');
    FakeEventSource.latest.emitVersion(4);
    await settle();
    expect(calls.map((call) => call.route)).not.toContain('GET /api/v1/sync?since=4');

    FakeEventSource.latest.emitVersion(5);
    await settle();
    const shown = queryClient.getQueryData<WorkspaceResponse>(workspaceQueryKey('w1'));
    expect(shown?.version).toBe(5);
    expect(shown?.tasks.map((task) => task.name)).toContain('From a member');
    // Applied, not read again: the workspace and the session stay as they are. (Features that
    // keep a copy of their own, such as the logbook, may read theirs again.)
    const readAgain = invalidate.mock.calls.map(([filters]) => filters?.queryKey?.[0]);
    expect(readAgain).not.toContain('workspace');
    expect(readAgain).not.toContain('session');
  });

  it('reads the session again when an admin changed the account’s features', async () => {
    const { invalidate } = setUp({
      sync: () => json(200, { ...someChanges(5), accountChanged: true }),
    });
    await settle();
    FakeEventSource.latest.emitVersion(5);
    await settle();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['session'] });
  });

  it('reads the workspace whole when the server says the copy is too old', async () => {
    const { invalidate } = setUp({
      sync: () => json(200, { kind: 'snapshot', workspaceId: 'w1', version: 9, reason: 'too-old' }),
    });
    await settle();
    FakeEventSource.latest.emitVersion(9);
    await settle();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['workspace', 'w1'] });
  });

  it('reconnects with a new ticket after 1 s, 2 s, 4 s … up to 30 s', async () => {
    let isDown = false;
    setUp({ ticketFails: () => isDown });
    await settle();
    const first = FakeEventSource.latest;

    isDown = true;
    first.fail();
    expect(first.isClosed).toBe(true);
    await act(async () => vi.advanceTimersByTimeAsync(999));
    expect(FakeEventSource.all).toHaveLength(1);
    await act(async () => vi.advanceTimersByTimeAsync(1));
    // The ticket failed: the next try waits 2 s, then 4 s.
    await act(async () => vi.advanceTimersByTimeAsync(2000));
    isDown = false;
    await act(async () => vi.advanceTimersByTimeAsync(3999));
    expect(FakeEventSource.all).toHaveLength(1);
    await act(async () => vi.advanceTimersByTimeAsync(1));

    expect(FakeEventSource.all).toHaveLength(2);
    expect(FakeEventSource.latest.url).toMatch(/ticket=t2$/);
    expect([1, 2, 3, 4, 5, 6, 7].map(reconnectDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });

  it('starts the backoff again once the stream works', async () => {
    setUp();
    await settle();
    FakeEventSource.latest.fail();
    await act(async () => vi.advanceTimersByTimeAsync(1000));
    FakeEventSource.latest.emitVersion(4);

    FakeEventSource.latest.fail();
    await act(async () => vi.advanceTimersByTimeAsync(1000));

    expect(FakeEventSource.all).toHaveLength(3);
  });

  it('closes the stream and stops reconnecting when unmounted (signed out)', async () => {
    const { view, calls } = setUp();
    await settle();
    const source = FakeEventSource.latest;

    view.unmount();
    expect(source.isClosed).toBe(true);
    source.fail();
    await act(async () => vi.advanceTimersByTimeAsync(60_000));

    expect(FakeEventSource.all).toHaveLength(1);
    expect(calls.filter((call) => call.route === 'POST /api/v1/events/ticket')).toHaveLength(1);
  });
});
