import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { calendarUser, type CalendarUser } from './caldav-testing.ts';

/** Fixed, so a failure reproduces; FUZZ_SEED explores further. */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_128);
const CASES = Number(process.env.FUZZ_CASES_PER_ROUTE ?? 50);

const PROPFIND =
  '<?xml version="1.0" encoding="utf-8"?><d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">' +
  '<d:prop><d:getetag/><c:calendar-data/></d:prop></d:propfind>';
const QUERY =
  '<c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/></d:prop>' +
  '<c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO">' +
  '<c:prop-filter name="STATUS"><c:text-match negate-condition="yes">COMPLETED</c:text-match>' +
  '</c:prop-filter></c:comp-filter></c:comp-filter></c:filter></c:calendar-query>';
const PROPPATCH =
  '<?xml version="1.0"?><d:propertyupdate xmlns:d="DAV:" xmlns:x="http://apple.com/ns/ical/">' +
  '<d:set><d:prop><d:displayname>Orchard</d:displayname>' +
  '<x:calendar-color>#FF8800FF</x:calendar-color></d:prop></d:set>' +
  '<d:remove><d:prop><x:other/></d:prop></d:remove></d:propertyupdate>';
const TIME_RANGE =
  '<c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/></d:prop>' +
  '<c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO">' +
  '<c:time-range start="20261127T000000Z" end="20261204T000000Z"/>' +
  '</c:comp-filter></c:comp-filter></c:filter></c:calendar-query>';
const TODO = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Fuzz//EN',
  'BEGIN:VTODO',
  'UID:fuzz-1',
  'SUMMARY:Fuzzed',
  'DUE;VALUE=DATE:20261201',
  'DTSTART;TZID=Europe/Warsaw:20261128T090000',
  'STATUS:NEEDS-ACTION',
  'END:VTODO',
  'END:VCALENDAR',
  '',
].join('\r\n');

/** A valid body cut, spliced or salted with random text: what a broken client might send. */
const mangled = (valid: string) =>
  fc.oneof(
    fc.string({ maxLength: 400 }),
    fc.string({ unit: 'binary', maxLength: 200 }),
    fc
      .tuple(
        fc.nat(valid.length),
        fc.nat(valid.length),
        fc.string({ unit: 'grapheme', maxLength: 40 }),
      )
      .map(
        ([from, to, salt]) =>
          valid.slice(0, Math.min(from, to)) + salt + valid.slice(Math.max(from, to)),
      ),
  );

/**
 * Random and broken XML and iCalendar bodies on every CalDAV route that reads one: never a 5xx,
 * and a refused write changes nothing.
 */
describe('fuzzing the CalDAV server', () => {
  let t: TestApp;
  let ada: CalendarUser;
  let project: string;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    t.clock.set('2026-11-27T10:00:00.000Z');
    ada = await calendarUser(t, 'ada@example.com');
    await ada.api.callOk('createTask', {
      body: { workspaceId: ada.api.workspaceId, projectId: null, name: 'Kept' },
    });
    ({ projectId: project } = await ada.api.callOk('createProject', {
      body: { workspaceId: ada.api.workspaceId, name: 'Garden' },
    }));
  });
  afterAll(() => t.close());

  const send = (method: string, url: string, body: string, type: string) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { authorization: ada.basic, 'content-type': type, depth: '1' },
      payload: body,
    });
  const snapshot = () =>
    t.database.db.selectFrom('tasks').select(['id', 'name', 'deadline', 'completed_at']).execute();

  it.each([
    ['PROPFIND', '/dav/calendars/', PROPFIND],
    ['PROPFIND', '/dav/calendars/inbox/', PROPFIND],
    ['REPORT', '/dav/calendars/inbox/', QUERY],
    ['REPORT', '/dav/calendars/inbox/', TIME_RANGE],
    ['PROPPATCH', '/dav/calendars/inbox/', PROPPATCH],
    ['PROPPATCH', '/dav/calendars/:project/', PROPPATCH],
  ])('%s %s never fails on its side', async (method, url, valid) => {
    const projects = () => t.database.db.selectFrom('projects').select(['name', 'color']).execute();
    await fc.assert(
      fc.asyncProperty(mangled(valid), async (body) => {
        const before = await projects();
        const res = await send(method, url.replace(':project', project), body, 'application/xml');
        expect(res.statusCode, body).toBeLessThan(500);
        // A PROPPATCH applies all of its properties or none (RFC 4918 §9.2): no 200, no change.
        if (method === 'PROPPATCH' && !res.body.includes('200 OK')) {
          expect(await projects()).toEqual(before);
        }
      }),
      { seed: SEED, numRuns: CASES },
    );
  });

  it('PUT of a broken object is refused or applied whole, never a 5xx', async () => {
    let index = 0;
    await fc.assert(
      fc.asyncProperty(mangled(TODO), async (body) => {
        const before = await snapshot();
        index += 1;
        const res = await send(
          'PUT',
          `/dav/calendars/inbox/fuzz-${index}.ics`,
          body,
          'text/calendar',
        );
        expect(res.statusCode, body).toBeLessThan(500);
        if (res.statusCode >= 400) expect(await snapshot()).toEqual(before);
      }),
      { seed: SEED, numRuns: CASES },
    );
  });
});
