/**
 * The serialized workspace answers this server instance built last, one per workspace and
 * viewer, each under the entity tag it was built for (issue 12). The tag holds the workspace
 * version, which the database keeps and every visible change bumps, whichever instance made
 * it, and the plan's access: an answer found under the tag read now is the answer a rebuild
 * would make, so it is correct across instances without any message between them. Beside the
 * text it keeps the answer compressed in each coding a client asked for, so a version is
 * compressed once rather than on every read (decision 036). Bounded by bytes, compressed copies
 * included; the least recently read go first.
 */
export function createAnswerCache<Coding extends string>(
  maxBytes: number,
  encode: (body: string, coding: Coding) => Buffer,
) {
  type Entry = { tag: string; body: string; encoded: Map<Coding, Buffer> };
  const entries = new Map<string, Entry>();
  let bytes = 0;

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.body.length;
    for (const copy of entry.encoded.values()) bytes -= copy.length;
  };

  const evictOverflow = () => {
    for (const oldest of entries.keys()) {
      if (bytes <= maxBytes) break;
      drop(oldest);
    }
  };

  /** The entry kept for this tag, marked as the most recently read. */
  const read = (key: string, tag: string): Entry | undefined => {
    const entry = entries.get(key);
    if (!entry || entry.tag !== tag) return undefined;
    entries.delete(key);
    entries.set(key, entry);
    return entry;
  };

  return {
    /** The answer built for this tag, if it is the one kept. */
    get(key: string, tag: string): string | undefined {
      return read(key, tag)?.body;
    },

    /** The kept answer in one coding, compressed on its first request; none if not kept. */
    getEncoded(key: string, tag: string, coding: Coding): Buffer | undefined {
      const entry = read(key, tag);
      if (!entry) return undefined;
      let copy = entry.encoded.get(coding);
      if (!copy) {
        copy = encode(entry.body, coding);
        entry.encoded.set(coding, copy);
        bytes += copy.length;
        // The entry just read is the newest, so it goes last, if at all.
        evictOverflow();
      }
      return copy;
    },

    /** Keeps an answer in place of the workspace's older one. */
    set(key: string, tag: string, body: string): void {
      drop(key);
      if (body.length > maxBytes) return;
      entries.set(key, { tag, body, encoded: new Map() });
      bytes += body.length;
      evictOverflow();
    },

    get size() {
      return entries.size;
    },
  };
}
