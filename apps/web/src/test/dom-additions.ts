/** A node put into an element that was already in the page, and that element. */
export type Addition = { into: Node; node: Node };

/**
 * What `run` added to elements already in the page, in order. React builds a new subtree before
 * it attaches it, so what a component's first commit renders shows here only as that subtree's
 * root; nodes added later, by a second pass, show one by one under their parent.
 */
export function additionsDuring(run: () => void): Addition[] {
  const observer = new MutationObserver(() => {});
  observer.observe(document.body, { childList: true, subtree: true });
  try {
    run();
    return observer
      .takeRecords()
      .flatMap((record) => [...record.addedNodes].map((node) => ({ into: record.target, node })));
  } finally {
    observer.disconnect();
  }
}
