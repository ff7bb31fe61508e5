import { useLogout } from '../features/auth/api/logout.ts';
import { Button } from '../ui/button.tsx';
import { Logo } from '../ui/logo.tsx';
import styles from './startup-error.module.css';

type StartupErrorProps = { message: string; onRetry: () => void };

/** spec §8: a startup error shows 'App error: ' plus the error, with a Logout button. */
export function StartupError({ message, onRetry }: StartupErrorProps) {
  const logout = useLogout();
  return (
    <main className={styles.screen}>
      <Logo size={40} />
      <p className={styles.message} role="alert">
        {'App error: '}
        {message}
      </p>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
        <Button variant="primary" onClick={() => void logout()}>
          Logout
        </Button>
      </div>
    </main>
  );
}
