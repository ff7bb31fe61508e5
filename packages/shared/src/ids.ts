import { z } from 'zod';

/**
 * The one id format the server makes: a UUID in lower case, as `newId` writes them (ARCHITECTURE
 * §7 lets clients make them too). Anything else cannot name a row, so it never reaches a query.
 */
export const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const IdSchema = z.string().regex(ID_PATTERN, 'No such id.');

/**
 * Whether a validation issue is only an id of the wrong form. An id that cannot exist is
 * answered like one that is not the caller's, 404 (ARCHITECTURE §4: never reveal whose it is).
 */
export function isMalformedIdIssue(issue: unknown): boolean {
  if (typeof issue !== 'object' || issue === null) return false;
  return (
    'format' in issue &&
    issue.format === 'regex' &&
    'pattern' in issue &&
    issue.pattern === String(ID_PATTERN)
  );
}

/**
 * An id a client makes for a new task or project (ARCHITECTURE §7): a lower-case UUID with its
 * version and variant bits. Unlike an id in a path, a malformed one is bad input (400), not an
 * unknown row: the client itself made it.
 */
export const ClientIdSchema = z
  .string()
  .regex(
    /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    'A new id must be a UUID in lower case.',
  );

/** Secrets the server hands out (invite, sign-in link and checkout tokens) are base64url. */
export const SecretTokenSchema = z
  .string()
  .max(200, 'Not a valid token.')
  .regex(/^[A-Za-z0-9_-]+$/, 'Not a valid token.');
