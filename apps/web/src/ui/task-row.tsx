import {
  createElement,
  type ButtonHTMLAttributes,
  type HTMLAttributes,
  type MouseEventHandler,
  type ReactNode,
  type Ref,
} from 'react';
import { GripIcon } from './icons.tsx';
import { projectColorStyle } from './project-color.ts';
import iconButton from './icon-button.module.css';
import styles from './task-row.module.css';

/**
 * The one task row of Plan and Execute: the box, the name and a menu button on a row that shows
 * focus and hover alike. What differs is passed in: Plan's compact rows plan a task with a native
 * check box and slide out Rename and Delete; Execute's roomy rows carry the project's label, a
 * drag handle and a delayed check button. The row holds no state of its own, so a memoised
 * caller (Execute's long lists, decision 033) re-renders it only when its task changes.
 */
type TaskRowProps = Omit<HTMLAttributes<HTMLElement>, 'color' | 'children'> & {
  /** Plan's lists are lists of rows; Execute's rows sit inside the sortable list's own items. */
  as?: 'li' | 'div';
  rowRef?: Ref<HTMLElement>;
  density: 'compact' | 'roomy';
  taskId: string;
  /** The project's colour: the box's ring, and on roomy rows the label's dot. */
  color?: string | null | undefined;
  /** The box is filled (planned on Plan, done on Execute; only a done task's name is struck). */
  isChecked: boolean;
  /** A check about to be taken back fades the box (spec §4 delayed revert). */
  isFading?: boolean;
  /** The lifted copy that follows a drag: not a row the keyboard can reach. */
  isLifted?: boolean;
  /** A slide-out (`actions`) is open: the name makes room for it. */
  isMenuOpen?: boolean;
  handle?: ReactNode;
  check: ReactNode;
  /** The project's name above the task's (Execute mixes projects in one list). */
  label?: string;
  /** The name (`TaskRowName`) or a field that replaces it. */
  name: ReactNode;
  /** The menu button, at the row's end. */
  end?: ReactNode;
  /** What slides out over the row's end (`TaskRowActions`). */
  actions?: ReactNode;
  onContentClickCapture?: MouseEventHandler<HTMLDivElement>;
};

export function TaskRow({
  as = 'div',
  rowRef,
  density,
  taskId,
  color,
  isChecked,
  isFading = false,
  isLifted = false,
  isMenuOpen = false,
  handle,
  check,
  label,
  name,
  end,
  actions,
  onContentClickCapture,
  ...rest
}: TaskRowProps) {
  const className = [
    styles.row,
    styles[density],
    isChecked && styles.checked,
    isFading && styles.fading,
    !color && styles.noColor,
    isLifted && styles.lifted,
  ]
    .filter(Boolean)
    .join(' ');

  return createElement(
    as,
    {
      ...rest,
      ref: rowRef,
      className,
      style: projectColorStyle(color),
      'data-task-row': isLifted ? undefined : '',
      'data-task-id': taskId,
      'data-menu-open': isMenuOpen || undefined,
    },
    <div className={styles.content} onClickCapture={onContentClickCapture}>
      {handle}
      {check}
      <div className={styles.body}>
        {label !== undefined && (
          <span className={styles.label}>
            <span className={styles.dot} aria-hidden="true" />
            <span className={styles.labelText}>{label}</span>
          </span>
        )}
        {name}
      </div>
      {end && <div className={styles.end}>{end}</div>}
    </div>,
    actions,
  );
}

/** The filled box with its tick, drawn as the row is checked. */
function Box() {
  return (
    <span className={styles.box} aria-hidden="true">
      <svg viewBox="0 0 24 24" className={styles.tick} focusable="false">
        <path d="m6 12.5 4 4 8-9" />
      </svg>
    </span>
  );
}

type TaskRowCheckboxProps = {
  id: string;
  inputRef?: Ref<HTMLInputElement>;
  name: string;
  isChecked: boolean;
  title: string;
  onChange: () => void;
};

