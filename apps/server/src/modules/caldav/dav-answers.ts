import type { Element } from '@xmldom/xmldom';
import {
  NS,
  childElements,
  childOf,
  node,
  qname,
  qnameOf,
  textOf,
  writeXml,
  type QName,
  type XmlContent,
  type XmlNode,
} from './dav-xml.ts';

const d = (name: string) => qname(NS.dav, name);
export const dav = d;
export const cal = (name: string) => qname(NS.caldav, name);

/** What a PROPFIND or REPORT asks of each resource: named properties, or all of them. */
export type Wanted = { kind: 'all' } | { kind: 'names' } | { kind: 'props'; names: QName[] };

/** The `prop`, `allprop` or `propname` of a request's element (none: all, RFC 4918). */
export function wantedOf(element: Element | undefined): Wanted {
  if (!element) return { kind: 'all' };
  const prop = childOf(element, NS.dav, 'prop');
  if (prop) return { kind: 'props', names: childElements(prop).map(qnameOf) };
  if (childOf(element, NS.dav, 'propname')) return { kind: 'names' };
  return { kind: 'all' };
}

/** A resource's properties, each written when asked for (calendar data costs a rendering). */
export type Properties = Map<QName, () => XmlContent>;
export type PropertyEntry = [QName, () => XmlContent];
export const properties = (entries: PropertyEntry[]): Properties => new Map(entries);

const REASONS = {
  200: 'OK',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  424: 'Failed Dependency',
} as const;

/** The statuses a multistatus names, of a resource or of a property. */
export type DavStatus = keyof typeof REASONS;

const statusNode = (code: DavStatus) => node(d('status'), `HTTP/1.1 ${code} ${REASONS[code]}`);

/** Properties of one status, in a `propstat` (RFC 4918 §14.22). */
const propstat = (props: XmlNode[], code: DavStatus) =>
  node(d('propstat'), [node(d('prop'), props), statusNode(code)]);

/** One `response` of a multistatus: what is found in one propstat, what is not in another. */
export function responseOf(href: string, properties: Properties, wanted: Wanted): XmlNode {
  const names =
    wanted.kind === 'props'
      ? wanted.names
      : // allprop leaves out what is expensive or not "live" for every resource (RFC 4791 §9.6).
        [...properties.keys()].filter(
          (name) => wanted.kind === 'names' || name !== cal('calendar-data'),
        );
  const found: XmlNode[] = [];
  const missing: XmlNode[] = [];
  for (const name of names) {
    const value = properties.get(name);
    if (!value) missing.push(node(name));
    else found.push(wanted.kind === 'names' ? node(name) : node(name, value()));
  }
  const propstats: XmlNode[] = [];
  if (found.length > 0 || missing.length === 0) propstats.push(propstat(found, 200));
  if (missing.length > 0) propstats.push(propstat(missing, 404));
  return node(d('response'), [node(d('href'), href), ...propstats]);
}

/** The properties a PROPPATCH's `propertyupdate` sets and removes, in its order (RFC 4918 §14.19). */
export function propertyUpdatesOf(element: Element): { name: QName; value: string | null }[] {
  return childElements(element).flatMap((change) => {
    const kind = qnameOf(change);
    if (kind !== d('set') && kind !== d('remove')) return [];
    const prop = childOf(change, NS.dav, 'prop');
    return (prop ? childElements(prop) : []).map((property) => ({
      name: qnameOf(property),
      value: kind === d('set') ? textOf(property) : null,
    }));
  });
}

/** A PROPPATCH's answer: each property under its status (RFC 4918 §9.2.1). */
export function propertyStatusResponse(
  href: string,
  names: QName[],
  statuses: DavStatus[],
): XmlNode {
  const propstats = [...new Set(statuses)].map((code) =>
    propstat(
      names.filter((_name, index) => statuses[index] === code).map((name) => node(name)),
      code,
    ),
  );
  return node(d('response'), [node(d('href'), href), ...propstats]);
}

/** A member that is gone (sync-collection) or was never there (multiget). */
export const missingResponse = (href: string): XmlNode =>
  node(d('response'), [node(d('href'), href), statusNode(404)]);

export const multistatus = (responses: XmlNode[], syncToken?: string): string =>
  writeXml(
    node(d('multistatus'), [
      ...responses,
      ...(syncToken === undefined ? [] : [node(d('sync-token'), syncToken)]),
    ]),
  );

/** RFC 4918 §16's error body: the condition that failed, and the app's message when there is one. */
export const davError = (condition: QName, message?: string): string =>
  writeXml(
    node(d('error'), [
      node(condition),
      ...(message === undefined ? [] : [node(qname(NS.hustle, 'message'), message)]),
    ]),
  );

export const hrefNode = (href: string) => [node(d('href'), href)];
