/**
 * Code that runs inside the page, not in Node: Playwright serialises these functions into the
 * browser, so each is self-contained (no imports, no outer variables). The page is watched
 * from outside through performance marks; the app sets one itself, when it starts rendering.
 *
 * "Painted" is the first moment after the frame that shows a change: a task posted from a
 * requestAnimationFrame callback runs once that frame's style, layout and paint are done (the
 * main thread's part; compositing on the GPU process is not counted). It is up to a frame
 * sooner than a second requestAnimationFrame, which waits for the next frame to begin.
 */

/**
 * The bench runs under tsx, whose transpiler wraps named inner functions in a `__name(…)`
 * helper that exists only in Node; the serialised functions call it in the page too.
 */
export const TRANSPILER_HELPER = 'globalThis.__name = (target) => target;';

/** Which items make a screen shown, and how many of them it can hold at most. */
export interface RenderWatch {
  /**
   * Names the marks: `<name>:in-dom` and `<name>:painted` (the bench reads the second; both
   * show in a DevTools trace of the page, splitting React's work from the frame's).
   */
  name: string;
  itemSelector: string;
  /**
   * Every item the screen can show. A list that holds fewer counts as shown once its items
   * reach the bottom of the viewport, so a virtualised list (which mounts only what the
   * viewport can show) and a whole one are judged alike.
   */
  allItems: number;
}

export interface PageWatch {
  render: RenderWatch;
  /** Names the marks of a check: `<check>:pointerdown`, `<check>:in-dom`, `<check>:painted`. */
  check: string;
}

// The few browser shapes used here: the server's TypeScript setup has no DOM library, and
// adding it would let server code use `window` unnoticed.
interface PageElement {
  closest(selector: string): PageElement | null;
  getAttribute(name: string): string | null;
  getBoundingClientRect(): { bottom: number };
  textContent: string | null;
}
interface PageEvent {
  target: PageElement | null;
  timeStamp: number;
}
interface PageMutation {
  target: unknown;
}
interface PageObserver {
  observe(target: unknown, options: Record<string, unknown>): void;
  disconnect(): void;
}
interface PageWindow {
  document: {
    querySelectorAll(selector: string): ArrayLike<PageElement>;
    addEventListener(type: string, listener: (event: PageEvent) => void, capture: boolean): void;
  };
  innerHeight: number;
  MutationObserver: new (callback: (mutations: PageMutation[]) => void) => PageObserver;
  MessageChannel: new () => {
    port1: { onmessage: (() => void) | null; close(): void };
    port2: { postMessage(message: null): void };
  };
  requestAnimationFrame(callback: () => void): number;
  requestIdleCallback(callback: () => void, options: { timeout: number }): number;
}

interface PageStorage {
  location: { protocol: string };
  localStorage: { setItem(key: string, value: string): void };
}

interface ResourceTiming {
  name: string;
  responseEnd: number;
}

/** Init script: signed in the way the app keeps a session, its token in localStorage (spec §3). */
export function keepToken(token: string): void {
  const page = globalThis as unknown as PageStorage;
  // A new tab's about:blank has no storage of its own.
  if (page.location.protocol === 'http:') page.localStorage.setItem('hustleToken', token);
}

/** Init script: sets the render marks and the check marks as the page changes. */
export function watchPage({ render: watch, check }: PageWatch): void {
  const page = globalThis as unknown as PageWindow;
  if (!page.document) return;
  const markAfterPaint = (name: string) =>
    page.requestAnimationFrame(() => {
      const channel = new page.MessageChannel();
      channel.port1.onmessage = () => {
        performance.mark(name);
        channel.port1.close();
      };
      channel.port2.postMessage(null);
    });

  const isShown = () => {
    const items = page.document.querySelectorAll(watch.itemSelector);
    const last = items[items.length - 1];
    if (!last) return false;
    const statuses = Array.from(page.document.querySelectorAll('[role="status"]'));
    if (statuses.some((status) => status.textContent?.startsWith('Loading'))) return false;
    return (
      items.length >= watch.allItems || last.getBoundingClientRect().bottom >= page.innerHeight
    );
  };
  const renders = new page.MutationObserver(() => {
    if (!isShown()) return;
    renders.disconnect();
    performance.mark(`${watch.name}:in-dom`);
    markAfterPaint(`${watch.name}:painted`);
  });
  renders.observe(page.document, { childList: true, subtree: true });

  let pressed: PageElement | null = null;
  page.document.addEventListener(
    'pointerdown',
    (event) => {
      const box = event.target?.closest('[role="checkbox"]') ?? null;
      if (!box || box.getAttribute('aria-checked') === 'true') return;
      pressed = box;
      performance.mark(`${check}:pointerdown`, { startTime: event.timeStamp });
    },
    true,
  );
  const checks = new page.MutationObserver((mutations) => {
    const box = pressed;
    if (!box || box.getAttribute('aria-checked') !== 'true') return;
    if (!mutations.some((mutation) => mutation.target === box)) return;
    pressed = null;
    performance.mark(`${check}:in-dom`);
    markAfterPaint(`${check}:painted`);
  });
  checks.observe(page.document, {
    attributes: true,
    attributeFilter: ['aria-checked'],
    subtree: true,
  });
}

/**
 * Resolves true once the named mark is set, false after `timeoutMs`. An observer rather than
 * Playwright's polling, which would run a requestAnimationFrame loop in the page it measures.
 */
export function markSet({
  name,
  timeoutMs,
}: {
  name: string;
  timeoutMs: number;
}): Promise<boolean> {
  return new Promise((resolve) => {
    if (performance.getEntriesByName(name).length > 0) return resolve(true);
    const timer = setTimeout(() => {
      observer.disconnect();
      resolve(false);
    }, timeoutMs);
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName(name).length === 0) return;
      clearTimeout(timer);
      observer.disconnect();
      resolve(true);
    });
    observer.observe({ type: 'mark' });
  });
}

/**
 * The render's marks against the workspace answer: the last read of `workspacePath` that had
 * fully arrived before the screen was painted (a later re-read does not count), and the app's
 * own mark (`appRenderMark`) that its scripts have run and it starts rendering.
 */
export function renderTimings({
  name,
  workspacePath,
  appRenderMark,
}: {
  name: string;
  workspacePath: string;
  appRenderMark: string;
}) {
  const at = (mark: string) => performance.getEntriesByName(mark)[0]?.startTime ?? null;
  const painted = at(`${name}:painted`);
  const appRender = at(appRenderMark);
  const reads = (performance.getEntriesByType('resource') as unknown as ResourceTiming[]).filter(
    (entry) =>
      new URL(entry.name).pathname === workspacePath &&
      painted !== null &&
      entry.responseEnd <= painted,
  );
  const responseEnd = reads.at(-1)?.responseEnd ?? null;
  return { responseEnd, appRender, painted };
}

/** The marks of a check: pressing the box, and its checked state painted. */
export function checkTimings(check: string) {
  const at = (mark: string) => performance.getEntriesByName(mark)[0]?.startTime ?? null;
  return {
    pointerdown: at(`${check}:pointerdown`),
    painted: at(`${check}:painted`),
  };
}

/** Resolves when the page has an idle moment (or after `timeoutMs`), as a person would wait. */
export function idle(timeoutMs: number): Promise<void> {
  const page = globalThis as unknown as PageWindow;
  return new Promise((resolve) =>
    page.requestIdleCallback(() => resolve(), { timeout: timeoutMs }),
  );
}
