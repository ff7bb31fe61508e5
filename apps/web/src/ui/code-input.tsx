import {
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  type ChangeEvent,
  type ClipboardEvent,
  type FocusEvent,
  type KeyboardEvent,
  type Ref,
} from 'react';
import styles from './code-input.module.css';

export type CodeInputHandle = { focus: () => void };

type CodeInputProps = {
  /** The entered characters, left-aligned: boxes fill in order, so there are never gaps. */
  value: string;
  onChange: (value: string) => void;
  onComplete?: (value: string) => void;
  length?: number;
  /** What one box accepts. */
  pattern?: RegExp;
  /** Applied to typed and pasted text before it is matched, e.g. to uppercase a code. */
  normalize?: (raw: string) => string;
  masked?: boolean;
  autoFocus?: boolean;
  disabled?: boolean;
  inputMode?: 'numeric' | 'text';
  /** Accessible name of the group of boxes. */
  label?: string;
  ref?: Ref<CodeInputHandle>;
};

const SINGLE_DIGIT = /^[0-9]$/;
const keepAsTyped = (raw: string) => raw;

/** The segmented code-entry widget of spec §5. It shows no messages of its own. */
export function CodeInput({
  value,
  onChange,
  onComplete,
  length = 5,
  pattern = SINGLE_DIGIT,
  normalize = keepAsTyped,
  masked = false,
  autoFocus = false,
  disabled = false,
  inputMode = 'numeric',
  label = 'Code',
  ref,
}: CodeInputProps) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  // Focus that must wait until the new value is rendered, or the box would refuse it.
  const pendingFocus = useRef<number | null>(null);
  const chars = value.slice(0, length);
  const firstEmpty = Math.min(chars.length, length - 1);

  const focusBox = (index: number) => {
    boxes.current[Math.max(0, Math.min(index, firstEmpty))]?.focus();
  };

  useImperativeHandle(ref, () => ({ focus: () => focusBox(firstEmpty) }));

  useLayoutEffect(() => {
    if (pendingFocus.current === null) return;
    boxes.current[pendingFocus.current]?.focus();
    pendingFocus.current = null;
  });

  const commit = (next: string, focusIndex: number) => {
    const target = Math.min(focusIndex, length - 1);
    if (next === chars) {
      boxes.current[target]?.focus();
    } else {
      pendingFocus.current = target;
      onChange(next);
    }
    if (next.length === length) onComplete?.(next);
  };

  const fill = (index: number, text: string) => {
    const start = Math.min(index, chars.length);
    const accepted: string[] = [];
    for (const char of normalize(text)) {
      if (accepted.length === length - start || !pattern.test(char)) break;
      accepted.push(char);
    }
    // Nothing accepted: the box keeps its old content, which is how a wrong character reverts.
    if (accepted.length === 0) return;
    const typed = accepted.join('');
    commit(chars.slice(0, start) + typed + chars.slice(start + typed.length), start + typed.length);
  };

  const remove = (index: number) => {
    commit(chars.slice(0, index) + chars.slice(index + 1), index);
  };

  const handleChange = (index: number, event: ChangeEvent<HTMLInputElement>) => {
    const previous = chars[index] ?? '';
    const raw = event.target.value;
    if (raw === '') {
      remove(index);
      return;
    }
    fill(index, withoutPrevious(raw, previous));
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowLeft':
        event.preventDefault();
        focusBox(index - 1);
        break;
      case 'ArrowRight':
      case ' ':
        event.preventDefault();
        focusBox(index + 1);
        break;
      case 'Backspace':
        event.preventDefault();
        if (chars[index]) remove(index);
        else if (index > 0) remove(index - 1);
        break;
    }
  };

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    fill(index, event.clipboardData.getData('text'));
  };

  const handleFocus = (index: number, event: FocusEvent<HTMLInputElement>) => {
    if (index > firstEmpty) focusBox(firstEmpty);
    else event.target.select();
  };

  return (
    <div role="group" aria-label={label} className={styles.group}>
      {Array.from({ length }, (_, index) => (
        <input
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          className={styles.box}
          type={masked ? 'password' : 'text'}
          inputMode={inputMode}
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          autoFocus={autoFocus && index === 0}
          tabIndex={index === firstEmpty ? 0 : -1}
          aria-label={`Character ${index + 1} of ${length}`}
          value={chars[index] ?? ''}
          disabled={disabled}
          onChange={(event) => handleChange(index, event)}
          onKeyDown={(event) => handleKeyDown(index, event)}
          onPaste={(event) => handlePaste(index, event)}
          onFocus={(event) => handleFocus(index, event)}
        />
      ))}
    </div>
  );
}

/** A box that still held its character when typed into holds both; keep what was added. */
function withoutPrevious(raw: string, previous: string): string {
  if (!previous || raw.length <= previous.length) return raw;
  if (raw.startsWith(previous)) return raw.slice(previous.length);
  if (raw.endsWith(previous)) return raw.slice(0, -previous.length);
  return raw;
}
