import { LIMITS } from '@hustle/shared/constants';
import { useEffect, useMemo, useRef, useState } from 'react';
import { notesToHtml } from '../model/notes-markdown.ts';
import styles from './task-details.module.css';

/** How long typing pauses before the notes are saved: a save per pause, not per key. */
const SAVE_AFTER_MS = 800;

type NotesFieldProps = {
  notes: string;
  /** Saves the notes; called on a pause in typing, on leaving the field and on closing. */
  onSave: (notes: string) => void;
  isReadOnly: boolean;
};

/**
 * A task's notes (issue 31): shown rendered until focused (DESIGN.md), then a plain text field.
 * What is typed is saved after a pause, on leaving and when the sheet closes, never lost: notes
 * past the limit stay in the field with a note saying how much to cut, unsaved.
 */
export function NotesField({ notes, onSave, isReadOnly }: NotesFieldProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const pending = useRef<string | null>(null);
  const saveRef = useRef(onSave);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    saveRef.current = onSave;
  });

  const flush = () => {
    window.clearTimeout(timer.current);
    const text = pending.current;
    pending.current = null;
    if (text !== null && text.length <= LIMITS.taskNotesMaxLength) saveRef.current(text);
  };
  // Closing the sheet saves what is still waiting.
  useEffect(() => flush, []);

  const html = useMemo(() => (notes.trim() ? notesToHtml(notes) : ''), [notes]);
  const over = (draft?.length ?? 0) - LIMITS.taskNotesMaxLength;

  const edit = () => {
    if (isReadOnly) return;
    setDraft(notes);
    window.setTimeout(() => fieldRef.current?.focus());
  };

  if (draft === null) {
    if (!html) {
      return (
        !isReadOnly && (
          <button type="button" className={styles.addNotes} onClick={edit}>
            Add notes
          </button>
        )
      );
    }
    // The text with its links is no control itself: a click beside a link edits, and keyboard
    // users have the Edit button.
    return (
      <div className={styles.notesShown}>
        <div
          className={styles.notesView}
          onClick={(event) => {
            if (!(event.target instanceof Element && event.target.closest('a'))) edit();
          }}
          // Sanitised by notesToHtml: only the markdown subset's tags and safe links remain.
          dangerouslySetInnerHTML={{ __html: html }}
        />
        {!isReadOnly && (
          <button type="button" className={styles.editNotes} onClick={edit}>
            Edit notes
          </button>
        )}
      </div>
    );
  }

  return (
    <div className={styles.notesEdit}>
      <textarea
        ref={fieldRef}
        className={styles.notesInput}
        aria-label="Notes"
        placeholder="Write anything: **bold**, *italic*, - lists, [links](https://…)"
        value={draft}
        rows={6}
        onChange={(event) => {
          const text = event.target.value;
          setDraft(text);
          pending.current = text;
          window.clearTimeout(timer.current);
          timer.current = window.setTimeout(flush, SAVE_AFTER_MS);
        }}
        onBlur={() => {
          flush();
          if ((draft?.length ?? 0) <= LIMITS.taskNotesMaxLength) setDraft(null);
        }}
        onKeyDown={(event) => {
          // Escape leaves the field first; a second one closes the sheet.
          if (event.key === 'Escape') {
            event.stopPropagation();
            event.currentTarget.blur();
          }
        }}
      />
      {over > 0 ? (
        <p className={styles.fieldError} role="alert">
          Notes hold at most {LIMITS.taskNotesMaxLength.toLocaleString('en')} characters. Remove{' '}
          {over} to save them.
        </p>
      ) : (
        <p className={styles.hint}>
          Saved as you type. Markdown: **bold**, *italic*, lists, links.
        </p>
      )}
    </div>
  );
}
