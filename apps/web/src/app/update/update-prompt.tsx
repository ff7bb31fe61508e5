import { Button } from '../../ui/button.tsx';
import { useAppUpdate } from './app-update.ts';
import styles from './update-prompt.module.css';

/** A calm note when a new version is ready: it never reloads by itself (issue 15). */
export function UpdatePrompt() {
  const { isAvailable, apply, dismiss } = useAppUpdate();
  if (!isAvailable) return null;
  return (
    <div className={styles.prompt} role="status">
      <span className={styles.message}>Update available</span>
      <Button variant="ghost" onClick={dismiss}>
        Later
      </Button>
      <Button variant="primary" onClick={apply}>
        Reload
      </Button>
    </div>
  );
}