/** A native check box whose label is the task's name (`TaskRowName` with `htmlFor`). */
export function TaskRowCheckbox({
  id,
  inputRef,
  name,
  isChecked,
  title,
  onChange,
}: TaskRowCheckboxProps) {
  return (
    <span className={styles.check}>
      <input
        ref={inputRef}
        data-row-focus=""
        id={id}
        type="checkbox"
        className={styles.checkInput}
        checked={isChecked}
        aria-label={name}
        title={title}
        onChange={onChange}
      />
      <Box />
    </span>
  );
}

type TaskRowCheckButtonProps = {
  buttonRef?: Ref<HTMLButtonElement>;
  name: string;
  isChecked: boolean;
  isLifted: boolean;
  onClick: () => void;
};

/** A button acting as the check box, for a check that shows before it is sent (spec §4). */
export function TaskRowCheckButton({
  buttonRef,
  name,
  isChecked,
  isLifted,
  onClick,
}: TaskRowCheckButtonProps) {
  return (
    <button
      ref={buttonRef}
      type="button"
      role="checkbox"
      aria-checked={isChecked}
      aria-label={name}
      className={styles.checkButton}
      onClick={onClick}
      disabled={isLifted}
      tabIndex={isLifted ? -1 : undefined}
      data-row-focus={isLifted ? undefined : ''}
    >
      <Box />
    </button>
  );
}

/**
 * The task's name; as a label it toggles the box it names. Otherwise a click on it may open the
 * task (issue 31); keyboard users open it with Enter on the row, so it takes no focus itself.
 */
export function TaskRowName({
  htmlFor,
  onOpen,
  children,
}: {
  htmlFor?: string;
  onOpen?: () => void;
  children: ReactNode;
}) {
  const text = <span className={styles.nameText}>{children}</span>;
  if (htmlFor) {
    return (
      <label htmlFor={htmlFor} className={styles.name}>
        {text}
      </label>
    );
  }
  return (
    <span
      className={`${styles.name} ${onOpen ? styles.opensTask : ''}`}
      onClick={(event) => {
        // A link in the name is the link's.
        if (onOpen && !(event.target instanceof Element && event.target.closest('a'))) onOpen();
      }}
    >
      {text}
    </span>
  );
}

type TaskRowHandleProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'name'> & {
  kind: 'button' | 'picture' | 'room';
  /** The button's (dnd-kit's activator). */
  handleRef?: (element: HTMLElement | null) => void;
  /** The task's name, for the button's label. */
  name?: string;
};

/**
 * The drag handle: a button for the keyboard (dnd-kit's attributes spread on it), its picture on
 * the lifted copy, or its room alone so rows without one line up on a narrow screen (issue 16).
 */
export function TaskRowHandle({ kind, handleRef, name = '', ...attributes }: TaskRowHandleProps) {
  if (kind === 'room') return <span className={styles.handleRoom} aria-hidden="true" />;
  if (kind === 'picture') {
    return (
      <span className={styles.handle} aria-hidden="true">
        <GripIcon />
      </span>
    );
  }
  return (
    <button
      type="button"
      ref={handleRef}
      className={styles.handle}
      {...attributes}
      aria-label={`Reorder ${name}`}
    >
      <GripIcon />
    </button>
  );
}

/** The class of the row's menu button: hidden until the row is hovered or focused on desktop. */
export const taskRowMenuButtonClassName = `${iconButton.iconButton} ${styles.menuButton}`;

type TaskRowActionsProps = { id: string; label: string; children: ReactNode };

/** The group that slides out over the row's end; its buttons are `TaskRowAction`s. */
export function TaskRowActions({ id, label, children }: TaskRowActionsProps) {
  return (
    <div id={id} className={styles.actions} role="group" aria-label={label}>
      {children}
    </div>
  );
}

type TaskRowActionProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className'> & {
  buttonRef?: Ref<HTMLButtonElement>;
  tone?: 'neutral' | 'danger';
};

export function TaskRowAction({ buttonRef, tone = 'neutral', ...rest }: TaskRowActionProps) {
  const className = tone === 'danger' ? `${styles.action} ${styles.danger}` : styles.action;
  return <button ref={buttonRef} type="button" {...rest} className={className} />;
}
