import styles from './loader.module.css';
import { Spinner } from './spinner.tsx';

/** A loading state for a content area; LoadingScreen covers the whole page. */
export function Loader({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className={styles.loader} role="status">
      <Spinner />
      {label}
    </div>
  );
}
