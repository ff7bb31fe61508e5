import * as client from 'openid-client';
import { EmailSchema } from '@hustle/shared/auth';
import { AppError } from '../../lib/errors.ts';
import type { Config } from '../../config.ts';
import type { StartSession } from './sessions.ts';

type OidcSettings = NonNullable<Config['oidc']>;

/** What the start leaves with the browser for the callback to check (decision 058). */
export interface OidcFlow {
  state: string;
  nonce: string;
  codeVerifier: string;
  returnTo?: string | undefined;
  timezone?: string | undefined;
}

export interface OidcDeps {
  settings: OidcSettings;
  appUrl: string;
  startSession: StartSession;
}

/** A refusal shown on the login screen: the browser came by a redirect, not an API call. */
export class OidcRefusal extends Error {}

/**
 * Single sign-on by OpenID Connect (decision 058): authorization code with PKCE, state and
 * nonce, through `openid-client`. The provider is looked up once per process, again after a
 * failed look-up. An account is found or made by the provider's e-mail, only when the provider
 * says it verified that address.
 */
export function createOidcSignIn(deps: OidcDeps) {
  const { settings } = deps;
  const redirectUri = `${deps.appUrl}/auth/oidc/callback`;
  let discovered: Promise<client.Configuration> | undefined;

  function provider(): Promise<client.Configuration> {
    discovered ??= discover(settings).catch((error: unknown) => {
      discovered = undefined;
      throw error;
    });
    return discovered.catch(() => {
      throw new OidcRefusal(`${settings.name} cannot be reached right now. Try again later.`);
    });
  }

  return {
    name: settings.name,

    /** The provider's sign-in page to send the browser to, and what the callback checks. */
    async start(returnTo: string | undefined, timezone: string | undefined) {
      const config = await provider();
      const flow: OidcFlow = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        codeVerifier: client.randomPKCECodeVerifier(),
        returnTo,
        timezone,
      };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email',
        state: flow.state,
        nonce: flow.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(flow.codeVerifier),
        code_challenge_method: 'S256',
      });
      return { url: url.href, flow };
    },

    /** Checks the provider's answer against the flow and signs its verified address in. */
    async finish(search: string, flow: OidcFlow | undefined, userAgent: string | undefined) {
      if (!flow) throw expiredFlow(settings.name);
      const config = await provider();
      const callbackUrl = new URL(`${redirectUri}${search}`);
      const email = await verifiedEmail(config, callbackUrl, flow, settings.name);
      // startSession asks the sign-up policy (decision 056) before it makes an account.
      const { accessToken } = await startSession(deps, email, flow, userAgent);
      return { accessToken, landingUrl: `${deps.appUrl}${flow.returnTo ?? '/'}` };
    },
  };
}

export type OidcSignIn = ReturnType<typeof createOidcSignIn>;

function discover(settings: OidcSettings): Promise<client.Configuration> {
  return client.discovery(
    new URL(settings.issuerUrl),
    settings.clientId,
    undefined,
    settings.clientSecret ? client.ClientSecretBasic(settings.clientSecret) : client.None(),
    { execute: settings.allowHttp ? [client.allowInsecureRequests] : [], timeout: 10 },
  );
}

/** An invite page the sign-in started from lets a new address in where sign-up is restricted. */
const inviteOf = (returnTo: string | undefined) => returnTo?.match(/^\/invite\/([^/?#]+)/)?.[1];

/**
 * A disabled account, or a new address the sign-up policy keeps out, is refused by startSession;
 * its message is shown like the others.
 */
async function startSession(
  deps: OidcDeps,
  email: string,
  flow: OidcFlow,
  userAgent: string | undefined,
) {
  try {
    return await deps.startSession(email, flow.timezone, userAgent, inviteOf(flow.returnTo));
  } catch (error) {
    const refusals: string[] = ['ACCOUNT_DISABLED', 'SIGN_UP_CLOSED'];
    if (error instanceof AppError && refusals.includes(error.code)) {
      throw new OidcRefusal(error.message);
    }
    throw error;
  }
}

const expiredFlow = (name: string) =>
  new OidcRefusal(
    `This sign-in through ${name} expired or was started in another browser. Try again.`,
  );

/**
 * The code is exchanged only with the state, nonce and verifier this browser started with; the
 * address comes from the ID token, else from the user info the token opens.
 */
async function verifiedEmail(
  config: client.Configuration,
  callbackUrl: URL,
  flow: OidcFlow,
  name: string,
): Promise<string> {
  let claims: Record<string, unknown>;
  try {
    const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims()!;
    claims =
      typeof idClaims.email === 'string'
        ? idClaims
        : await client.fetchUserInfo(config, tokens.access_token, idClaims.sub);
  } catch (error) {
    throw refusalOf(error, name);
  }
  const email = EmailSchema.safeParse(claims.email);
  if (!email.success) {
    throw new OidcRefusal('Your account there has no usable e-mail address, so it cannot sign in.');
  }
  if (claims.email_verified !== true && claims.email_verified !== 'true') {
    throw new OidcRefusal(
      `Your e-mail address ${email.data} is not verified there, so it cannot sign in to Hustle. ` +
        'Verify it with your sign-in provider and try again.',
    );
  }
  return email.data;
}

function refusalOf(error: unknown, name: string): OidcRefusal {
  if (error instanceof client.AuthorizationResponseError) {
    return new OidcRefusal(`Signing in was cancelled or refused (${error.error}).`);
  }
  // openid-client keeps the check that failed as the cause; a state not this browser's is told
  // apart, as it is what a second tab or an old bookmark gives.
  const cause = error instanceof client.ClientError ? error.cause : undefined;
  if (cause instanceof Error && /"state"/.test(cause.message)) return expiredFlow(name);
  return new OidcRefusal('The answer of your sign-in provider could not be checked. Try again.');
}
