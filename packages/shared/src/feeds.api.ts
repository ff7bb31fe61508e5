import { defineEndpoints } from './endpoint.ts';
import {
  CalendarDocumentSchema,
  CalendarFeedBodySchema,
  CalendarFeedParamsSchema,
  CalendarFeedSchema,
  CalendarFeedsResponseSchema,
} from './feeds.ts';

const tags = ['calendar feeds'];

/** Calendar feeds (issue 32): secret iCalendar addresses per account and per project. */
export const feedsApi = defineEndpoints({
  listCalendarFeeds: {
    method: 'GET',
    path: '/api/v1/calendar-feeds',
    summary: "The account's calendar feeds made so far, with their secret addresses",
    tags,
    auth: 'session',
    responses: { 200: CalendarFeedsResponseSchema },
  },
  openCalendarFeed: {
    method: 'POST',
    path: '/api/v1/calendar-feeds',
    summary: "The account's or a project's calendar feed, made on first use",
    description: 'Asking again answers the same address. A project you cannot see is 404.',
    tags,
    auth: 'session',
    body: CalendarFeedBodySchema,
    responses: { 200: CalendarFeedSchema },
    errors: ['NOT_FOUND'],
  },
  regenerateCalendarFeed: {
    method: 'POST',
    path: '/api/v1/calendar-feeds/regenerate',
    summary: 'A new secret address for a calendar feed; the old one stops at once',
    tags,
    auth: 'session',
    body: CalendarFeedBodySchema,
    responses: { 200: CalendarFeedSchema },
    errors: ['NOT_FOUND'],
  },
  getCalendarFeed: {
    method: 'GET',
    path: '/api/v1/calendar-feeds/:file',
    summary: 'The feed itself, for calendar apps: the secret address is the credential',
    description:
      'Planned days and deadlines of open tasks as all-day events, automations as recurring ' +
      'ones (RRULE), with stable UIDs. A regenerated, unknown or malformed address is 404.',
    tags,
    auth: 'none',
    params: CalendarFeedParamsSchema,
    responses: { 200: CalendarDocumentSchema },
    produces: ['text/calendar'],
    errors: ['NOT_FOUND'],
  },
});
