import type { Endpoints, OperationName } from '@hustle/shared/api';
import type { EndpointInput, EndpointResult } from '@hustle/shared/endpoint';
import type { CallOptions } from './http-client.ts';

type Call<Name extends OperationName> = (
  ...args: object extends EndpointInput<Endpoints[Name]>
    ? [input?: EndpointInput<Endpoints[Name]> & CallOptions]
    : [input: EndpointInput<Endpoints[Name]> & CallOptions]
) => Promise<EndpointResult<Endpoints[Name]>>;

type Api = { readonly [Name in OperationName]: Call<Name> };

async function loadClient() {
  const [{ endpoints }, { callEndpoint }] = await Promise.all([
    import('@hustle/shared/api'),
    import('./http-client.ts'),
  ]);
  return { endpoints, callEndpoint };
}

let loading: ReturnType<typeof loadClient> | undefined;

/**
 * The contract — every endpoint with its schemas — and the client that speaks it load apart
 * from the app's first script (decision 016). main.tsx starts this at once, so the download
 * runs while React renders; a failed download is tried again by the next call.
 */
export function preloadApiClient(): ReturnType<typeof loadClient> {
  if (!loading) {
    loading = loadClient();
    loading.catch(() => {
      loading = undefined;
    });
  }
  return loading;
}

/**
 * The API by operation name (STYLE "In this codebase" 1): `api.createTask({ body })`,
 * `api.taskAction({ params: { id, action }, body })`. No path is written anywhere else.
 */
export const api = new Proxy({} as Api, {
  get: (_target, operation) => {
    // Not a thenable, so `await api` or a test printing it never takes it for a promise.
    if (typeof operation !== 'string' || operation === 'then') return undefined;
    return async (input?: CallOptions) => {
      const { endpoints, callEndpoint } = await preloadApiClient();
      const endpoint = endpoints[operation as OperationName];
      if (!endpoint) throw new Error(`The API has no operation ${operation}`);
      return callEndpoint(endpoint, input as EndpointInput<typeof endpoint> & CallOptions);
    };
  },
});
