import ICAL from 'ical.js';
import type { Element } from '@xmldom/xmldom';
import { AppError } from '../../lib/errors.ts';
import { NS, childElements, childOf, qnameOf, textOf } from './dav-xml.ts';
import { cal } from './dav-answers.ts';
import { instantOf, timeRangeOf, todoOverlaps, type TimeRange } from './time-range.ts';

/** A calendar-query's filter (RFC 4791 §9.7), as a test of an object, or "every task". */
export interface QueryFilter {
  /** Every task matches without reading its object (the filter asks for VTODOs and no more). */
  everyTask: boolean;
  matches(calendar: ICAL.Component): boolean;
}

const nameOf = (element: Element) => (element.getAttribute('name') ?? '').toLowerCase();
const isNotDefined = (element: Element) =>
  childOf(element, NS.caldav, 'is-not-defined') !== undefined;

function textMatches(element: Element, values: string[]): boolean {
  const text = textOf(element).toLowerCase();
  const negate = element.getAttribute('negate-condition') === 'yes';
  const found = values.some((value) => value.toLowerCase().includes(text));
  return negate ? !found : found;
}

/** Each time range of a filter, read once when the filter is (not once per task it tests). */
type Ranges = Map<Element, TimeRange>;

function propertyMatches(filter: Element, component: ICAL.Component, ranges: Ranges): boolean {
  const properties = component.getAllProperties(nameOf(filter));
  if (isNotDefined(filter)) return properties.length === 0;
  if (properties.length === 0) return false;
  // A parameter's filter is not narrowed by: more is answered, never less.
  return childElements(filter).every((child) => {
    const name = qnameOf(child);
    if (name === cal('time-range')) {
      const range = ranges.get(child)!;
      return properties.some((property) => {
        const at = instantOf(property.getFirstValue());
        return at !== null && range.start <= at && at < range.end;
      });
    }
    if (name !== cal('text-match')) return true;
    return textMatches(
      child,
      properties.map((property) => String(property.getFirstValue() ?? '')),
    );
  });
}

function componentMatches(filter: Element, component: ICAL.Component, ranges: Ranges): boolean {
  return childElements(filter).every((child) => {
    const name = qnameOf(child);
    if (name === cal('time-range')) {
      // Only a task's own range is answered exactly; an alarm's is not narrowed by.
      return component.name !== 'vtodo' || todoOverlaps(component, ranges.get(child)!);
    }
    if (name === cal('prop-filter')) return propertyMatches(child, component, ranges);
    if (name === cal('comp-filter')) {
      const subcomponents = component.getAllSubcomponents(nameOf(child));
      if (isNotDefined(child)) return subcomponents.length === 0;
      return subcomponents.some((sub) => componentMatches(child, sub, ranges));
    }
    return true;
  });
}

/** The filter of a calendar-query REPORT; one that is missing or not VCALENDAR is refused. */
export function queryFilterOf(query: Element): QueryFilter {
  const filter = childOf(query, NS.caldav, 'filter');
  const top = filter && childOf(filter, NS.caldav, 'comp-filter');
  if (!top || nameOf(top) !== 'vcalendar') {
    throw new AppError('VALIDATION_FAILED', 'A calendar-query needs a VCALENDAR comp-filter.');
  }
  const inner = childElements(top);
  const everyTask =
    inner.length === 0 ||
    (inner.length === 1 &&
      qnameOf(inner[0]!) === cal('comp-filter') &&
      nameOf(inner[0]!) === 'vtodo' &&
      childElements(inner[0]!).length === 0);
  // A malformed time range anywhere is refused before any task is read (RFC 4791 valid-filter).
  const ranges: Ranges = new Map(
    [...filter.getElementsByTagNameNS(NS.caldav, 'time-range')].map((range) => [
      range,
      timeRangeOf(range),
    ]),
  );
  return {
    everyTask,
    matches: (calendar) => componentMatches(top, calendar, ranges),
  };
}

export const parseCalendar = (text: string) => new ICAL.Component(ICAL.parse(text) as unknown[]);
