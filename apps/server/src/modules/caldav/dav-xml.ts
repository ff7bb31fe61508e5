import {
  DOMImplementation,
  DOMParser,
  XMLSerializer,
  type Element,
  type Node,
} from '@xmldom/xmldom';
import { AppError } from '../../lib/errors.ts';

/** The namespaces CalDAV speaks, with the prefixes Hustle writes them with. */
export const NS = {
  dav: 'DAV:',
  caldav: 'urn:ietf:params:xml:ns:caldav',
  calendarServer: 'http://calendarserver.org/ns/',
  apple: 'http://apple.com/ns/ical/',
  /** Hustle's own elements: a refusal's message in words. */
  hustle: 'urn:hustle:dav',
} as const;

const PREFIXES: Record<string, string> = {
  [NS.dav]: 'd',
  [NS.caldav]: 'c',
  [NS.calendarServer]: 'cs',
  [NS.apple]: 'x1',
  [NS.hustle]: 'h',
};

/** A property or element by namespace and local name: `{DAV:}getetag`. */
export type QName = `{${string}}${string}`;
export const qname = (ns: string, name: string): QName => `{${ns}}${name}`;
export const qnameOf = (element: Element): QName =>
  qname(element.namespaceURI ?? '', element.localName ?? '');

const badXml = (message: string) => new AppError('VALIDATION_FAILED', message);

/**
 * Parses a request's XML body (xmldom). A document type is refused before parsing: DAV never
 * needs one, and refusing it refuses entity declarations and their expansion with it.
 */
export function parseXml(text: string): Element {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) {
    throw badXml('The XML body declares a document type or entities, which this server refuses.');
  }
  let root: Element | null = null;
  try {
    const parser = new DOMParser({
      onError: (level, message) => {
        if (level !== 'warning') throw new Error(message);
      },
    });
    root = parser.parseFromString(text, 'application/xml').documentElement;
  } catch {
    throw badXml('The XML body is not well-formed.');
  }
  if (!root) throw badXml('The XML body has no element.');
  return root;
}

/** The element's child elements, in order. */
export function childElements(element: Element): Element[] {
  const children: Element[] = [];
  for (let node = element.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === node.ELEMENT_NODE) children.push(node as Element);
  }
  return children;
}

/** The first child element with that name, if any. */
export const childOf = (element: Element, ns: string, name: string): Element | undefined =>
  childElements(element).find((child) => qnameOf(child) === qname(ns, name));

export const textOf = (element: Element | undefined): string => element?.textContent?.trim() ?? '';

/** What an element of an answer holds: text, child elements, or nothing. */
export type XmlContent = string | XmlNode[] | undefined;
export interface XmlNode {
  name: QName;
  content?: XmlContent;
  attributes?: Record<string, string>;
}

export const node = (name: QName, content?: XmlContent, attributes?: Record<string, string>) => ({
  name,
  ...(content === undefined ? {} : { content }),
  ...(attributes ? { attributes } : {}),
});

const splitName = (name: QName) => {
  const end = name.indexOf('}');
  return { ns: name.slice(1, end), local: name.slice(end + 1) };
};

/** Writes an answer document with xmldom (no string templates): every prefix on the root. */
export function writeXml(root: XmlNode): string {
  const rootName = splitName(root.name);
  const doc = new DOMImplementation().createDocument(
    rootName.ns,
    `${PREFIXES[rootName.ns] ?? 'd'}:${rootName.local}`,
    null,
  );
  const used = new Set<string>();
  const fill = (element: Element, content: XmlContent) => {
    if (typeof content === 'string') {
      element.appendChild(doc.createTextNode(content));
      return;
    }
    for (const child of content ?? []) element.appendChild(build(child));
  };
  const build = (item: XmlNode): Node => {
    const { ns, local } = splitName(item.name);
    used.add(ns);
    const prefix = PREFIXES[ns];
    const element = prefix
      ? doc.createElementNS(ns, `${prefix}:${local}`)
      : doc.createElementNS(ns, local);
    if (!prefix) element.setAttribute('xmlns', ns);
    for (const [key, value] of Object.entries(item.attributes ?? {})) {
      element.setAttribute(key, value);
    }
    fill(element, item.content);
    return element;
  };
  const top = doc.documentElement!;
  used.add(rootName.ns);
  fill(top, root.content);
  // The root's own namespace is declared by createDocument.
  for (const ns of used) {
    const prefix = PREFIXES[ns];
    if (prefix && ns !== rootName.ns) top.setAttribute(`xmlns:${prefix}`, ns);
  }
  return `<?xml version="1.0" encoding="utf-8"?>\n${new XMLSerializer().serializeToString(doc)}`;
}
