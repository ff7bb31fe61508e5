import http from 'node:http';
import Provider from 'oidc-provider';
import { freePort } from './ports.ts';

/** What the provider says about one of its users: the login name is their subject. */
export interface ProviderUser {
  email: string;
  email_verified: boolean;
}

/** The one client the test provider knows: the app, as its OIDC_CLIENT_ID and secret. */
export const TEST_OIDC_CLIENT = { id: 'hustle', secret: 'a-test-client-secret-of-some-length' };

export interface TestProvider {
  issuer: string;
  /**
   * Goes through the provider's own login and consent forms as `login`, starting at the
   * authorization URL the app redirected to; answers the URL it sends the browser back to.
   */
  signInThrough(authorizationUrl: string, login: string): Promise<URL>;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (`oidc-provider`, with its development login forms) on a loopback
 * port (`port`, when the app had to be told the issuer first), with one confidential client
 * whose redirect URI is `appUrl`'s callback.
 */
export async function startTestProvider(
  appUrl: string,
  users: Record<string, ProviderUser>,
  port?: number,
): Promise<TestProvider> {
  const issuer = testIssuer(port ?? (await freePort()));
  const redirectUri = `${appUrl}/auth/oidc/callback`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: TEST_OIDC_CLIENT.id,
        client_secret: TEST_OIDC_CLIENT.secret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    findAccount: (_ctx, sub) => {
      const user = users[sub];
      return user ? { accountId: sub, claims: () => ({ sub, ...user }) } : undefined;
    },
    cookies: { keys: ['test-provider-cookie-key'] },
  });
  const server = http.createServer(provider.callback());
  await new Promise<void>((resolve) =>
    server.listen(Number(new URL(issuer).port), '127.0.0.1', resolve),
  );
  return {
    issuer,
    signInThrough: (url, login) => signInThrough(url, login, redirectUri),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export const testIssuer = (port: number) => `http://127.0.0.1:${port}`;

/** A browser's walk through the provider: redirects followed, cookies kept, forms filled in. */
async function signInThrough(start: string, login: string, redirectUri: string): Promise<URL> {
  const cookies = new Map<string, string>();
  let url = new URL(start);
  let form: URLSearchParams | undefined;
  for (let step = 0; step < 20; step++) {
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: form.toString() } : {}),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.href.startsWith(redirectUri)) return next;
      [url, form] = [next, undefined];
      continue;
    }
    const page = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(page)?.[1];
    if (res.status !== 200 || !action || !prompt) {
      throw new Error(`the provider answered ${res.status}: ${page.slice(0, 300)}`);
    }
    url = new URL(action, url);
    form = new URLSearchParams({ prompt, login, password: 'any' });
  }
  throw new Error('the provider never sent the browser back');
}
