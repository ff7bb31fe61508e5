import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '@hustle/shared/errors';
import { testDialects } from './testing/test-databases.ts';
import { createTestApp, type TestApp } from './testing/test-app.ts';
import { hostileRequests, sampleRequest } from './testing/hostile-variants.ts';
import { rowsSnapshotter, stateWatch } from './testing/state-snapshot.ts';
import { answerOf, routeTable, splitRoute } from './testing/route-table.ts';
import {
  routeSamples,
  seedSampleWorld,
  type RouteSampleSpec,
  type SampleWorld,
} from './testing/route-samples.ts';

const jsonOrNull = (body: string): unknown => {
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
};

// ARCHITECTURE §4: bad input gets a clear 4xx, never a 5xx, and nothing of it is stored.
describe.each(testDialects)('hostile input to every route (%s)', (dialect) => {
  let t: TestApp;
  let world: SampleWorld;
  let samples: [string, RouteSampleSpec][];
  beforeAll(async () => {
    t = await createTestApp(dialect);
    world = await seedSampleWorld(t.app);
    samples = routeSamples(world);
  });
  afterAll(() => t?.close());

  it('has a sample request for every route of the route table', () => {
    expect(samples.map(([route]) => route).sort()).toEqual(routeTable(t).sort());
  });

  it('refuses each hostile input with a 4xx JSON error and changes nothing', async () => {
    const failures: string[] = [];
    let sent = 0;
    const rows = stateWatch(await rowsSnapshotter(t));
    for (const [route, sample] of samples) {
      const { method, pattern } = splitRoute(route);
      for (const { label, request } of hostileRequests(method, pattern, sample)) {
        const before = await rows.before();
        const res = await answerOf(t, request);
        sent += 1;
        if (!res) {
          failures.push(`${route} — ${label}: no answer (a stream was opened?)`);
          continue;
        }
        const problem = sample.refusesByRedirectTo
          ? res.statusCode === 303 && res.headers.location?.includes(sample.refusesByRedirectTo)
            ? null
            : 'not a redirect to the error page'
          : res.statusCode < 400 || res.statusCode >= 500
            ? 'not a 4xx'
            : !ErrorBodySchema.safeParse(jsonOrNull(res.body)).success
              ? 'not the JSON error shape'
              : null;
        const after = await rows.after();
        const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
        if (problem || changed.length > 0) {
          const rowsChanged = changed.length > 0 ? ` CHANGED ROWS of ${changed.join(', ')}` : '';
          failures.push(
            `${route} — ${label}: ${res.statusCode} ${problem ?? ''}${rowsChanged} ${res.body.slice(0, 160)}`,
          );
        }
      }
    }
    console.log(
      `hostile input (${dialect}): ${sent} requests over ${samples.length} routes, ` +
        `${failures.length} not refused cleanly`,
    );
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(samples.length * 5);
  }, 600_000);

  // Runs last: the samples change the world. It shows each hostile variant differs from an
  // accepted request only in the field it spoils, so the refusals above are about that field.
  it('accepts each sample as it is', async () => {
    for (const [route, sample] of samples) {
      if (sample.isStream) continue;
      const { method, pattern } = splitRoute(route);
      const res = await t.app.inject(sampleRequest(method, pattern, sample));
      const where = `${route}: ${res.statusCode} ${res.body.slice(0, 300)}`;
      if (sample.answers) expect(res.statusCode, where).toBe(sample.answers);
      else expect(res.statusCode, where).toBeLessThan(300);
    }
  }, 120_000);
});
