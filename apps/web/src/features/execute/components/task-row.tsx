import type { DraggableAttributes } from '@dnd-kit/core';
import { memo, useCallback, useRef, type KeyboardEvent } from 'react';
import { GripIcon, MoreIcon, TrashIcon, UndoIcon } from '../../../ui/icons.tsx';
import { focusNeighbourOf, rowKeyFor } from '../../../ui/keyboard.ts';
import { Menu, MenuItem } from '../../../ui/menu.tsx';
import { projectColorStyle } from '../../../ui/project-color.ts';
import { TaskName } from '../../tasks/components/task-name.tsx';
import { playSuccessSound } from '../hooks/success-sound.ts';
import { useDelayedCheck, type CheckAction } from '../hooks/use-delayed-check.ts';
import type { ExecuteItem } from '../model/execute-list.ts';
import styles from './task-row.module.css';
import iconButton from '../../../ui/icon-button.module.css';

export type TaskRef = Pick<ExecuteItem, 'id' | 'projectId' | 'isAutomation'>;

/** What rows can ask for; one stable object for the whole list so memoised rows stay put. */
export interface TaskRowActions {
  commit: (task: TaskRef, action: CheckAction) => Promise<unknown>;
  moveToPlanning: (task: TaskRef) => void;
  remove: (task: TaskRef) => void;
}

type TaskRowProps = Omit<ExecuteItem, 'completedAt'> & {
  isDone: boolean;
  actions: TaskRowActions;
  /** The drag handle of a sortable row (keyboard dragging starts only from it). */
  handleRef?: (element: HTMLElement | null) => void;
  handleAttributes?: DraggableAttributes;
  /** Alt+↑/↓ on a sortable row: move it one place up (-1) or down (1) in its list. */
  onShift?: (taskId: string, offset: 1 | -1) => void;
  /** The copy that follows the pointer while dragging: looks the same, does nothing. */
  isOverlay?: boolean;
  /** Plays the success sound; injectable for tests. */
  playSound?: () => void;
};

/**
 * One task of the Execute list: its project's colour and label above the name (spec §2), the
 * check box with the spec's delayed complete/revert, and a small menu. Focused, it answers x
 * (complete or revert), Delete and Alt+↑/↓ (decision 022). Memoised: a list of hundreds
 * re-renders only the rows whose task changed.
 */
export const TaskRow = memo(function TaskRow({
  id,
  name,
  projectId,
  isAutomation,
  label,
  color,
  isDone,
  actions,
  handleRef,
  handleAttributes,
  onShift,
  isOverlay = false,
  playSound = playSuccessSound,
}: TaskRowProps) {
  const commit = useCallback(
    (action: CheckAction) => actions.commit({ id, projectId, isAutomation }, action),
    [actions, id, projectId, isAutomation],
  );
  const { isChecked, pending, toggle } = useDelayedCheck({ isDone, commit, onCheck: playSound });
  const isInteractive = !isOverlay;
  const rowRef = useRef<HTMLDivElement>(null);
  const checkboxRef = useRef<HTMLButtonElement>(null);

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const key = rowKeyFor(event);
    if (!key || !isInteractive) return;
    if (key === 'toggle') toggle();
    else if (key === 'delete') {
      focusNeighbourOf(rowRef.current);
      actions.remove({ id, projectId, isAutomation });
    } else if (onShift && (key === 'moveUp' || key === 'moveDown')) {
      onShift(id, key === 'moveUp' ? -1 : 1);
      // The list re-orders its items, which can take focus from the box it moves.
      requestAnimationFrame(() => checkboxRef.current?.focus());
    } else return;
    event.preventDefault();
  };

  const colorStyle = projectColorStyle(color);

  const className = [
    styles.row,
    isChecked && styles.checked,
    pending === 'revert' && styles.reverting,
    !color && styles.noColor,
    isOverlay && styles.overlay,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div
      ref={rowRef}
      className={className}
      style={colorStyle}
      data-task-row={isOverlay ? undefined : ''}
      data-task-id={id}
      onKeyDown={isOverlay ? undefined : handleKeyDown}
    >
      {isOverlay ? (
        <span className={styles.handle} aria-hidden="true">
          <GripIcon />
        </span>
      ) : (
        handleRef && (
          <button
            type="button"
            ref={handleRef}
            className={styles.handle}
            {...handleAttributes}
            aria-label={`Reorder ${name}`}
          >
            <GripIcon />
          </button>
        )
      )}
      {/* Completed rows have no handle; on a narrow screen the box still lines up (issue 16). */}
      {!isOverlay && !handleRef && <span className={styles.handleSpace} aria-hidden="true" />}
      <button
        ref={checkboxRef}
        type="button"
        role="checkbox"
        aria-checked={isChecked}
        aria-label={name}
        className={styles.checkbox}
        onClick={toggle}
        disabled={!isInteractive}
        tabIndex={isOverlay ? -1 : undefined}
        data-row-focus={isOverlay ? undefined : ''}
      >
        <span className={styles.box} aria-hidden="true">
          <svg viewBox="0 0 24 24" className={styles.tick} focusable="false">
            <path d="m6 12.5 4 4 8-9" />
          </svg>
        </span>
      </button>
      <div className={styles.content}>
        <span className={styles.label}>
          <span className={styles.dot} aria-hidden="true" />
          <span className={styles.labelText}>{label}</span>
        </span>
        <span className={styles.name}>
          <span className={styles.nameText}>
            <TaskName name={name} />
          </span>
        </span>
      </div>
      {isInteractive && (
        <div className={styles.menu}>
          <Menu
            title={name}
            triggerClassName={`${iconButton.iconButton} ${styles.menuTrigger}`}
            trigger={
              <>
                <MoreIcon />
                <span className="visually-hidden">{`Options for ${name}`}</span>
              </>
            }
          >
            {!isDone && (
              <MenuItem
                icon={<UndoIcon />}
                onSelect={() => actions.moveToPlanning({ id, projectId, isAutomation })}
              >
                Move to planning
              </MenuItem>
            )}
            <MenuItem
              icon={<TrashIcon />}
              onSelect={() => actions.remove({ id, projectId, isAutomation })}
            >
              Delete
            </MenuItem>
          </Menu>
        </div>
      )}
    </div>
  );
});
