import type { SessionContext } from '../auth/auth.service.ts';
import {
  cal,
  dav,
  hrefNode,
  properties,
  type Properties,
  type PropertyEntry,
} from './dav-answers.ts';
import { NS, node, qname } from './dav-xml.ts';
import type { TaskList, TaskResource } from './caldav.service.ts';

/** Where CalDAV lives (decision 079); `/.well-known/caldav` points here (RFC 6764). */
export const DAV_ROOT = '/dav/';
export const WELL_KNOWN = '/.well-known/caldav';
export const PRINCIPAL = `${DAV_ROOT}principal/`;
export const HOME = `${DAV_ROOT}calendars/`;
export const listHref = (list: TaskList) => `${HOME}${encodeURIComponent(list.id)}/`;
export const objectHref = (list: TaskList, name: string) =>
  `${listHref(list)}${encodeURIComponent(name)}`;

const SYNC_TOKEN_PREFIX = 'https://hustle.invalid/sync/';
export const syncTokenOf = (version: number) => `${SYNC_TOKEN_PREFIX}${version}`;

/** The workspace version a sync token of this server carries, or null for any other text. */
export function versionOfToken(token: string): number | null {
  if (!token.startsWith(SYNC_TOKEN_PREFIX)) return null;
  const tail = token.slice(SYNC_TOKEN_PREFIX.length);
  return /^\d{1,15}$/.test(tail) ? Number(tail) : null;
}

export const principalProperties = (session: SessionContext): Properties =>
  properties([
    [dav('resourcetype'), () => [node(dav('collection')), node(dav('principal'))]],
    [dav('displayname'), () => session.email],
    [dav('current-user-principal'), () => hrefNode(PRINCIPAL)],
    [dav('principal-URL'), () => hrefNode(PRINCIPAL)],
    [cal('calendar-home-set'), () => hrefNode(HOME)],
    [cal('calendar-user-address-set'), () => hrefNode(`mailto:${session.email}`)],
  ]);

/** The context path and the calendar home: plain collections. */
export const collectionProperties = (name: string): Properties =>
  properties([
    [dav('resourcetype'), () => [node(dav('collection'))]],
    [dav('displayname'), () => name],
    [dav('current-user-principal'), () => hrefNode(PRINCIPAL)],
    [dav('owner'), () => hrefNode(PRINCIPAL)],
  ]);

const REPORTS = [cal('calendar-query'), cal('calendar-multiget'), dav('sync-collection')];
const PRIVILEGES = ['read', 'write', 'write-content', 'bind', 'unbind'];

/** A task list: a calendar of VTODOs, its colour Apple's way, its version as tag and token. */
export const listProperties = (list: TaskList, version: number): Properties =>
  properties([
    [dav('resourcetype'), () => [node(dav('collection')), node(cal('calendar'))]],
    [dav('displayname'), () => list.name],
    [dav('current-user-principal'), () => hrefNode(PRINCIPAL)],
    [dav('owner'), () => hrefNode(PRINCIPAL)],
    [
      cal('supported-calendar-component-set'),
      () => [node(cal('comp'), undefined, { name: 'VTODO' })],
    ],
    [dav('sync-token'), () => syncTokenOf(version)],
    [qname(NS.calendarServer, 'getctag'), () => String(version)],
    ...(list.color
      ? [[qname(NS.apple, 'calendar-color'), () => list.color!] as PropertyEntry]
      : []),
    [
      dav('supported-report-set'),
      () =>
        REPORTS.map((report) =>
          node(dav('supported-report'), [node(dav('report'), [node(report)])]),
        ),
    ],
    [
      dav('current-user-privilege-set'),
      () => PRIVILEGES.map((privilege) => node(dav('privilege'), [node(dav(privilege))])),
    ],
  ]);

/** A task; its object is written only when asked for. */
export const objectProperties = (
  resource: TaskResource,
  objectOf: (resource: TaskResource) => string,
): Properties =>
  properties([
    [dav('resourcetype'), () => []],
    [dav('getetag'), () => resource.etag],
    [dav('getcontenttype'), () => 'text/calendar; charset=utf-8; component=VTODO'],
    [dav('getlastmodified'), () => new Date(resource.task.updatedAt).toUTCString()],
    [cal('calendar-data'), () => objectOf(resource)],
  ]);
