import { z } from 'zod';
import { IdSchema } from './ids.ts';

/**
 * Calendar feeds (issue 32): a secret iCalendar address per account and per project, holding
 * planned days and deadlines as all-day entries and automations as recurring ones. Whoever has
 * the address reads the feed, so it can be regenerated: the old one then stops.
 */
export const CalendarFeedSchema = z.object({
  /** Null: the account's feed, everything the user plans and every deadline they see. */
  projectId: z.string().nullable(),
  /** The secret address, for a calendar app's "subscribe by URL". */
  url: z.string(),
  createdAt: z.string(),
});
export type CalendarFeed = z.infer<typeof CalendarFeedSchema>;

export const CalendarFeedsResponseSchema = z.object({ feeds: z.array(CalendarFeedSchema) });

export const CalendarFeedBodySchema = z.object({ projectId: IdSchema.nullable() }).strict();

/** Entries of each kind a feed holds at most, the nearest first: a calendar app's fair share. */
export const FEED_MAX_ENTRIES = 2000;

/** How often calendar apps are asked to read the feed again (RFC 7986 REFRESH-INTERVAL). */
export const FEED_REFRESH = 'PT1H';

/** The feed's address segment: its id, the server's signature of it, and `.ics` for calendar apps. */
export const FEED_FILE_PATTERN = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})\.ics$/;

/** Any file name is taken: one that is not a feed's is answered 404, like a revoked one. */
export const CalendarFeedParamsSchema = z.object({ file: z.string().max(200) });

/** An iCalendar document (RFC 5545). */
export const CalendarDocumentSchema = z.string().meta({ description: 'An iCalendar document' });
