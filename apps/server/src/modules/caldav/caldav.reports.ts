import type { Element } from '@xmldom/xmldom';
import type { SessionContext } from '../auth/auth.service.ts';
import {
  cal,
  dav,
  missingResponse,
  multistatus,
  responseOf,
  wantedOf,
  type Wanted,
} from './dav-answers.ts';
import { parseCalendar, queryFilterOf } from './dav-filter.ts';
import { NS, childElements, childOf, qnameOf, textOf } from './dav-xml.ts';
import {
  listHref,
  objectHref,
  objectProperties,
  syncTokenOf,
  versionOfToken,
} from './dav-properties.ts';
import type { CaldavService, TaskList, TaskResource } from './caldav.service.ts';

/** What a REPORT answers: a multistatus, or a precondition that failed (RFC 4918 §16). */
export type ReportAnswer =
  { multistatus: string } | { failed: 'valid-sync-token' | 'supported-report' };

/** The name of a list's member that an href names, or nothing when it is not one of its. */
function memberNameOf(href: string, list: TaskList): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(new URL(href, 'http://localhost').pathname);
  } catch {
    return undefined;
  }
  const prefix = decodeURIComponent(listHref(list));
  if (!path.startsWith(prefix)) return undefined;
  const name = path.slice(prefix.length);
  return name === '' || name.includes('/') ? undefined : name;
}

/** The REPORTs on a task list (RFC 4791 §7.8, §7.9; RFC 6578). */
export function createReports(caldav: CaldavService) {
  const responseFor = (list: TaskList, resource: TaskResource, wanted: Wanted) =>
    responseOf(objectHref(list, resource.name), objectProperties(resource, caldav.object), wanted);

  async function multiget(list: TaskList, report: Element, wanted: Wanted) {
    const hrefs = childElements(report)
      .filter((child) => qnameOf(child) === dav('href'))
      .map(textOf);
    const names = hrefs.map((href) => memberNameOf(href, list));
    const found = await caldav.resourcesNamed(
      list,
      names.filter((name): name is string => name !== undefined),
    );
    return multistatus(
      hrefs.map((href, index) => {
        const name = names[index];
        const resource = name === undefined ? undefined : found.get(name);
        return resource ? responseFor(list, resource, wanted) : missingResponse(href);
      }),
    );
  }

  async function query(list: TaskList, report: Element, wanted: Wanted) {
    const filter = queryFilterOf(report);
    const resources = (await caldav.resources(list)).filter(
      (resource) => filter.everyTask || filter.matches(parseCalendar(caldav.object(resource))),
    );
    return multistatus(resources.map((resource) => responseFor(list, resource, wanted)));
  }

  async function sync(
    session: SessionContext,
    list: TaskList,
    report: Element,
    wanted: Wanted,
  ): Promise<ReportAnswer> {
    const token = textOf(childOf(report, NS.dav, 'sync-token'));
    if (token === '') {
      const version = await caldav.version(session);
      const resources = await caldav.resources(list);
      const responses = resources.map((resource) => responseFor(list, resource, wanted));
      return { multistatus: multistatus(responses, syncTokenOf(version)) };
    }
    const since = versionOfToken(token);
    const answer = since === null ? null : await caldav.changesSince(session, list, since);
    // RFC 6578 §3.2: a token this server no longer knows; the client starts over.
    if (!answer || answer.kind === 'invalid-token') return { failed: 'valid-sync-token' };
    const responses = [
      ...answer.changed.map((resource) => responseFor(list, resource, wanted)),
      ...answer.removed.map((name) => missingResponse(objectHref(list, name))),
    ];
    return { multistatus: multistatus(responses, syncTokenOf(answer.version)) };
  }

  return {
    responseFor,
    async run(session: SessionContext, list: TaskList, report: Element): Promise<ReportAnswer> {
      const wanted = wantedOf(report);
      const kind = qnameOf(report);
      if (kind === cal('calendar-multiget')) {
        return { multistatus: await multiget(list, report, wanted) };
      }
      if (kind === cal('calendar-query')) return { multistatus: await query(list, report, wanted) };
      if (kind === dav('sync-collection')) return sync(session, list, report, wanted);
      return { failed: 'supported-report' };
    },
  };
}
