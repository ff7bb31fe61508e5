import ICAL from 'ical.js';
import { FEED_REFRESH } from '@hustle/shared/feeds';

/** One all-day entry: a planned day or a deadline, or an automation's runs when it recurs. */
export interface FeedEntry {
  /** Stable across reads and regenerated addresses, so calendar apps update rather than add. */
  uid: string;
  summary: string;
  description?: string;
  /** 'YYYY-MM-DD': the day, or the first run of a recurring entry. */
  day: string;
  /** An RRULE value, for automations. */
  rrule?: string;
  /** When the entry last changed (ISO instant): its DTSTAMP. */
  changedAt: string;
}

export interface FeedDocument {
  name: string;
  /** '#rrggbb', shown by apps that read RFC 7986 COLOR or Apple's property. */
  color?: string;
  entries: readonly FeedEntry[];
}

const dayAfter = (day: string) => {
  const date = ICAL.Time.fromDateString(day);
  date.adjust(1, 0, 0, 0);
  return date;
};

/** An empty iCalendar object of Hustle's (RFC 5545): the feeds' and the CalDAV server's. */
export function hustleCalendar(product: string): ICAL.Component {
  const calendar = new ICAL.Component(['vcalendar', [], []]);
  calendar.updatePropertyWithValue('version', '2.0');
  calendar.updatePropertyWithValue('prodid', `-//Hustle//${product}//EN`);
  calendar.updatePropertyWithValue('calscale', 'GREGORIAN');
  return calendar;
}

/** An all-day value ('YYYY-MM-DD'), as DTSTART and DUE of a day are written. */
export const dayValue = (day: string): ICAL.Time => ICAL.Time.fromDateString(day);

/** The feed as an iCalendar document (RFC 5545), every entry all-day and free time. */
export function toICalendar(feed: FeedDocument): string {
  const calendar = hustleCalendar('Calendar feed');
  calendar.updatePropertyWithValue('method', 'PUBLISH');
  calendar.updatePropertyWithValue('name', feed.name);
  calendar.updatePropertyWithValue('x-wr-calname', feed.name);
  calendar.updatePropertyWithValue('refresh-interval', ICAL.Duration.fromString(FEED_REFRESH));
  calendar.updatePropertyWithValue('x-published-ttl', FEED_REFRESH);
  if (feed.color) {
    calendar.updatePropertyWithValue('color', feed.color);
    calendar.updatePropertyWithValue('x-apple-calendar-color', feed.color);
  }
  for (const entry of feed.entries) {
    const event = new ICAL.Component('vevent');
    event.updatePropertyWithValue('uid', entry.uid);
    event.updatePropertyWithValue('dtstamp', ICAL.Time.fromJSDate(new Date(entry.changedAt), true));
    event.updatePropertyWithValue('dtstart', dayValue(entry.day));
    event.updatePropertyWithValue('dtend', dayAfter(entry.day));
    if (entry.rrule) event.updatePropertyWithValue('rrule', ICAL.Recur.fromString(entry.rrule));
    event.updatePropertyWithValue('summary', entry.summary);
    if (entry.description) event.updatePropertyWithValue('description', entry.description);
    event.updatePropertyWithValue('transp', 'TRANSPARENT');
    calendar.addSubcomponent(event);
  }
  return `${calendar.toString()}\r\n`;
}
