import { useDeferredValue } from 'react';

/**
 * The rows a windowed list renders beyond the window's edges: none in the render that mounts
 * it, so its first paint costs only what is on screen, then `rows` in a transition right after
 * (decision 038). The rows that must stay rendered (kept-rows.ts) are there either way.
 */
export function useOverscan(rows: number): number {
  return useDeferredValue(rows, 0);
}
