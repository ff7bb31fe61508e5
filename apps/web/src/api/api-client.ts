import type { Endpoints, OperationName } from '@hustle/shared/api';
import type { EndpointInput, EndpointResult } from '@hustle/shared/endpoint';
import type { CallOptions } from './http-client.ts';

type Call<Name extends OperationName> = (
  ...args: object extends EndpointInput<Endpoints[Name]>
    ? [input?: EndpointInput<Endpoints[Name]> & CallOptions]
    : [input: EndpointInput<Endpoints[Name]> & CallOptions]
) => Promise<EndpointResult<Endpoints[Name]>>;

type Api = { readonly [Name in OperationName]: Call<Name> };

/** A download that a failure lets the next caller try again. */
function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    if (!loading) {
      loading = load();
      loading.catch(() => {
        loading = undefined;
      });
    }
    return loading;
  };
}

const loadClient = loadOnce(async () => {
  const [{ firstScreenEndpoints }, { callEndpoint }] = await Promise.all([
    import('./first-screen-endpoints.ts'),
    import('./http-client.ts'),
  ]);
  return { firstScreenEndpoints, callEndpoint };
});

const loadContract = loadOnce(() => import('@hustle/shared/api'));

/**
 * The client and the part of the contract a first screen calls load apart from the app's first
 * script (decision 016). main.tsx starts this at once, so the download runs while React renders.
 */
export const preloadApiClient = (): Promise<unknown> => loadClient();

/**
 * The whole contract, for the calls beyond the first screen's, so the first of them does not
 * wait for it: main.tsx asks once the first screen shows. A failed download is tried again by
 * the call that needs it.
 */
export const preloadContract = (): Promise<void> =>
  loadContract().then(
    () => {},
    () => {},
  );

async function endpointOf(operation: string) {
  const { firstScreenEndpoints, callEndpoint } = await loadClient();
  if (Object.hasOwn(firstScreenEndpoints, operation)) {
    return {
      endpoint: firstScreenEndpoints[operation as keyof typeof firstScreenEndpoints],
      callEndpoint,
    };
  }
  const { endpoints } = await loadContract();
  if (!Object.hasOwn(endpoints, operation))
    throw new Error(`The API has no operation ${operation}`);
  return { endpoint: endpoints[operation as OperationName], callEndpoint };
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
      const { endpoint, callEndpoint } = await endpointOf(operation);
      return callEndpoint(endpoint, input as EndpointInput<typeof endpoint> & CallOptions);
    };
  },
});
