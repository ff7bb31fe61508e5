import { lazy, type ComponentType } from 'react';

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

/** A screen loaded on first visit, so the first paint carries only Plan and Execute. */
export function lazyScreen(load: () => Promise<ComponentType>) {
  return lazy(async () => ({ default: await withTimeout(load(), CHUNK_TIMEOUT_MS) }));
}
