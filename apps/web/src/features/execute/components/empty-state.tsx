import emptyState from '../../../ui/empty-state.module.css';
import { ArrowUpIcon } from '../../../ui/icons.tsx';
import styles from './empty-state.module.css';

/** spec §2 Execute empty state (no planned and no completed tasks); the texts are the spec's. */
export function EmptyState() {
  return (
    <section className={emptyState.card} aria-labelledby="execute-empty-title">
      <div className={styles.mark} aria-hidden="true">
        <svg viewBox="0 0 48 48" width="48" height="48" focusable="false">
          <circle cx="24" cy="24" r="21" />
          <path d="m15 24.5 6 6 12-13" />
        </svg>
      </div>
      <h2 id="execute-empty-title" className={emptyState.title}>
        Ready to execute!
      </h2>
      <p className={emptyState.text}>
        No planned tasks yet. Time to relax! Add tasks from your planning workspace or use Quick Add
        above.
      </p>
      <p className={styles.hint}>
        <ArrowUpIcon />
        Use Quick Add above to get started
      </p>
    </section>
  );
}
