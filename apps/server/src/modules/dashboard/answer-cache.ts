/**
 * The serialized workspace answers this server instance built last, one per workspace and
 * viewer, each under the entity tag it was built for (issue 12). The tag holds the workspace
 * version, which the database keeps and every visible change bumps, whichever instance made
 * it, and the plan's access: an answer found under the tag read now is the answer a rebuild
 * would make, so it is correct across instances without any message between them. Bounded by
 * bytes; the least recently read go first.
 */
export function createAnswerCache(maxBytes: number) {
  const entries = new Map<string, { tag: string; body: string }>();
  let bytes = 0;

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.body.length;
  };

  return {
    /** The answer built for this tag, if it is the one kept. */
    get(key: string, tag: string): string | undefined {
      const entry = entries.get(key);
      if (!entry || entry.tag !== tag) return undefined;
      entries.delete(key);
      entries.set(key, entry);
      return entry.body;
    },

    /** Keeps an answer in place of the workspace's older one. */
    set(key: string, tag: string, body: string): void {
      drop(key);
      if (body.length > maxBytes) return;
      entries.set(key, { tag, body });
      bytes += body.length;
      for (const oldest of entries.keys()) {
        if (bytes <= maxBytes) break;
        drop(oldest);
      }
    },

    get size() {
      return entries.size;
    },
  };
}
