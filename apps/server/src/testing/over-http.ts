import { endpoints, type OperationName } from '@hustle/shared/api';
import { endpointUrl, type AnyEndpoint } from '@hustle/shared/endpoint';

/** A user signed in to a server over HTTP: their workspace and bearer header. */
export interface UserOver {
  workspaceId: string;
  authorization: string;
}

/** Calls an endpoint of the contract on a running server (a child process, not `inject`). */
export async function callOver(
  baseUrl: string,
  operation: OperationName,
  input: { params?: unknown; body?: unknown },
  authorization?: string,
): Promise<Response> {
  const endpoint: AnyEndpoint = endpoints[operation];
  return fetch(baseUrl + endpointUrl(endpoint, input), {
    method: endpoint.method,
    headers: {
      ...(authorization ? { authorization } : {}),
      ...(input.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(input.body === undefined ? {} : { body: JSON.stringify(input.body) }),
  });
}

export async function signInOver(baseUrl: string, email: string): Promise<UserOver> {
  const requested = await callOver(baseUrl, 'requestLoginCode', { body: { email } });
  const { debugCode } = (await requested.json()) as { debugCode: string };
  const login = await callOver(baseUrl, 'loginWithCode', { body: { email, code: debugCode } });
  const { accessToken } = (await login.json()) as { accessToken: string };
  if (!accessToken) throw new Error(`sign-in failed for ${email}`);
  const authorization = `Bearer ${accessToken}`;
  const session = (await (await callOver(baseUrl, 'getSession', {}, authorization)).json()) as {
    workspaceId: string;
  };
  return { workspaceId: session.workspaceId, authorization };
}
