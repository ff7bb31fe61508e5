import type { ImportCounts, ImportDetails, Skipped } from '@hustle/shared/portability';
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

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** What the tasks and automations bring along, in words; only what there is any of. */
export function detailsSentences(details: ImportDetails): string[] {
  return [
    details.planned > 0 && `${plural(details.planned, 'task', 'tasks')} planned for a day`,
    details.deadlines > 0 && plural(details.deadlines, 'deadline', 'deadlines'),
    details.notes > 0 && `${plural(details.notes, 'task', 'tasks')} with notes`,
    details.checklistItems > 0 &&
      plural(details.checklistItems, 'checklist item', 'checklist items'),
    details.automationsInProjects > 0 &&
      `${plural(details.automationsInProjects, 'automation', 'automations')} adding to a project`,
  ].filter((sentence): sentence is string => typeof sentence === 'string');
}

/** Days, deadlines, notes, checklists and repeats' projects that come with what is added. */
export function DetailsList({ details }: { details: ImportDetails }) {
  const sentences = detailsSentences(details);
  if (sentences.length === 0) return null;
  return (
    <section className={styles.section}>
      <h3 className={styles.sectionTitle}>With them</h3>
      <ul className={styles.notes} aria-label="With them">
        {sentences.map((sentence) => (
          <li key={sentence}>{sentence}</li>
        ))}
      </ul>
    </section>
  );
}

/**
 * What stays out and why (limits, and what Todoist has that Hustle does not, with counts), and
 * how reading the files mapped the rest (Todoist).
 */
export function LeftOut({
  skipped,
  leftOut,
  notes,
}: {
  skipped: Skipped[];
  leftOut: string[];
  notes: string[];
}) {
  return (
    <>
      {(skipped.length > 0 || leftOut.length > 0) && (
        <section className={styles.section}>
          <h3 className={styles.sectionTitle}>Left out</h3>
          <ul className={styles.notes} aria-label="Left out">
            {skipped.map((item) => (
              <li key={`${item.kind}:${item.reason}`} className={styles.warning}>
                <strong>{countOf(item.count, item.kind)}</strong> — {item.reason}
              </li>
            ))}
            {leftOut.map((text) => (
              <li key={text} className={styles.warning}>
                {text}
              </li>
            ))}
          </ul>
        </section>
      )}
      {notes.length > 0 && (
        <section className={styles.section}>
          <h3 className={styles.sectionTitle}>From Todoist</h3>
          <ul className={styles.notes} aria-label="From Todoist">
            {notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
