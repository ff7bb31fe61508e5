import { useEffect, useRef } from 'react';
import { Button } from './button.tsx';
import styles from './more-of-list.module.css';

/** A list that comes in pages, as far as its end needs to know it. */
export interface RestOfList {
  /** The copy does not hold the whole list yet. */
  hasMore: boolean;
  isLoading: boolean;
  isError: boolean;
  /** Fetches the next page into the copy; a second call while one runs waits on it. */
  loadMore: () => void;
}

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
  more: RestOfList;
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
