import type { Page } from 'playwright-core';
import type { RunningServer } from './server.ts';

export interface SignedInUser {
  email: string;
  token: string;
  userId: string;
  workspaceId: string;
}

/** Signs a user in through the real code flow over HTTP (fast set-up for scenarios not about login). */
export async function signInOverApi(server: RunningServer, email: string): Promise<SignedInUser> {
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const { debugCode } = await post('/auth/code/authorize', { email });
  const { accessToken } = await post('/auth/code/login', { email, code: debugCode });
  const me = await fetch(`${server.url}/api/v1/session`, {
    headers: { authorization: `Bearer ${accessToken}` },
  }).then((res) => res.json());
  return { email, token: accessToken, userId: me.userId, workspaceId: me.workspaceId };
}

/** Opens the app already signed in as the user (the token goes where the app keeps it, spec §3). */
export async function openSignedIn(page: Page, user: SignedInUser, path = '/plan'): Promise<void> {
  await page.addInitScript((token) => {
    if (!window.localStorage.getItem('hustleToken'))
      window.localStorage.setItem('hustleToken', token);
  }, user.token);
  await page.goto(path);
}

/** Calls the API as the user, for seeding data through the server's own endpoints. */
export async function apiAs(
  server: RunningServer,
  user: SignedInUser,
  method: string,
  path: string,
  body?: unknown,
) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${user.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}
