// Issue 30, decision 083: the offline worker's reminder handlers, which Workbox's generated worker
// loads with importScripts (vite.config.ts). Plain script: it runs in the worker as it is.

/** Where a click goes when a message names no path of the app's own. */
const HOME = '/execute';

/**
 * The app path a reminder names (decision 080's payload `url`), kept on this origin: an absolute
 * address, a `//host` path or anything unreadable opens Execute instead.
 */
function appPath(url) {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//')) return HOME;
  const target = new URL(url, self.location.origin);
  return target.origin === self.location.origin ? target.pathname + target.search : HOME;
}

/** What the server sent (title, body, url, tag); a message it cannot read still shows something. */
function reminderOf(data) {
  let payload = {};
  try {
    payload = data ? data.json() : {};
  } catch {
    payload = { body: data ? data.text() : '' };
  }
  return {
    title: typeof payload.title === 'string' && payload.title ? payload.title : 'Reminder',
    body: typeof payload.body === 'string' ? payload.body : '',
    url: appPath(payload.url),
    tag: typeof payload.tag === 'string' ? payload.tag : undefined,
  };
}

self.addEventListener('push', (event) => {
  const reminder = reminderOf(event.data);
  event.waitUntil(
    self.registration.showNotification(reminder.title, {
      body: reminder.body,
      tag: reminder.tag,
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      data: { url: reminder.url },
    }),
  );
});

/** Brings the app forward at the path: a window already open goes there, else a new one opens. */
async function openApp(path) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const ours = windows.filter((client) => new URL(client.url).origin === self.location.origin);
  const open = ours.find((client) => client.focused) || ours[0];
  if (!open) return self.clients.openWindow(path);
  const focused = await open.focus();
  const here = new URL(focused.url);
  if (here.pathname + here.search === path) return focused;
  // A window this worker does not control cannot be sent elsewhere: a new one opens instead.
  return focused.navigate(path).catch(() => self.clients.openWindow(path));
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openApp(appPath(event.notification.data && event.notification.data.url)));
});
