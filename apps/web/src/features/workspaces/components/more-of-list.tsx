import { useEffect, useRef } from 'react';
import { Button } from '../../../ui/button.tsx';
import type { MoreOfList as More } from '../api/get-workspace-page.ts';
import styles from './more-of-list.module.css';

/** How far below the screen the next page is fetched, so scrolling rarely waits for it. */
const AHEAD = '600px';

/**
 * The end of a list that comes in pages (decision 029): the next page loads when this comes
 * near the screen, and the button does the same by click or keyboard (or where the browser has
 * no IntersectionObserver). Renders nothing once the list is whole.
 */
export function MoreOfList({
  more,
  label,
  scrollRoot = null,
}: {
  more: More;
  label: string;
  /** The element the list scrolls in when it is not the page (a modal's body). */
  scrollRoot?: Element | null;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const { hasMore, isError, isLoading, loadMore } = more;

  useEffect(() => {
    const element = ref.current;
    if (!element || !hasMore || isError || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore();
      },
      { root: scrollRoot, rootMargin: `0px 0px ${AHEAD} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, isError, loadMore, scrollRoot]);

  if (!hasMore) return null;
  return (
    <div ref={ref} className={styles.more}>
      {isError && (
        <p className={styles.error} role="alert">
          Could not load more. Try again?
        </p>
      )}
      <Button variant="ghost" isLoading={isLoading} onClick={loadMore}>
        {label}
      </Button>
    </div>
  );
}
