import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';

const tags = ['events'];

/**
 * A ticket is `<session id>.<expiry>.<ticket id>.<signature>` (`issueEventTicket`); the signature
 * decides, and it opens one stream (decision 044).
 */
const EventTicketParamSchema = z
  .string()
  .max(300)
  .regex(/^[\w.-]+$/, 'Not a valid event ticket.');
const EventTicketSchema = z.object({ ticket: z.string(), expiresAt: z.string() });
/** The data of each `version` event on the stream. */
export const VersionEventSchema = z.object({ workspaceId: z.string(), version: z.number() });

/**
 * Live updates beyond the spec (decision 007): a Server-Sent Events stream of the caller's
 * workspace version. EventSource cannot send headers, so the stream takes a short-lived ticket,
 * good for one stream: a reconnect asks for a new one.
 */
export const eventsApi = defineEndpoints({
  createEventTicket: {
    method: 'POST',
    path: '/api/v1/events/ticket',
    summary: 'A ticket for opening one event stream (valid 60 s, once)',
    tags,
    auth: 'session',
    changesNoReads: true,
    responses: { 200: EventTicketSchema },
  },
  streamEvents: {
    method: 'GET',
    path: '/api/v1/events',
    summary: 'Server-Sent Events: `version` whenever the workspace changes',
    tags,
    auth: 'ticket',
    query: z.object({ ticket: EventTicketParamSchema.optional() }).strict(),
    responses: {
      200: z.string().meta({ description: '`event: version` with data {workspaceId, version}' }),
    },
    errors: ['NOT_FOUND'],
    produces: ['text/event-stream'],
  },
});
