import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@hustle/shared/api';
import type { AnyEndpoint } from '@hustle/shared/endpoint';
import { apiClientFor, type ApiClient } from './testing/api-client.ts';
import { fuzzCases, requestOf, type Caller, type FuzzCase } from './testing/fuzz-requests.ts';
import { answerOf, routeTable, splitRoute } from './testing/route-table.ts';
import {
  routeSamples,
  seedSampleWorld,
  type RouteSampleSpec,
  type SampleWorld,
} from './testing/route-samples.ts';
import { stateSnapshotter, stateWatch, type StateSnapshot } from './testing/state-snapshot.ts';
import { createTestApp, signIn, type TestApp } from './testing/test-app.ts';
import { testDialects } from './testing/test-databases.ts';

/** Fixed, so a failure reproduces; FUZZ_SEED explores further. */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);
const CASES_PER_ROUTE = Number(process.env.FUZZ_CASES_PER_ROUTE ?? 50);

/** Each endpoint under each of its paths, keyed as the route table writes routes. */
const endpointByRoute = new Map<string, AnyEndpoint>(
  Object.values(endpoints as Record<string, AnyEndpoint>).flatMap((endpoint) =>
    [endpoint.path, ...endpoint.aliases].map((path) => [
      `${endpoint.method.toLowerCase()} ${path.replace(/:(\w+)/g, '{$1}')}`,
      endpoint,
    ]),
  ),
);

/** A refusal: an error answer, or a browser form sent back to its page with a message. */
const isRefusal = (status: number, location: string | undefined) =>
  status >= 400 || (status === 303 && (location ?? '').includes('error='));

// ARCHITECTURE §4 under random input: never a 5xx, and a refused request changes nothing.
describe.each(testDialects)('fuzzed requests to every route (%s)', (dialect) => {
  let t: TestApp;
  let world: SampleWorld;
  let stranger: ApiClient;
  let samples: [string, RouteSampleSpec][];
  let state: ReturnType<typeof stateWatch<StateSnapshot>>;
  let freshSessions = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    world = await seedSampleWorld(t.app);
    stranger = await apiClientFor(t.app, 'cy@example.com');
    samples = routeSamples(world);
    state = stateWatch(await stateSnapshotter(t));
  });
  afterAll(() => t?.close());

  /** Ids of three users: the sample's caller, a member of the shared project, a stranger. */
  async function pools() {
    const { projectId } = await stranger.callOk('createProject', {
      body: { workspaceId: stranger.workspaceId, name: 'Private' },
    });
    const task = await stranger.callOk('createTask', {
      body: { workspaceId: stranger.workspaceId, projectId, name: 'Secret', planned: true },
    });
    return {
      ids: [
        world.ada.workspaceId,
        world.bea.workspaceId,
        stranger.workspaceId,
        world.projectId,
        world.projectTaskId,
        world.inboxTaskId,
        world.otherInboxTaskId,
        world.automationId,
        world.dailyAutomationId,
        projectId,
        task.id,
      ],
      tokens: [world.inviteToken, world.checkoutId],
    };
  }

  it('knows an endpoint of the contract for every route of the route table, and back', () => {
    const table = routeTable(t).sort();
    expect([...endpointByRoute.keys()].sort()).toEqual(table);
    expect(samples.map(([route]) => route).sort()).toEqual(table);
  });

  it(`answers ${CASES_PER_ROUTE} fuzzed requests per route without a 5xx, refusals changing nothing`, async () => {
    const idsAndTokens = await pools();
    const statuses = new Map<number, number>();
    let cases = 0;
    let refusalsChecked = 0;

    /**
     * The caller's headers. A stream opened by a real credential never ends, so the event
     * stream only gets false ones; logging out revokes the token it is sent with and erasing
     * an account ends its user, so those get a session of a fresh user.
     */
    async function headersOf(
      caller: Caller,
      fuzzCase: FuzzCase,
      endpoint: AnyEndpoint,
      sample: RouteSampleSpec,
    ): Promise<Record<string, string>> {
      const forged = { authorization: `Bearer ${fuzzCase.forgedToken}` };
      if (endpoint.operation === 'streamEvents') return caller === 'none' ? {} : forged;
      if (caller === 'none') return {};
      if (caller === 'forged') return forged;
      // Logging out and erasing an account end the caller; each case gets a user of its own.
      if (endpoint.operation === 'logout' || endpoint.operation === 'deleteAccount') {
        freshSessions += 1;
        state.forget();
        const ip = `10.77.${Math.floor(freshSessions / 250)}.${freshSessions % 250}`;
        return (await signIn(t.app, `leaver${freshSessions}@example.com`, ip)).headers;
      }
      if (caller === 'member') return world.bea.headers;
      if (caller === 'other') return stranger.headers;
      return sample.headers ?? {};
    }

    console.log(`[fuzz ${dialect}] seed ${SEED}, ${CASES_PER_ROUTE} cases per route`);
    for (const [index, [route, sample]] of samples.entries()) {
      const endpoint = endpointByRoute.get(route)!;
      const { method, pattern } = splitRoute(route);
      // The sample's ticket is real: the stream it opens would never answer.
      const known = endpoint.operation === 'streamEvents' ? { ...sample, query: {} } : sample;
      await fc.assert(
        fc.asyncProperty(fuzzCases(pattern, endpoint, known, idsAndTokens), async (fuzzCase) => {
          const headers = await headersOf(fuzzCase.caller, fuzzCase, endpoint, sample);
          const request = requestOf(method, pattern, fuzzCase, headers);
          const before = await state.before();
          const res = await answerOf(t, request);
          if (!res) throw new Error(`${route}: no answer (a stream was opened?)`);
          cases += 1;
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          expect(res.statusCode, `${route}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
          if (isRefusal(res.statusCode, res.headers.location)) {
            refusalsChecked += 1;
            expect(await state.after(), `${route} refused with ${res.statusCode}`).toEqual(before);
          } else {
            state.forget();
          }
        }),
        // Each route gets a seed of its own, so one route's failure replays alone.
        { seed: SEED + index, numRuns: CASES_PER_ROUTE, endOnFailure: true },
      );
    }
    const byStatus = [...statuses].sort(([a], [b]) => a - b);
    console.log(
      `[fuzz ${dialect}] seed ${SEED}: ${cases} cases over ${samples.length} routes, ` +
        `${refusalsChecked} refusals with no state change; by status ` +
        byStatus.map(([status, n]) => `${status}×${n}`).join(' '),
    );
    expect(cases).toBe(samples.length * CASES_PER_ROUTE);
    expect(statuses.size).toBeGreaterThan(3);
  }, 300_000);
});
