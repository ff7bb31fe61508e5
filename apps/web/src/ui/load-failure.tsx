import { errorMessage } from '../api/api-error.ts';
import { Button } from './button.tsx';
import styles from './load-failure.module.css';

/** A list that could not be read: what went wrong, in the server's words, and a way to retry. */
export function LoadFailure({
  what,
  error,
  onRetry,
}: {
  /** What failed, as a sentence, when the server's words need it ("Could not load …"). */
  what?: string;
  error: unknown;
  onRetry: () => void;
}) {
  return (
    <div className={styles.failure} role="alert">
      <p>{what ? `${what} ${errorMessage(error)}` : errorMessage(error)}</p>
      <Button onClick={onRetry}>Try again</Button>
    </div>
  );
}
