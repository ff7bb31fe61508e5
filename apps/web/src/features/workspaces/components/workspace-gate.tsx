import type { QueryStatus } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../api/api-error.ts';
import { Loader } from '../../../ui/loader.tsx';
import styles from './workspace-gate.module.css';

type WorkspaceGateProps = { status: QueryStatus; error: Error | null; children: ReactNode };

/** spec §2 workspace loading: a loader, the Polish failure text, or the workspace itself. */
export function WorkspaceGate({ status, error, children }: WorkspaceGateProps) {
  switch (status) {
    case 'pending':
      return <Loader />;
    case 'error':
      return (
        <p className={styles.error} role="alert">
          {'Nieznany błąd aplikacji: '}
          {errorMessage(error)}
        </p>
      );
    case 'success':
      return children;
    default:
      // spec §8: an unknown workspace status shows just the word 'error'.
      return (
        <p className={styles.error} role="alert">
          error
        </p>
      );
  }
}
