import type { ReactNode } from 'react';
import { projectColorStyle } from '../../../ui/project-color.ts';
import { useLayoutStore } from '../../../stores/layout-store.ts';
import { readableTextColor } from '../model/readable-color.ts';
import styles from '../invites.module.css';

/** The invite's card: the project's colour as a bar along its top (DESIGN: bars, not fills). */
export function InviteCard({ color, children }: { color?: string | null; children: ReactNode }) {
  return (
    <section className={styles.card} style={projectColorStyle(color)} aria-live="polite">
      {color && <span className={styles.colorBar} aria-hidden="true" />}
      <div className={styles.cardBody}>{children}</div>
    </section>
  );
}

/** The project's name in the project's colour, darkened or lightened just enough to read (AA). */
export function ProjectName({ name, color }: { name: string; color: string | null }) {
  const theme = useLayoutStore((state) => state.theme);
  return (
    <span
      className={`${styles.projectName} ${styles.name}`}
      style={{ color: readableTextColor(color, theme) }}
    >
      {name}
    </span>
  );
}
