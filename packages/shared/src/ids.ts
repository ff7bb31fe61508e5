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

/** Secrets the server hands out (invite, sign-in link and checkout tokens) are base64url. */
export const SecretTokenSchema = z
  .string()
  .max(200, 'Not a valid token.')
  .regex(/^[A-Za-z0-9_-]+$/, 'Not a valid token.');
