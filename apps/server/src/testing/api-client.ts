import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { signIn } from './test-app.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ApiClient {
  userId: string;
  workspaceId: string;
  email: string;
  headers: { authorization: string };
  call(method: Method, url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  put(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  del(url: string): Promise<LightMyRequestResponse>;
  /** The caller's workspace as the API returns it. */
  workspace(): Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test reads any field
}

let ipCounter = 0;

/** Signs a user in through the real flow and returns a client carrying their token. */
export async function apiClientFor(app: FastifyInstance, email: string): Promise<ApiClient> {
  ipCounter += 1;
  const { headers } = await signIn(
    app,
    email,
    `10.1.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`,
  );
  const me = (await app.inject({ method: 'GET', url: '/api/v1/session', headers })).json();
  const call = (method: Method, url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    userId: me.userId,
    workspaceId: me.workspaceId,
    email: me.email,
    headers,
    call,
    get: (url) => call('GET', url),
    post: (url, payload) => call('POST', url, payload),
    put: (url, payload) => call('PUT', url, payload),
    del: (url) => call('DELETE', url),
    workspace: async () => {
      const res = await call('GET', `/workspaces/${me.workspaceId}`);
      if (res.statusCode !== 200) throw new Error(`workspace: ${res.statusCode} ${res.body}`);
      return res.json();
    },
  };
}
