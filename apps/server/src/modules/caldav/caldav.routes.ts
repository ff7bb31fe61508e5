import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  RouteHandlerMethod,
} from 'fastify';
import type { Element } from '@xmldom/xmldom';
import { AppError, unauthorized } from '../../lib/errors.ts';
import type { SessionContext } from '../auth/auth.service.ts';
import {
  dav,
  davError,
  multistatus,
  propertyStatusResponse,
  propertyUpdatesOf,
  responseOf,
  wantedOf,
} from './dav-answers.ts';
import { parseXml, qnameOf } from './dav-xml.ts';
import {
  DAV_ROOT,
  HOME,
  PRINCIPAL,
  WELL_KNOWN,
  collectionProperties,
  listHref,
  listProperties,
  principalProperties,
} from './dav-properties.ts';
import { createReports } from './caldav.reports.ts';
import type { CaldavService } from './caldav.service.ts';

const DAV_METHODS = [
  'PROPFIND',
  'REPORT',
  'PROPPATCH',
  'MKCALENDAR',
  'MKCOL',
  'MOVE',
  'COPY',
] as const;
const CALENDAR_TYPE = 'text/calendar; charset=utf-8';
const XML_TYPE = 'application/xml; charset=utf-8';
const LIST = `${HOME}:list/`;
/** CalDAV is no part of the JSON API: its OpenAPI page and contract walks leave it out. */
const HIDDEN = { hide: true };
const OBJECT = `${HOME}:list/:object`;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the CalDAV guard from HTTP Basic credentials. */
    davSession: SessionContext;
  }
}

/** `Depth`: 0, 1 or infinity (answered as 1: a list holds tasks and nothing deeper). */
const depthOf = (request: FastifyRequest): 0 | 1 =>
  String(request.headers.depth ?? '').trim() === '0' ? 0 : 1;

/** The body as XML, or nothing when empty (PROPFIND with no body means allprop). */
function xmlBody(request: FastifyRequest): Element | undefined {
  const text = typeof request.body === 'string' ? request.body : '';
  return text.trim() === '' ? undefined : parseXml(text);
}

function basicCredentials(header: string | undefined) {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0
    ? undefined
    : { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

const headerOf = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

const sendMultistatus = (reply: FastifyReply, body: string) =>
  reply.status(207).header('content-type', XML_TYPE).send(body);

const sendFailed = (reply: FastifyReply, condition: string) =>
  reply
    .status(403)
    .header('content-type', XML_TYPE)
    .send(davError(dav(condition)));

type On = (
  methods: string[],
  url: string,
  handler: RouteHandlerMethod,
  options?: { bodyLimit: number },
) => void;

/**
 * A multiget names every task a client lacks: vdirsyncer's first sync of 5,000 tasks sends their
 * hrefs in one REPORT of about 400 kB. Other bodies keep the app's limit.
 */
const REPORT_BODY_LIMIT = 4 * 1024 * 1024;

/** Bodies as text, the Basic guard, DAV's headers: the scope every CalDAV route runs in. */
function prepareScope(scope: FastifyInstance, caldav: CaldavService): On {
  // XML and iCalendar bodies come as text, parsed by the handlers with their libraries.
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
    done(null, body);
  });
  scope.addHook('onRequest', async (request) => {
    if (request.method === 'OPTIONS' || request.routeOptions.url === WELL_KNOWN) return;
    const credentials = basicCredentials(request.headers.authorization);
    if (!credentials) {
      throw unauthorized('Sign in with your e-mail and an access token with the calendar scope.');
    }
    request.davSession = await caldav.authenticate(credentials.user, credentials.password);
  });
  scope.addHook('onSend', async (_request, reply, payload) => {
    reply.header('dav', '1, 3, calendar-access');
    if (reply.statusCode === 401) {
      reply.header('www-authenticate', 'Basic realm="Hustle", charset="UTF-8"');
    }
    return payload;
  });
  return (methods, url, handler, options) => {
    for (const path of url.endsWith('/') ? [url, url.slice(0, -1)] : [url]) {
      scope.route({ method: methods, url: path, handler, schema: HIDDEN, ...options });
    }
  };
}

