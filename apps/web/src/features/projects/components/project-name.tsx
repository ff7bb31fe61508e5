import { LIMITS } from '@hustle/shared/constants';
import { ProjectNameSchema } from '@hustle/shared/names';
import { useRef, useState } from 'react';
import styles from './project-name.module.css';

type ProjectNameProps = {
  name: string;
  headingId: string;
  /** Only the owner renames (spec §6); others see plain text. */
  canRename: boolean;
  onRename: (name: string) => void;
};

/**
 * spec §2: the card's click-to-rename name. Enter or leaving the field confirms, Escape cancels;
 * an empty or unchanged name keeps the old one.
 */
export function ProjectName({ name, headingId, canRename, onRename }: ProjectNameProps) {
  const [isEditing, setIsEditing] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // A field removed while focused may still report a blur; one edit ends once.
  const hasEnded = useRef(false);

  const start = () => {
    hasEnded.current = false;
    setIsEditing(true);
  };

  const end = () => {
    if (hasEnded.current) return false;
    hasEnded.current = true;
    setIsEditing(false);
    return true;
  };

  const finish = (value: string, returnFocus: boolean) => {
    if (!end()) return;
    if (returnFocus) window.setTimeout(() => buttonRef.current?.focus());
    const parsed = ProjectNameSchema.safeParse(value);
    if (parsed.success && parsed.data !== name) onRename(parsed.data);
  };

  if (isEditing) {
    return (
      <div id={headingId} className={styles.editing}>
        <input
          className={styles.input}
          aria-label="Project name"
          defaultValue={name}
          maxLength={LIMITS.projectNameMaxLength}
          autoFocus
          onFocus={(event) => event.currentTarget.select()}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              finish(event.currentTarget.value, true);
            } else if (event.key === 'Escape') {
              event.preventDefault();
              event.stopPropagation();
              if (end()) window.setTimeout(() => buttonRef.current?.focus());
            }
          }}
          onBlur={(event) => finish(event.currentTarget.value, false)}
        />
      </div>
    );
  }

  return (
    <h3 id={headingId} className={styles.heading}>
      {canRename ? (
        <button
          ref={buttonRef}
          type="button"
          className={styles.button}
          title="Rename project"
          onClick={start}
        >
          {name}
        </button>
      ) : (
        <span className={styles.text}>{name}</span>
      )}
    </h3>
  );
}
