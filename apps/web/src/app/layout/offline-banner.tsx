import { useIsOnline } from '../../api/use-is-online.ts';
import styles from './offline-banner.module.css';

/** Shown while the browser has no network: the app keeps working (issue 15). */
export function OfflineBanner() {
  const isOnline = useIsOnline();
  if (isOnline) return null;
  return (
    <div className={styles.banner} role="status">
      You’re offline. Changes stay on this device and are sent when you’re back.
    </div>
  );
}
