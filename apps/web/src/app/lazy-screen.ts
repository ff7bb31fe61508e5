import { createElement, lazy, useState, type ComponentType } from 'react';

/** spec §9: loading a screen's script gives up after 120 seconds. */
export const CHUNK_TIMEOUT_MS = 120_000;

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(
          new Error('Loading this screen took too long. Check your connection and try again.'),
        ),
      ms,
    );
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * A screen whose script loads apart from the app's first script (decision 016). `preload`
 * starts the download early, e.g. while the session is fetched, and rendering then waits for
 * that same download instead of starting another. A screen whose script is already at hand
 * renders at once, without suspending: React holds a suspended screen back for at least 300 ms
 * once its fallback shows, which a start from the browser's copy (decision 028) cannot afford.
 */
export function lazyScreen<Props extends object = object>(
  load: () => Promise<ComponentType<Props>>,
) {
  let loading: Promise<ComponentType<Props>> | undefined;
  let loaded: ComponentType<Props> | undefined;
  const loadOnce = () =>
    (loading ??= withTimeout(load(), CHUNK_TIMEOUT_MS).then((component) => (loaded = component)));
  const Lazy = lazy(async () => ({ default: await loadOnce() }));
  function Screen(props: Props) {
    // Chosen once per mount: switching from one to the other would mount the screen anew.
    const [Component] = useState(() => loaded ?? Lazy);
    return createElement(Component as ComponentType<Props>, props);
  }
  return Object.assign(Screen, {
    /** Starts the download; resolves once it ended, loaded or not. */
    preload: (): Promise<void> =>
      // A failed download shows when the screen renders (its error boundary), not here.
      loadOnce().then(
        () => undefined,
        () => undefined,
      ),
  });
}
