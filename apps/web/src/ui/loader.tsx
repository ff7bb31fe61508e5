import styles from './loader.module.css';
import { Spinner } from './spinner.tsx';

type LoaderProps = {
  label?: string;
  /**
   * A whole screen is loading: the loader keeps a window's height, so what follows the screen
   * (the footer) waits below the fold rather than being pushed down when it arrives.
   */
  isScreen?: boolean;
};

/** A loading state for a content area; LoadingScreen covers the whole page. */
export function Loader({ label = 'Loading…', isScreen = false }: LoaderProps) {
  return (
    <div className={isScreen ? `${styles.loader} ${styles.screen}` : styles.loader} role="status">
      <Spinner />
      {label}
    </div>
  );
}
