import ICAL from 'ical.js';
import type { Element } from '@xmldom/xmldom';
import { isDay } from '@hustle/shared/days';
import { AppError } from '../../lib/errors.ts';

/** A calendar-query's time range in epoch milliseconds: from `start`, up to `end` (excluded). */
export interface TimeRange {
  start: number;
  end: number;
}

/** RFC 4791 §9.9's `start` and `end`: a UTC date with time, each optional. */
function utcOf(element: Element, attribute: 'start' | 'end', otherwise: number): number {
  const text = element.getAttribute(attribute);
  if (text === null || text === '') return otherwise;
  const match = /^(\d{4})(\d{2})(\d{2})T([01]\d|2[0-3])([0-5]\d)([0-5]\d)Z$/.exec(text.trim());
  // A day that does not exist (20261399, 20260230) is refused, not rolled over into another.
  if (!match || !isDay(`${match[1]}-${match[2]}-${match[3]}`)) {
    throw new AppError(
      'VALIDATION_FAILED',
      `A time range's ${attribute} is a UTC time: 20261128T000000Z.`,
    );
  }
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number);
  return Date.UTC(year!, month! - 1, day!, hour!, minute!, second!);
}

export function timeRangeOf(element: Element): TimeRange {
  const range = {
    start: utcOf(element, 'start', Number.NEGATIVE_INFINITY),
    end: utcOf(element, 'end', Number.POSITIVE_INFINITY),
  };
  if (!element.hasAttribute('start') && !element.hasAttribute('end')) {
    throw new AppError('VALIDATION_FAILED', 'A time range names a start, an end or both.');
  }
  if (range.end <= range.start) {
    throw new AppError('VALIDATION_FAILED', 'A time range ends after it starts.');
  }
  return range;
}

/**
 * A DATE or DATE-TIME value as an instant. Dates and floating times are read as UTC, the time zone
 * of a list that names none (RFC 4791 §9.9).
 */
export function instantOf(value: unknown): number | null {
  if (!(value instanceof ICAL.Time)) return null;
  const seconds = value.toUnixTime();
  return Number.isNaN(seconds) ? null : seconds * 1000;
}

/**
 * A task's DATE-TIME property as an instant, in the zone its TZID names when the object carries
 * that VTIMEZONE (read from the object, never registered for other requests).
 */
function instantOfProperty(todo: ICAL.Component, name: string): number | null {
  const property = todo.getFirstProperty(name);
  const value = property?.getFirstValue();
  const tzid = property?.getParameter('tzid');
  if (!(value instanceof ICAL.Time) || typeof tzid !== 'string') return instantOf(value);
  const definition = todo.parent
    ?.getAllSubcomponents('vtimezone')
    .find((zone) => zone.getFirstPropertyValue('tzid') === tzid);
  if (!definition) return instantOf(value);
  const zoned = value.clone();
  zoned.zone = new ICAL.Timezone(definition);
  return instantOf(zoned);
}

/** Whether a VTODO overlaps the range: RFC 4791 §9.9's table for VTODO, row by row. */
export function todoOverlaps(todo: ICAL.Component, { start, end }: TimeRange): boolean {
  const dtstart = instantOfProperty(todo, 'dtstart');
  const due = instantOfProperty(todo, 'due');
  const completed = instantOfProperty(todo, 'completed');
  const created = instantOfProperty(todo, 'created');
  const duration = todo.getFirstPropertyValue('duration');
  if (dtstart !== null && duration instanceof ICAL.Duration) {
    const until = dtstart + duration.toSeconds() * 1000;
    return start <= until && (end > dtstart || end >= until);
  }
  if (dtstart !== null && due !== null) {
    return (start < due || start <= dtstart) && (end > dtstart || end >= due);
  }
  if (dtstart !== null) return start <= dtstart && end > dtstart;
  if (due !== null) return start < due && end >= due;
  if (completed !== null && created !== null) {
    return (start <= created || start <= completed) && (end >= created || end >= completed);
  }
  if (completed !== null) return start <= completed && end >= completed;
  if (created !== null) return end > created;
  return true;
}
