import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * Calls `onResize` when the container, the page's body (whatever sits above the container) or
 * one of its items — direct children carrying `keyAttribute` — changes size. Items that leave
 * the page are let go, or the observer would keep them alive.
 */
export function useItemResizes(
  containerRef: RefObject<HTMLElement | null>,
  keyAttribute: string,
  onResize: () => void,
) {
  const onResizeRef = useRef(onResize);
  useLayoutEffect(() => {
    onResizeRef.current = onResize;
  });

  const observer = useRef<ResizeObserver | null>(null);
  const observed = useRef(new Set<Element>());
  useLayoutEffect(() => {
    const container = containerRef.current;
    if (!container || typeof ResizeObserver === 'undefined') return;
    const resizes = new ResizeObserver(() => onResizeRef.current());
    resizes.observe(container);
    resizes.observe(document.body);
    observer.current = resizes;
    const items = observed.current;
    return () => {
      resizes.disconnect();
      observer.current = null;
      items.clear();
    };
  }, [containerRef]);

  // After each render: the items rendered since, and those gone.
  useLayoutEffect(() => {
    const resizes = observer.current;
    const container = containerRef.current;
    if (!resizes || !container) return;
    for (const element of observed.current) {
      if (element.parentElement !== container) {
        resizes.unobserve(element);
        observed.current.delete(element);
      }
    }
    for (const element of container.querySelectorAll(`:scope > [${keyAttribute}]`)) {
      if (observed.current.has(element)) continue;
      resizes.observe(element);
      observed.current.add(element);
    }
  });
}
