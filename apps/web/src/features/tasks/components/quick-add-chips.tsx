import type { QuickAddPart } from '@hustle/shared/quick-add/quick-add-parts';
import type { KeyboardEvent, ReactNode } from 'react';
import { BellIcon, CalendarIcon, CloseIcon, PlusIcon, RefreshIcon } from '../../../ui/icons.tsx';
import { projectColorStyle } from '../../../ui/project-color.ts';
import type { QuickAddReading } from '../hooks/use-quick-add-reading.ts';
import { chipLabel, spokenPart } from '../model/quick-add-words.ts';
import styles from './quick-add-chips.module.css';

type QuickAddChipsProps = {
  reading: QuickAddReading;
  /** The user took a part back: its words stay in the name. */
  onRemove: (part: QuickAddPart) => void;
};

function iconOf(part: QuickAddPart, reading: QuickAddReading): ReactNode {
  switch (part.kind) {
    case 'day':
    case 'deadline':
      return <CalendarIcon />;
    case 'repeat':
      return <RefreshIcon />;
    case 'project':
      return (
        <span className={styles.dot} style={projectColorStyle(reading.colorOf(part.project.id))} />
      );
    case 'newProject':
      return <PlusIcon />;
    case 'reminder':
      return <BellIcon />;
    case 'refused':
      return null;
  }
}

/**
 * The parts quick add understood, as chips under the field (issue 29, DESIGN "Chips"): each says
 * what Enter will do with it, and its × or Backspace takes it back before Enter.
 */
export function QuickAddChips({ reading, onRemove }: QuickAddChipsProps) {
  const { quick, today } = reading;
  if (quick.parts.length === 0) return null;
  const handleKeyDown = (part: QuickAddPart) => (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'Backspace' && event.key !== 'Delete') return;
    event.preventDefault();
    onRemove(part);
  };
  return (
    <ul className={styles.chips} aria-label="Understood from the text">
      {quick.parts.map((part) => (
        <li
          key={part.key}
          className={`${styles.chip} ${styles[part.kind]}`}
          title={spokenPart(part, today)}
        >
          <span className={styles.icon} aria-hidden="true">
            {iconOf(part, reading)}
          </span>
          <span className={styles.label}>{chipLabel(part, today)}</span>
          <button
            type="button"
            className={styles.remove}
            aria-label={`Remove: ${spokenPart(part, today)}`}
            onClick={() => onRemove(part)}
            onKeyDown={handleKeyDown(part)}
          >
            <CloseIcon />
          </button>
        </li>
      ))}
    </ul>
  );
}
