import { LIMITS, TIMINGS } from '@hustle/shared/constants';
import { isSubmittableTaskText, newTaskLines } from '@hustle/shared/names';
import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
} from 'react';
import type { QuickAdd } from '@hustle/shared/quick-add/quick-add-parts';
import { Button } from '../../../ui/button.tsx';
import { PlusIcon } from '../../../ui/icons.tsx';
import { useQuickAddReading } from '../hooks/use-quick-add-reading.ts';
import { quickAddBlocker, quickAddSummary } from '../model/quick-add-words.ts';
import styles from './add-task-control.module.css';
import { QuickAddChips } from './quick-add-chips.tsx';

type Choice = 'each' | 'one';

export type AddTaskControlProps = {
  /**
   * Creates the tasks. When it returns a promise that rejects, the text comes back into the field
   * (DESIGN: a failed create keeps the text), unless something new has been typed meanwhile.
   * `quick` is what quick add understood in a one-line text (its day, deadline, repeat,
   * project), shown as chips before Enter; the one name is then the text without those parts.
   */
  onAdd: (names: string[], quick?: QuickAdd) => void | Promise<unknown>;
  placeholder?: string;
  autoFocus?: boolean;
  /** Escape, or leaving the field while no choice is pending (spec §5): the parent may close it. */
  onCancel?: () => void;
  /** Accessible name of the field. */
  label?: string;
};

/**
 * spec §2 "Add-task control" and §5 "New task text". Enter adds (Shift+Enter starts a new line);
 * text ending in a newline or blank text is not sent; several non-empty lines ask whether to add a
 * task per line or one task — "Just one task" joins the lines with a space.
 */
export function AddTaskControl({
  onAdd,
  placeholder = 'Add task...',
  autoFocus = false,
  onCancel,
  label = 'New task',
}: AddTaskControlProps) {
  const [text, setText] = useState('');
  const [pending, setPending] = useState<{ lines: string[]; choice: Choice } | null>(null);
  // Parts the user took back: their words stay in the name until the field is cleared.
  const [ignored, setIgnored] = useState<readonly string[]>([]);
  const reading = useQuickAddReading(text, ignored);
  const understood = reading && reading.quick.parts.length > 0 ? reading.quick : null;
  const summaryId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const questionId = useId();

  // The field grows with its text up to 200 px, then scrolls (spec §9).
  useLayoutEffect(() => {
    const field = fieldRef.current;
    if (!field) return;
    // Empty, it is one line tall by its style. Measuring forces a layout of the page, and Plan
    // mounts one control per project card: 200 cards took seconds of layouts in a row.
    if (text === '') {
      field.style.height = '';
      field.style.overflowY = '';
      return;
    }
    field.style.height = 'auto';
    const height = Math.min(field.scrollHeight, TIMINGS.textareaMaxHeightPx);
    if (height > 0) field.style.height = `${height}px`;
    field.style.overflowY = field.scrollHeight > TIMINGS.textareaMaxHeightPx ? 'auto' : 'hidden';
  }, [text]);

  useEffect(() => {
    if (!autoFocus) return;
    fieldRef.current?.focus();
    // A modal opening around the control focuses its first control after this effect has run.
    const timer = window.setTimeout(() => fieldRef.current?.focus());
    return () => window.clearTimeout(timer);
  }, [autoFocus]);

  const add = (names: string[], quick?: QuickAdd) => {
    const typed = text;
    setText('');
    setPending(null);
    setIgnored([]);
    fieldRef.current?.focus();
    const result = quick ? onAdd(names, quick) : onAdd(names);
    if (result instanceof Promise) {
      result.catch(() => setText((current) => (current === '' ? typed : current)));
    }
  };

  const submit = () => {
    if (!isSubmittableTaskText(text)) return;
    if (understood) {
      // The note under the chips says what is missing.
      if (!quickAddBlocker(understood)) add([understood.name.trim()], understood);
      return;
    }
    const lines = newTaskLines(text);
    if (lines.length > 1) setPending({ lines, choice: 'each' });
    else add(lines);
  };

  const choose = (choice: Choice) => {
    if (!pending) return;
    add(choice === 'each' ? pending.lines : [pending.lines.join(' ')]);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (pending) choose(pending.choice);
      else submit();
    } else if (event.key === 'Escape') {
      if (pending) {
        // Escape backs out of the question first, keeping the text.
        event.preventDefault();
        event.stopPropagation();
        setPending(null);
        return;
      }
      if (text !== '') {
        // Clearing is one step; a second Escape may close whatever holds the control.
        event.stopPropagation();
        setText('');
        setIgnored([]);
      } else if (!onCancel) {
        // Nothing to clear or close: the field lets go, so the page's shortcuts work again.
        event.currentTarget.blur();
      }
      onCancel?.();
    }
  };

  const handleBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (pending) return;
    if (event.relatedTarget instanceof Node && rootRef.current?.contains(event.relatedTarget)) {
      return;
    }
    onCancel?.();
  };

  const count = pending?.lines.length ?? 0;
  const pick = (choice: Choice) => setPending((current) => current && { ...current, choice });
  const variantOf = (choice: Choice) => (pending?.choice === choice ? 'primary' : 'secondary');

  return (
    <div className={styles.control} ref={rootRef} onBlur={handleBlur}>
      <div className={styles.field}>
        <span className={styles.plus} aria-hidden="true">
          <PlusIcon />
        </span>
        <textarea
          ref={fieldRef}
          className={styles.textarea}
          rows={1}
          value={text}
          placeholder={placeholder}
          aria-label={label}
          aria-describedby={pending ? questionId : understood ? summaryId : undefined}
          maxLength={LIMITS.taskNameMaxLength}
          enterKeyHint="enter"
          onChange={(event) => {
            setText(event.target.value);
            setPending(null);
            if (event.target.value === '') setIgnored([]);
          }}
          onKeyDown={handleKeyDown}
        />
        {text.trim() !== '' && !pending && (
          <Button variant="ghost" className={styles.addButton} onClick={submit}>
            Add
          </Button>
        )}
      </div>
      {understood && reading && (
        <QuickAddChips
          reading={reading}
          onRemove={(part) => {
            setIgnored((current) => [...current, part.key]);
            fieldRef.current?.focus();
          }}
        />
      )}
      <p
        id={summaryId}
        aria-live="polite"
        className={understood && quickAddBlocker(understood) ? styles.blocker : 'visually-hidden'}
      >
        {understood && reading ? quickAddSummary(understood, reading.today) : ''}
      </p>
      <div aria-live="polite">
        {pending && (
          <div className={styles.question} role="group" aria-labelledby={questionId}>
            <p id={questionId} className={styles.questionText}>
              {`Would you like to create a task for every new line (${count}). You can also add one task with a long name.`}
            </p>
            <div className={styles.choices}>
              <Button
                variant={variantOf('each')}
                onClick={() => choose('each')}
                onFocus={() => pick('each')}
                onMouseEnter={() => pick('each')}
              >
                {`Add ${count} tasks`}
              </Button>
              <Button
                variant={variantOf('one')}
                onClick={() => choose('one')}
                onFocus={() => pick('one')}
                onMouseEnter={() => pick('one')}
              >
                Just one task
              </Button>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
