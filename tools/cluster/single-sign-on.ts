import { freePort } from '@hustle/server/testing/ports';
import {
  startTestProvider,
  TEST_OIDC_CLIENT,
  testIssuer,
  type TestProvider,
} from '@hustle/server/testing/oidc-provider';
import { call, type Route } from './http.ts';

/** The provider's users; the login name typed into its form is the subject. */
const PROVIDER_USERS = {
  grace: { email: 'grace@cluster.example.com', email_verified: true },
  eve: { email: 'eve@cluster.example.com', email_verified: true },
};

export const PROVIDER_NAME = 'Cluster ID';

/**
 * An OpenID provider on a port kept for it. The servers are told its settings when they start;
 * it starts once the cluster is up, as its one client's redirect goes to nginx's address. Each
 * server looks the provider up at its first sign-in, not at start.
 */
export async function reserveProvider() {
  const port = await freePort();
  return {
    env: {
      OIDC_ISSUER_URL: testIssuer(port),
      OIDC_CLIENT_ID: TEST_OIDC_CLIENT.id,
      OIDC_CLIENT_SECRET: TEST_OIDC_CLIENT.secret,
      OIDC_NAME: PROVIDER_NAME,
    },
    start: (appUrl: string) => startTestProvider(appUrl, PROVIDER_USERS, port),
  };
}

/** Where a browser is sent after the callback: the app with a token, or the login screen. */
interface Landing {
  url: URL;
  token: string | null;
  error: string | null;
}

/**
 * A browser signing in without one: the start on `start` sets the flow cookie and sends it to
 * the provider, whose forms are filled in as `login`; the provider's redirect back, with that
 * cookie, goes to `callback` (another server, or nginx). `tamper` changes the answer on the way.
 */
export async function signInBySingleSignOn(
  provider: TestProvider,
  login: keyof typeof PROVIDER_USERS,
  routes: { start: Route; callback: Route },
  tamper: (back: URL) => void = () => undefined,
): Promise<Landing> {
  const started = await call(routes.start, 'startOidcSignIn', { query: {} });
  const location = started.headers.location;
  const flowCookie = started.headers['set-cookie']
    ?.map((line) => line.split(';')[0]!)
    .find((pair) => pair.startsWith('hustle_oidc='));
  if (started.status !== 302 || !location || !flowCookie) {
    throw new Error(`the start answered ${started.status} ${location ?? ''} ${started.body}`);
  }
  const back = await provider.signInThrough(location, login);
  tamper(back);
  const finished = await call(
    routes.callback,
    'finishOidcSignIn',
    { query: Object.fromEntries(back.searchParams) },
    { headers: { cookie: flowCookie } },
  );
  if (finished.status !== 303 || !finished.headers.location) {
    throw new Error(`the callback answered ${finished.status} ${finished.body}`);
  }
  const url = new URL(finished.headers.location, routes.callback.origin);
  return { url, token: url.searchParams.get('token'), error: url.searchParams.get('error') };
}
