import type { UseQueryResult } from '@tanstack/react-query';
import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { errorMessage } from '../api/api-error.ts';
import { firstScreenShown } from './after-first-screen.ts';
import { Button } from './button.tsx';
import { Loader } from './loader.tsx';
import styles from './workspace-gate.module.css';

type WorkspaceQuery = Pick<
  UseQueryResult,
  'status' | 'error' | 'failureCount' | 'refetch' | 'isRefetchError'
>;

type WorkspaceGateProps = {
  query: WorkspaceQuery;
  /** Whether the screen shows its workspace yet (`useWorkspaceShown`); as soon as it loaded if not given. */
  isShown?: boolean;
  children: ReactNode;
};

/**
 * Whether a screen shows the workspace it loaded yet. One that arrives while the screen shows
 * its loader is shown by a transition: React renders the screen in slices with the browser free
 * in between, instead of in one task of a tenth of a second or more on a phone during which a
 * tap would wait (issue 12: Lighthouse's blocking time). A screen that uses the workspace outside
 * its gate (a header's counts) waits for the same answer, so all of it changes in one frame. A
 * workspace at hand when the screen mounts shows at once, as every later change does.
 */
export function useWorkspaceShown(query: Pick<WorkspaceQuery, 'status'>): boolean {
  const isLoaded = query.status === 'success';
  const [isShown, setShown] = useState(isLoaded);
  useEffect(() => {
    if (isLoaded && !isShown) startTransition(() => setShown(true));
  }, [isLoaded, isShown]);
  return isShown;
}

/**
 * spec §2 workspace loading: a loader, the Polish failure text, or the workspace itself. A load
 * that failed and is being tried again says so, rather than spinning on in silence, and a final
 * failure can be tried again from here.
 */
export function WorkspaceGate({
  query,
  isShown = query.status === 'success',
  children,
}: WorkspaceGateProps) {
  const isSettled = query.status === 'success' ? isShown : query.status !== 'pending';
  // After the commit that shows the workspace (or its error): what waits for the first screen,
  // such as the other screen's script, starts only now (decision 038).
  useEffect(() => {
    if (isSettled) firstScreenShown();
  }, [isSettled]);
  // A copy at hand stays on screen when reading it again fails (offline, decision 028).
  if (query.isRefetchError) return children;
  switch (query.status) {
    case 'pending':
      return (
        <Loader
          isScreen
          label={
            query.failureCount > 0 ? 'Could not load your workspace yet. Trying again…' : undefined
          }
        />
      );
    case 'error':
      return (
        <div className={styles.failed}>
          <p className={styles.error} role="alert">
            {'Nieznany błąd aplikacji: '}
            {errorMessage(query.error)}
          </p>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      );
    case 'success':
      return isShown ? children : <Loader isScreen />;
    default:
      // spec §8: an unknown workspace status shows just the word 'error'.
      return (
        <div className={styles.failed}>
          <p className={styles.error} role="alert">
            error
          </p>
        </div>
      );
  }
}
