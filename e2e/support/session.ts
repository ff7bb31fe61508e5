import type { Page } from 'playwright-core';
import { expect } from 'vitest';
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
  return userWithToken(server, email, accessToken);
}

/** The user a token signs in, with the ids its session names (however the token was got). */
export async function userWithToken(
  server: RunningServer,
  email: string,
  token: string,
): Promise<SignedInUser> {
  const me = await fetch(`${server.url}/api/v1/session`, {
    headers: { authorization: `Bearer ${token}` },
  }).then((res) => res.json());
  return { email, token, userId: me.userId, workspaceId: me.workspaceId };
}

/**
 * Waits for the login screen's code step and reads the code it shows: without a mail server the
 * server hands the code back (debugCode), and the screen prints it.
 */
export async function readShownCode(page: Page): Promise<string> {
  await page.getByRole('heading', { name: 'Check your email for a code' }).waitFor();
  return (await page.locator('code').first().textContent())?.trim() ?? '';
}

/** Logs in on the login screen the way a person does: e-mail, Continue, then the code typed in. */
export async function logInThroughUi(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  const code = await readShownCode(page);
  expect(code).toMatch(/^[A-Z0-9]{6}$/);
  await page.getByLabel('Character 1 of 6').focus();
  await page.keyboard.type(code);
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

/** Ends the user's trial on the Free plan, in the database: no endpoint moves a user down. */
export async function putOnFreePlan(server: RunningServer, user: SignedInUser): Promise<void> {
  await server.database.db
    .updateTable('subscriptions')
    .set({ plan: 'FREE', is_trial: 0 })
    .where('user_id', '=', user.userId)
    .execute();
}
