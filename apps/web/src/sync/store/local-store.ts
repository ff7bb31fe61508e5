import {
  clear,
  createStore,
  del,
  delMany,
  get,
  keys,
  promisifyRequest,
  set,
  type UseStore,
} from 'idb-keyval';

let store: UseStore | undefined;
// Opened on first use: a browser without IndexedDB fails the calls, and callers go on without.
const database = () => (store ??= createStore('hustle', 'signed-in'));

/**
 * What the browser keeps of the signed-in user in IndexedDB (decision 028): the answers the
 * screens read and the outbox of commands not yet sent. Logging out erases all of it.
 */
export const readLocal = async <T>(key: string): Promise<T | undefined> => get<T>(key, database());

export const writeLocal = async (key: string, value: unknown): Promise<void> =>
  set(key, value, database());

export const deleteLocal = async (key: string): Promise<void> => del(key, database());

/** The values whose keys start with `prefix`, in key order. */
export const readLocalRange = async <T>(prefix: string): Promise<T[]> =>
  database()('readonly', (objects) =>
    promisifyRequest(
      objects.getAll(IDBKeyRange.bound(prefix, `${prefix}\uffff`)) as IDBRequest<T[]>,
    ),
  );

export const eraseLocal = async (): Promise<void> => clear(database());

/** Erases everything but the values whose keys start with `prefix`. */
export async function eraseLocalExcept(prefix: string): Promise<void> {
  const all = await keys(database());
  await delMany(
    all.filter((key) => !String(key).startsWith(prefix)),
    database(),
  );
}
