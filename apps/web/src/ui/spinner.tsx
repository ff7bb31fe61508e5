import styles from './spinner.module.css';

/** Decorative: the surrounding element carries the status text for assistive tech. */
export function Spinner() {
  return <span className={styles.spinner} aria-hidden="true" />;
}
