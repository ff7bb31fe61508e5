import type { Endpoints } from '@hustle/shared/api';
import type { SessionResponse } from '@hustle/shared/auth';
import type { EndpointResult } from '@hustle/shared/endpoint';
import type { HttpMethod } from './load-spec.ts';
import type { MailCatcher } from './mail-catcher.ts';

export type Call = <T>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  token?: string,
) => Promise<T>;

/** A JSON client for seeding and probing; any answer but 2xx stops the bench with its text. */
export function apiClient(origin: string): Call {
  return async <T>(method: HttpMethod, path: string, body?: unknown, token?: string) => {
    const response = await fetch(`${origin}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return JSON.parse(text) as T;
  };
}

export interface Session {
  email: string;
  token: string;
  workspaceId: string;
}

/** Signs in through the code flow a person uses: ask for a code, read the mail, send it back. */
export async function signIn(call: Call, mail: MailCatcher, email: string): Promise<Session> {
  await call('POST', '/auth/code/authorize', { email });
  const { accessToken } = await call<EndpointResult<Endpoints['loginWithCode']>>(
    'POST',
    '/auth/code/login',
    {
      email,
      code: mail.codeFor(email),
    },
  );
  const session = await call<SessionResponse>('GET', '/api/v1/session', undefined, accessToken);
  return { email, token: accessToken, workspaceId: session.workspaceId };
}

/** The ETag a read answers with now, for a conditional read of the same thing later. */
export async function etagOf(origin: string, path: string, token: string): Promise<string> {
  const response = await fetch(`${origin}${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  await response.arrayBuffer();
  const etag = response.headers.get('etag');
  if (!response.ok || !etag) throw new Error(`GET ${path}: ${response.status}, no ETag`);
  return etag;
}

/** Runs `work` over `items` with at most `concurrency` calls in flight. */
export async function inParallel<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, lane));
  return results;
}