/** RFC 6764 and the way down to the lists: context path, principal, calendar home. */
function discoveryRoutes(on: On, scope: FastifyInstance, caldav: CaldavService) {
  // RFC 6764 §5: the well-known address redirects to the context path, signed in or not.
  scope.route({
    method: ['GET', 'HEAD', 'PROPFIND', 'OPTIONS'],
    url: WELL_KNOWN,
    schema: HIDDEN,
    handler: async (_request, reply) => reply.redirect(DAV_ROOT, 301),
  });
  on(['PROPFIND'], DAV_ROOT, async (request, reply) => {
    const wanted = wantedOf(xmlBody(request));
    const answer = responseOf(DAV_ROOT, collectionProperties('Hustle'), wanted);
    return sendMultistatus(reply, multistatus([answer]));
  });
  on(['PROPFIND'], PRINCIPAL, async (request, reply) => {
    const wanted = wantedOf(xmlBody(request));
    const answer = responseOf(PRINCIPAL, principalProperties(request.davSession), wanted);
    return sendMultistatus(reply, multistatus([answer]));
  });
  on(['PROPFIND'], HOME, async (request, reply) => {
    const wanted = wantedOf(xmlBody(request));
    const responses = [responseOf(HOME, collectionProperties('Hustle tasks'), wanted)];
    if (depthOf(request) === 1) {
      const [lists, version] = await Promise.all([
        caldav.lists(request.davSession),
        caldav.version(request.davSession),
      ]);
      for (const list of lists) {
        responses.push(responseOf(listHref(list), listProperties(list, version), wanted));
      }
    }
    return sendMultistatus(reply, multistatus(responses));
  });
}

const listOf = (caldav: CaldavService, request: FastifyRequest) =>
  caldav.findList(request.davSession, (request.params as { list: string }).list);

/** A task list: its properties and members, and its REPORTs. */
function listRoutes(on: On, caldav: CaldavService) {
  const reports = createReports(caldav);
  on(['PROPFIND'], LIST, async (request, reply) => {
    const wanted = wantedOf(xmlBody(request));
    const list = await listOf(caldav, request);
    const version = await caldav.version(request.davSession);
    const responses = [responseOf(listHref(list), listProperties(list, version), wanted)];
    if (depthOf(request) === 1) {
      for (const resource of await caldav.resources(list)) {
        responses.push(reports.responseFor(list, resource, wanted));
      }
    }
    return sendMultistatus(reply, multistatus(responses));
  });
  // A list's name and colour, changed by a client: all the properties or none (RFC 4918 §9.2).
  on(['PROPPATCH'], LIST, async (request, reply) => {
    const update = xmlBody(request);
    const updates =
      update && qnameOf(update) === dav('propertyupdate') ? propertyUpdatesOf(update) : [];
    if (updates.length === 0) {
      throw new AppError(
        'VALIDATION_FAILED',
        'A PROPPATCH needs a propertyupdate naming a property.',
      );
    }
    const list = await listOf(caldav, request);
    const statuses = await caldav.proppatch(request.davSession, list, updates);
    const names = updates.map((property) => property.name);
    return sendMultistatus(
      reply,
      multistatus([propertyStatusResponse(listHref(list), names, statuses)]),
    );
  });
  on(
    ['REPORT'],
    LIST,
    async (request, reply) => {
      const report = xmlBody(request);
      if (!report) throw new AppError('VALIDATION_FAILED', 'A REPORT needs an XML body.');
      const list = await listOf(caldav, request);
      const answer = await reports.run(request.davSession, list, report);
      return 'failed' in answer
        ? sendFailed(reply, answer.failed)
        : sendMultistatus(reply, answer.multistatus);
    },
    { bodyLimit: REPORT_BODY_LIMIT },
  );
  return reports;
}

