/**
 * Values that change whenever a database may have changed: taken before a read and compared
 * later, they tell whether the rows read then are still the rows there now. Only SQLite has them
 * (`withStatementCache`): its one connection in this process runs every write the process
 * makes, and `PRAGMA data_version` moves with every other connection's commit. PostgreSQL is
 * shared by several instances whose commits this one does not see, so it has none.
 */
export interface ChangeMarker {
  /** Writes this process has started: free to read. */
  localWrites(): number;
  /**
   * Moves with other connections' commits. Read once per turn of the event loop (a statement),
   * so another connection's commit shows from the next turn on (decision 042).
   */
  dataVersion(): number;
}

/**
 * PostgreSQL's counterpart for reads kept across instances (decision 052): a value that moves
 * with every change to the kept rows' tables, whichever instance made it, as a feed of
 * notifications tells; undefined while the feed cannot tell (its connection is down).
 */
export interface FeedMarker {
  generation(): number | undefined;
}

const feedMarkers = new WeakMap<object, FeedMarker>();

export function registerFeedMarker(db: object, marker: FeedMarker): void {
  feedMarkers.set(db, marker);
}

/** The feed marker of a PostgreSQL pool, or undefined (SQLite, a transaction's connection). */
export function feedMarkerOf(db: object): FeedMarker | undefined {
  return feedMarkers.get(db);
}

// Keyed by the Kysely instance (database.ts registers it), typed loosely so this module does
// not import the one that imports it.
const markers = new WeakMap<object, ChangeMarker>();

export function registerChangeMarker(db: object, marker: ChangeMarker): void {
  markers.set(db, marker);
}

/**
 * The marker of a database opened with one, or undefined: for PostgreSQL, and for a
 * transaction, whose reads may see its own writes that are not committed yet.
 */
export function changeMarkerOf(db: object): ChangeMarker | undefined {
  return markers.get(db);
}
