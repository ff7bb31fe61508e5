import type { DraggableAttributes } from '@dnd-kit/core';
import { memo, useCallback, useRef, type KeyboardEvent } from 'react';
import {
  CalendarIcon,
  ClockIcon,
  DetailsIcon,
  FlagIcon,
  MoreIcon,
  MoveIcon,
  TrashIcon,
  UndoIcon,
} from '../../../ui/icons.tsx';
import { openMoveDialog } from '../../../stores/move-task.ts';
import { focusNeighbourOf, rowKeyFor } from '../../../ui/keyboard.ts';
import { Menu, MenuItem } from '../../../ui/menu.tsx';
import {
  TaskRow as TaskRowFrame,
  TaskRowCheckButton,
  TaskRowHandle,
  TaskRowName,
  taskRowMenuButtonClassName,
} from '../../../ui/task-row.tsx';
import { DayMarks } from '../../tasks/components/day-marks.tsx';
import { FocusButton } from '../../focus/components/focus-button.tsx';
import { openDeadlineDialog } from '../../tasks/components/deadline-dialog.tsx';
import { openEstimateDialog } from '../../tasks/components/estimate-dialog.tsx';
import { TaskName } from '../../tasks/components/task-name.tsx';
import { playSuccessSound } from '../hooks/success-sound.ts';
import { useDelayedCheck, type CheckAction } from '../hooks/use-delayed-check.ts';
import type { ExecuteItem } from '../model/execute-list.ts';

export type TaskRef = Pick<ExecuteItem, 'id' | 'projectId' | 'isAutomation'>;

/**
 * What rows can ask for; one stable object for the whole list so memoised rows stay put. A row
 * reads no store of its own: what it needs comes in its item or here, once for the list.
 */
export interface TaskRowActions {
  commit: (task: TaskRef, action: CheckAction) => Promise<unknown>;
  /** Opens the task's details sheet. */
  open: (taskId: string) => void;
  /** Starts the focus timer on it, or stops (resumes) it there (issue 30, the `f` key). */
  toggleFocus: (task: Pick<TaskRef, 'id' | 'projectId'>) => void;
  moveToPlanning: (task: TaskRef) => void;
  /** Plans it for tomorrow: off today's list (issue 29, the `t` key). */
  moveToTomorrow: (task: TaskRef) => void;
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
  today,
  carriedOver,
  deadline,
  hasNotes,
  checklist,
  estimate,
  actualSeconds,
  remindAt,
  timeZone,
  focus,
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
  const openTask = actions.open;
  const rowRef = useRef<HTMLElement>(null);
  const checkboxRef = useRef<HTMLButtonElement>(null);

  const handleKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const key = rowKeyFor(event);
    if (!key || !isInteractive) return;
    if (key === 'toggle') toggle();
    else if (key === 'open') openTask(id);
    else if (key === 'focus' && !isDone) actions.toggleFocus({ id, projectId });
    else if (key === 'estimate') {
      openEstimateDialog({ id, projectId, name, estimate }, checkboxRef.current);
    } else if (key === 'tomorrow' && !isDone) {
      focusNeighbourOf(rowRef.current);
      actions.moveToTomorrow({ id, projectId, isAutomation });
    } else if (key === 'delete') {
      focusNeighbourOf(rowRef.current);
      actions.remove({ id, projectId, isAutomation });
    } else if (onShift && (key === 'moveUp' || key === 'moveDown')) {
      onShift(id, key === 'moveUp' ? -1 : 1);
      // The list re-orders its items, which can take focus from the box it moves.
      requestAnimationFrame(() => checkboxRef.current?.focus());
    } else return;
    event.preventDefault();
  };

  let handle;
  if (isOverlay) handle = <TaskRowHandle kind="picture" />;
  else if (handleRef) {
    handle = (
      <TaskRowHandle kind="button" handleRef={handleRef} name={name} {...handleAttributes} />
    );
  } else {
    // Completed rows have no handle; on a narrow screen the box still lines up (issue 16).
    handle = <TaskRowHandle kind="room" />;
  }

  return (
    <TaskRowFrame
      rowRef={rowRef}
      density="roomy"
      taskId={id}
      color={color}
      isChecked={isChecked}
      isFading={pending === 'revert'}
      isLifted={isOverlay}
      onKeyDown={isOverlay ? undefined : handleKeyDown}
      handle={handle}
      check={
        <TaskRowCheckButton
          buttonRef={checkboxRef}
          name={name}
          isChecked={isChecked}
          isLifted={isOverlay}
          onClick={toggle}
        />
      }
      label={label}
      name={
        <>
          <TaskRowName onOpen={isInteractive ? () => openTask(id) : undefined}>
            <TaskName name={name} />
          </TaskRowName>
          <DayMarks
            today={today}
            carriedOver={isDone ? 0 : carriedOver}
            deadline={deadline}
            hasNotes={hasNotes}
            checklist={checklist}
            estimate={estimate}
            actualSeconds={actualSeconds}
            remindAt={remindAt}
            timeZone={timeZone}
          />
        </>
      }
      end={
        isInteractive && (
          <>
            {!isDone && (
              <FocusButton
                name={name}
                state={focus}
                onToggle={() => actions.toggleFocus({ id, projectId })}
                className={taskRowMenuButtonClassName}
              />
            )}
            <Menu
              title={name}
              triggerClassName={taskRowMenuButtonClassName}
              trigger={
                <>
                  <MoreIcon />
                  <span className="visually-hidden">{`Options for ${name}`}</span>
                </>
              }
            >
              <MenuItem icon={<DetailsIcon />} onSelect={() => openTask(id)}>
                Open details
              </MenuItem>
              {!isDone && (
                <MenuItem
                  icon={<UndoIcon />}
                  onSelect={() => actions.moveToPlanning({ id, projectId, isAutomation })}
                >
                  Move to planning
                </MenuItem>
              )}
              {!isDone && (
                <MenuItem
                  icon={<CalendarIcon />}
                  onSelect={() => actions.moveToTomorrow({ id, projectId, isAutomation })}
                >
                  Move to tomorrow
                </MenuItem>
              )}
              <MenuItem
                icon={<FlagIcon />}
                onSelect={() => openDeadlineDialog({ id, projectId, name, deadline })}
              >
                {deadline ? 'Change deadline' : 'Set deadline'}
              </MenuItem>
              {!isAutomation && (
                <MenuItem
                  icon={<MoveIcon />}
                  onSelect={() => openMoveDialog({ id, projectId, name })}
                >
                  Move to…
                </MenuItem>
              )}
              <MenuItem
                icon={<ClockIcon />}
                onSelect={() => openEstimateDialog({ id, projectId, name, estimate })}
              >
                Estimate…
              </MenuItem>
              <MenuItem
                icon={<TrashIcon />}
                onSelect={() => actions.remove({ id, projectId, isAutomation })}
              >
                Delete
              </MenuItem>
            </Menu>
          </>
        )
      }
    />
  );
});