/** A task: read, written and deleted, with its ETag. */
function objectRoutes(on: On, caldav: CaldavService, reports: ReturnType<typeof createReports>) {
  const objectOf = async (request: FastifyRequest) => {
    const list = await listOf(caldav, request);
    const name = (request.params as { object: string }).object;
    const resource = await caldav.resource(list, name);
    if (!resource) throw new AppError('NOT_FOUND', 'That task was not found.');
    return { list, name, resource };
  };
  on(['GET', 'HEAD'], OBJECT, async (request, reply) => {
    const { resource } = await objectOf(request);
    return reply
      .header('content-type', CALENDAR_TYPE)
      .header('etag', resource.etag)
      .send(caldav.object(resource));
  });
  on(['PROPFIND'], OBJECT, async (request, reply) => {
    const { list, resource } = await objectOf(request);
    const wanted = wantedOf(xmlBody(request));
    return sendMultistatus(reply, multistatus([reports.responseFor(list, resource, wanted)]));
  });
  on(['PUT'], OBJECT, async (request, reply) => {
    const list = await listOf(caldav, request);
    const name = (request.params as { object: string }).object;
    const body = typeof request.body === 'string' ? request.body : '';
    const created = await caldav
      .put(request.davSession, list, name, body, {
        ifMatch: headerOf(request, 'if-match'),
        ifNoneMatch: headerOf(request, 'if-none-match'),
      })
      .catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'TASK_LIMIT_REACHED') return error;
        throw error;
      });
    // A full list in the words clients know (RFC 4331 §6): 507 and quota-not-exceeded.
    if (created instanceof AppError) {
      return reply
        .status(507)
        .header('content-type', XML_TYPE)
        .send(davError(dav('quota-not-exceeded'), created.message));
    }
    // No ETag: what is stored is not byte for byte what was sent (RFC 4791 §5.3.4), so the
    // client reads it back.
    return reply.status(created ? 201 : 204).send();
  });
  on(['DELETE'], OBJECT, async (request, reply) => {
    const list = await listOf(caldav, request);
    const name = (request.params as { object: string }).object;
    await caldav.remove(request.davSession, list, name, headerOf(request, 'if-match'));
    return reply.status(204).send();
  });
}

/** The CalDAV task server (issue 32, decision 079): HTTP shapes only; the rules are the service's. */
export const caldavRoutes: FastifyPluginAsync<{ caldav: CaldavService }> = async (app, opts) => {
  const { caldav } = opts;
  for (const method of DAV_METHODS) {
    if (!app.supportedMethods.includes(method)) app.addHttpMethod(method, { hasBody: true });
  }
  await app.register(async (scope) => {
    // Each address's Allow names what it serves (RFC 9110 §10.2.1): recorded as its routes are.
    const served = new Map<string, string[]>();
    const route = prepareScope(scope, caldav);
    const on: On = (methods, url, handler, options) => {
      served.set(url, [...(served.get(url) ?? []), ...methods]);
      route(methods, url, handler, options);
    };
    discoveryRoutes(on, scope, caldav);
    objectRoutes(on, caldav, listRoutes(on, caldav));
    const allowOn = new Map(
      [DAV_ROOT, PRINCIPAL, HOME, LIST, OBJECT].map((url) => [
        url,
        ['OPTIONS', ...(served.get(url) ?? [])].join(', '),
      ]),
    );
    for (const [url, allow] of allowOn) {
      route(['OPTIONS'], url, async (_request, reply) =>
        reply.header('allow', allow).status(200).send(''),
      );
    }
    // What the server does not do is refused, not left to the app's page fallback.
    for (const url of [HOME, LIST, OBJECT]) {
      const refused = url === LIST ? ['MKCALENDAR', 'MKCOL'] : ['PROPPATCH', 'MKCALENDAR', 'MKCOL'];
      route(refused, url, async (_request, reply) => sendFailed(reply, 'need-privileges'));
    }
    // No client tested moves a task by MOVE (decision 082): they write it to the new list.
    route(['MOVE', 'COPY'], OBJECT, async (_request, reply) =>
      reply.header('allow', allowOn.get(OBJECT)!).status(405).send(''),
    );
  });
};
