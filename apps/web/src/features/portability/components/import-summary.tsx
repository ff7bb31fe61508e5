import type { ImportCounts, Skipped } from '@hustle/shared/portability';
import styles from './import-data-modal.module.css';

const NOUNS: Record<keyof ImportCounts, [string, string]> = {
  projects: ['project', 'projects'],
  tasks: ['task', 'tasks'],
  automations: ['automation', 'automations'],
};

export const countOf = (count: number, kind: keyof ImportCounts) =>
  `${count} ${NOUNS[kind][count === 1 ? 0 : 1]}`;

/** "3 projects, 40 tasks and 1 automation": the kinds there are any of. */
export function countsSentence(counts: ImportCounts): string {
  const parts = (Object.keys(NOUNS) as (keyof ImportCounts)[])
    .filter((kind) => counts[kind] > 0)
    .map((kind) => countOf(counts[kind], kind));
  if (parts.length <= 1) return parts[0] ?? 'nothing';
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

export function CountsList({ counts, label }: { counts: ImportCounts; label: string }) {
  return (
    <ul className={styles.counts} aria-label={label}>
      {(Object.keys(NOUNS) as (keyof ImportCounts)[]).map((kind) => (
        <li key={kind} className={styles.count}>
          <span className={styles.countNumber}>{counts[kind]}</span>
          <span className={styles.countLabel}>{NOUNS[kind][counts[kind] === 1 ? 0 : 1]}</span>
        </li>
      ))}
    </ul>
  );
}

/** What stays out and why (limits), and what reading the files changed (Todoist). */
export function LeftOut({ skipped, notes }: { skipped: Skipped[]; notes: string[] }) {
  if (skipped.length === 0 && notes.length === 0) return null;
  return (
    <>
      {skipped.length > 0 && (
        <section className={styles.section}>
          <h3 className={styles.sectionTitle}>Left out</h3>
          <ul className={styles.notes}>
            {skipped.map((item) => (
              <li key={`${item.kind}:${item.reason}`} className={styles.warning}>
                <strong>{countOf(item.count, item.kind)}</strong> — {item.reason}
              </li>
            ))}
          </ul>
        </section>
      )}
      {notes.length > 0 && (
        <section className={styles.section}>
          <h3 className={styles.sectionTitle}>From Todoist</h3>
          <ul className={styles.notes}>
            {notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
