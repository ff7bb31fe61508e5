/**
 * Whether a statement is the session lookup. On PostgreSQL it is kept per process and read again
 * whenever a session changes anywhere on the database (decision 052), other test files' sign-ins
 * included, as the sessions feed's channel is the database's: tests counting a request's
 * statements there count it apart, at most one per request.
 */
export const isSessionLookup = (sql: string): boolean =>
  /from "sessions".*"token_hash" =/s.test(sql);
