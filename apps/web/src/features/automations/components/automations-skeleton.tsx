import styles from '../automations.module.css';

/** spec §2: skeleton placeholders while the automations load. */
export function AutomationsSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div className={styles.list} role="status" aria-busy="true">
      <span className="visually-hidden">Loading automations…</span>
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className={styles.row} aria-hidden="true">
          <span className={`${styles.skeleton} ${styles.skeletonIcon}`} />
          <span className={styles.rowText}>
            <span className={`${styles.skeleton} ${styles.skeletonLine}`} />
            <span className={`${styles.skeleton} ${styles.skeletonShort}`} />
          </span>
        </div>
      ))}
    </div>
  );
}
