import type { SearchPlace } from '@hustle/shared/search';
import type { ReactNode } from 'react';
import { projectColorStyle } from './project-color.ts';
import styles from './place-line.module.css';

interface PlaceLineProps {
  /** Where a task lives: its project (or the inbox) with that place's colour. */
  place: Pick<SearchPlace, 'name' | 'color'>;
  /** What the line says before the place, e.g. the time it was done. */
  before?: ReactNode;
  /** What follows the place, e.g. state labels or the time spent. */
  children?: ReactNode;
}

/** A task's small second line: the place's dot and name among the facts shown beside it. */
export function PlaceLine({ place, before, children }: PlaceLineProps) {
  return (
    <span className={styles.line}>
      {before}
      <span className={styles.dot} style={projectColorStyle(place.color)} aria-hidden="true" />
      <span className={styles.place}>{place.name}</span>
      {children}
    </span>
  );
}
