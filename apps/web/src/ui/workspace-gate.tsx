import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { errorMessage } from '../api/api-error.ts';
import { firstScreenShown } from './after-first-screen.ts';
import { Button } from './button.tsx';
import { Loader } from './loader.tsx';
import styles from './workspace-gate.module.css';

type WorkspaceQuery = Pick<
  UseQueryResult,
  'status' | 'error' | 'failureCount' | 'refetch' | 'isRefetchError'
>;

type WorkspaceGateProps = { query: WorkspaceQuery; children: ReactNode };

/**
 * spec §2 workspace loading: a loader, the Polish failure text, or the workspace itself. A load
 * that failed and is being tried again says so, rather than spinning on in silence, and a final
 * failure can be tried again from here.
 */
export function WorkspaceGate({ query, children }: WorkspaceGateProps) {
  const isSettled = query.status !== 'pending';
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
      return children;
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
