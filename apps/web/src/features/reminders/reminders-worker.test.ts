import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
// The worker script as the browser runs it, in a stand-in worker scope (decision 083).
import SCRIPT from '../../../public/reminders-worker.js?raw';

const ORIGIN = 'https://hustle.example';

type Handler = (event: object) => void;

function aWorker(windows: { url: string; focused?: boolean }[] = []) {
  const handlers = new Map<string, Handler>();
  const clients = windows.map((each) => {
    const client = {
      url: `${ORIGIN}${each.url}`,
      focused: each.focused ?? false,
      focus: vi.fn(async () => client),
      navigate: vi.fn(async (path: string) => ({ ...client, url: `${ORIGIN}${path}` })),
    };
    return client;
  });
  const self = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, handler: Handler) => handlers.set(type, handler),
    registration: { showNotification: vi.fn(async () => {}) },
    clients: { matchAll: vi.fn(async () => clients), openWindow: vi.fn(async () => null) },
  };
  runInNewContext(SCRIPT, { self, URL });
  /** Dispatches an event and waits for what it handed to waitUntil. */
  const dispatch = async (type: string, event: object) => {
    let work: Promise<unknown> = Promise.resolve();
    handlers.get(type)!({ ...event, waitUntil: (promise: Promise<unknown>) => (work = promise) });
    await work;
  };
  return { self, clients, dispatch };
}

const pushed = (payload: unknown) => ({
  data: { json: () => payload, text: () => JSON.stringify(payload) },
});
const clicked = (url: unknown) => ({ notification: { close: vi.fn(), data: { url } } });

describe('the reminders worker', () => {
  it('shows the reminder the server pushed: its title, the task, one per reminder', async () => {
    const { self, dispatch } = aWorker();
    await dispatch(
      'push',
      pushed({ title: 'Reminder', body: 'Call Anna', url: '/execute?task=t1', tag: 'task-t1' }),
    );
    expect(self.registration.showNotification).toHaveBeenCalledWith('Reminder', {
      body: 'Call Anna',
      tag: 'task-t1',
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      data: { url: '/execute?task=t1' },
    });
  });

  it('still shows something for a message it cannot read, and never an address elsewhere', async () => {
    const { self, dispatch } = aWorker();
    await dispatch('push', {
      data: {
        json: () => {
          throw new SyntaxError('not JSON');
        },
        text: () => 'Time to go',
      },
    });
    await dispatch('push', pushed({ title: 'Reminder', body: 'x', url: 'https://evil.example/' }));
    await dispatch('push', pushed({ title: 'Reminder', body: 'x', url: '//evil.example/' }));
    const calls = self.registration.showNotification.mock.calls as unknown as [
      string,
      { body: string; data: { url: string } },
    ][];
    expect(calls[0]![0]).toBe('Reminder');
    expect(calls[0]![1].body).toBe('Time to go');
    expect(calls.map(([, options]) => options.data.url)).toEqual([
      '/execute',
      '/execute',
      '/execute',
    ]);
  });

  it('a click brings the open window forward at the task', async () => {
    const { self, clients, dispatch } = aWorker([
      { url: '/plan' },
      { url: '/upcoming', focused: true },
    ]);
    const event = clicked('/execute?task=t1');
    await dispatch('notificationclick', event);
    expect(event.notification.close).toHaveBeenCalled();
    expect(clients[1]!.focus).toHaveBeenCalled();
    expect(clients[1]!.navigate).toHaveBeenCalledWith('/execute?task=t1');
    expect(clients[0]!.focus).not.toHaveBeenCalled();
    expect(self.clients.openWindow).not.toHaveBeenCalled();
  });

  it('a click with no window open opens one at the task; one already there is only focused', async () => {
    const none = aWorker();
    await none.dispatch('notificationclick', clicked('/execute?task=t1'));
    expect(none.self.clients.openWindow).toHaveBeenCalledWith('/execute?task=t1');

    const there = aWorker([{ url: '/execute?task=t1' }]);
    await there.dispatch('notificationclick', clicked('/execute?task=t1'));
    expect(there.clients[0]!.focus).toHaveBeenCalled();
    expect(there.clients[0]!.navigate).not.toHaveBeenCalled();
  });
});
