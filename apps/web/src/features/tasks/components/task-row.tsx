import { useDraggable, useDroppable } from '@dnd-kit/core';
import { TIMINGS } from '@hustle/shared/constants';
import type { Task } from '@hustle/shared/tasks';
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
} from 'react';
import {
  DetailsIcon,
  ClockIcon,
  FlagIcon,
  MoreIcon,
  MoveIcon,
  PencilIcon,
  RefreshIcon,
  TrashIcon,
} from '../../../ui/icons.tsx';
import { openMoveDialog } from '../../../stores/move-task.ts';
import { focusNeighbourOf, rowKeyFor } from '../../../ui/keyboard.ts';
import {
  TaskRow as TaskRowFrame,
  TaskRowAction,
  TaskRowActions,
  TaskRowCheckbox,
  TaskRowName,
  taskRowMenuButtonClassName,
} from '../../../ui/task-row.tsx';
import { useDeleteTask } from '../api/delete-task.ts';
import { useRenameTask } from '../api/rename-task.ts';
import { useTaskAction } from '../api/task-action.ts';
import { usePlanForDay } from '../api/plan-for-day.ts';
import { addDaysTo } from '@hustle/shared/days';
import { usePlanningDayStore } from '../../../stores/planning-day-store.ts';
import { DayMarks } from './day-marks.tsx';
import {
  PlanRowSettingProvider,
  usePlanRowSetting,
  type PlanRowSetting,
} from './plan-row-setting.tsx';
import { PLAN_TASK_DRAG, rowDropId, TAKE_DROP } from '../model/day-drop.ts';
import { openDeadlineDialog } from './deadline-dialog.tsx';
import { openEstimateDialog } from './estimate-dialog.tsx';
import { renameOutcome } from '../model/rename-outcome.ts';
import { repeatPathOf } from '../model/repeat-path.ts';
import { RenameField } from './rename-field.tsx';
import { TaskName } from './task-name.tsx';

/** A press that travels further than this is a drag: letting go must not toggle the task. */
const TAP_TOLERANCE_PX = 10;

export type TaskRowProps = {
  task: Task;
  /** The project's colour, shown as the checkbox ring; the accent colour when there is none. */
  color?: string | null;
  /** Alt+↑/↓ on a list that keeps its own order (a project's, issue 31): one place up or down. */
  onShift?: (offset: -1 | 1) => void;
  /** A Plan row dragged onto this one and let go (issue 31): its list places it. */
  onTakeDrop?: (dragged: Task) => void;
};

/**
 * spec §2 "Workspace task row": the box (and the name, its label) toggles the task between PLANNED
 * and IDLE; a slide-out menu with Rename and Delete opens from the three-dot button or a swipe of
 * more than 50 px to the left, and closes with a swipe to the right, Escape or a tap elsewhere.
 * Every change shows at once and is rolled back with a toast by the mutation hooks if it fails.
 * Focused, the row answers x (toggle), e (rename) and Delete (decision 022).
 */
export function TaskRow(props: TaskRowProps) {
  const setting = usePlanRowSetting();
  // A screen's lists share one setting; a row on its own reads it for itself.
  if (setting) return <PlanTaskRow {...props} setting={setting} />;
  return (
    <PlanRowSettingProvider>
      <TaskRow {...props} />
    </PlanRowSettingProvider>
  );
}

function PlanTaskRow({
  task,
  color,
  onShift,
  onTakeDrop,
  setting,
}: TaskRowProps & { setting: PlanRowSetting }) {
  const { today, timeZone, openTask, navigate } = setting;
  const taskAction = useTaskAction();
  const planForDay = usePlanForDay();
  const renameTask = useRenameTask();
  const deleteTask = useDeleteTask();
  // A task an automation made repeats already.
  const canRepeat = setting.hasAutomation && !task.automationId;

  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const [isRenaming, setIsRenaming] = useState(false);
  const [renameError, setRenameError] = useState<string | null>(null);
  // Lists that are not the workspace snapshot (the detail modal) learn of a change only after it
  // is saved, so the row shows its own change until then.
  const [isRemoved, setIsRemoved] = useState(false);

  const rowRef = useRef<HTMLElement>(null);
  const checkboxRef = useRef<HTMLInputElement>(null);
  const moreButtonRef = useRef<HTMLButtonElement>(null);
  const firstActionRef = useRef<HTMLButtonElement>(null);
  const swipeStart = useRef<{ x: number; y: number } | null>(null);
  const didDrag = useRef(false);
  // A field removed while focused may still report a blur; one rename ends once.
  const hasRenameEnded = useRef(false);
  const checkboxId = useId();
  const actionsId = useId();
  // Issue 29: a row dropped on a day of Plan's day bar is planned for that day (PlanDayDrag).
  const drag = useDraggable({ id: `plan-task:${task.id}`, data: { [PLAN_TASK_DRAG]: task } });
  const { setNodeRef } = drag;
  // Issue 31: a row of a list that keeps its order takes drops; the list says what they do.
  const drop = useDroppable({
    id: rowDropId(task.id),
    data: { [TAKE_DROP]: onTakeDrop },
    disabled: onTakeDrop === undefined,
  });
  const { setNodeRef: setDropRef } = drop;
  const setRowRef = useCallback(
    (element: HTMLElement | null) => {
      rowRef.current = element;
      setNodeRef(element);
      setDropRef(element);
    },
    [setNodeRef, setDropRef],
  );

  const name = task.name;
  const isPlanned = task.state === 'PLANNED';

  useEffect(() => {
    if (!isMenuOpen) return;
    const closeOnOutsidePointer = (event: globalThis.PointerEvent) => {
      if (event.target instanceof Node && !rowRef.current?.contains(event.target)) {
        setIsMenuOpen(false);
      }
    };
    document.addEventListener('pointerdown', closeOnOutsidePointer);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePointer);
  }, [isMenuOpen]);

  if (isRemoved) return null;

  const openMenu = () => {
    setIsMenuOpen(true);
    // After the slide-out renders, keyboard users continue in it.
    window.setTimeout(() => firstActionRef.current?.focus());
  };

  const closeMenu = (returnFocus: boolean) => {
    setIsMenuOpen(false);
    if (returnFocus) moreButtonRef.current?.focus();
  };

  const isAutomation = task.automationId !== null;

  /** Checking plans for the day chosen on the day bar; unchecking idles, whatever its day. */
  const toggle = () => {
    // Read when checked: choosing another day on the day bar draws no row again.
    const planningDay = usePlanningDayStore.getState().day;
    if (!isPlanned && planningDay !== null && planningDay > today) {
      planForDay.mutate({
        taskId: task.id,
        projectId: task.projectId,
        isAutomation,
        day: planningDay,
      });
      return;
    }
    taskAction.mutate({
      taskId: task.id,
      projectId: task.projectId,
      action: isPlanned ? 'idle' : 'plan',
      isAutomation,
    });
  };

  const planForTomorrow = () =>
    planForDay.mutate({
      taskId: task.id,
      projectId: task.projectId,
      isAutomation,
      day: addDaysTo(today, 1),
    });

  const startRename = () => {
    hasRenameEnded.current = false;
    setIsMenuOpen(false);
    setRenameError(null);
    setIsRenaming(true);
  };

  const finishRename = (value: string, { returnFocus }: { returnFocus: boolean }) => {
    const outcome = renameOutcome(name, value);
    if (outcome.kind === 'invalid') {
      setRenameError(outcome.message);
      return;
    }
    if (hasRenameEnded.current) return;
    hasRenameEnded.current = true;
    setIsRenaming(false);
    if (returnFocus) window.setTimeout(() => checkboxRef.current?.focus());
    if (outcome.kind === 'keep') return;
    renameTask.mutate({ taskId: task.id, projectId: task.projectId, name: outcome.name });
  };

  const cancelRename = () => {
    hasRenameEnded.current = true;
    setIsRenaming(false);
    window.setTimeout(() => checkboxRef.current?.focus());
  };

  const remove = () => {
    setIsRemoved(true);
    deleteTask.mutate({
      taskId: task.id,
      projectId: task.projectId,
      isAutomation: task.automationId !== null,
    });
  };

  const startMove = () => {
    setIsMenuOpen(false);
    openMoveDialog(task, checkboxRef.current);
  };

  const editDeadline = () => {
    setIsMenuOpen(false);
    openDeadlineDialog(task, checkboxRef.current);
  };

  const editEstimate = () => {
    setIsMenuOpen(false);
    openEstimateDialog(task, checkboxRef.current);
  };

  const handlePointerDown = (event: PointerEvent<HTMLElement>) => {
    didDrag.current = false;
    if (isRenaming || (event.pointerType === 'mouse' && event.button !== 0)) return;
    swipeStart.current = { x: event.clientX, y: event.clientY };
  };

  const handlePointerMove = (event: PointerEvent<HTMLElement>) => {
    const start = swipeStart.current;
    // A drag onto a day carries the row; it is no swipe for the menu.
    if (!start || drag.isDragging) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.hypot(dx, dy) > TAP_TOLERANCE_PX) didDrag.current = true;
    if (Math.abs(dx) <= TIMINGS.swipeThresholdPx || Math.abs(dx) < Math.abs(dy)) return;
    swipeStart.current = null;
    if (dx < 0) setIsMenuOpen(true);
    else setIsMenuOpen(false);
  };

  const endSwipe = () => {
    swipeStart.current = null;
  };

  // A swipe, or a drag short of one, ends with a click on whatever it started on; that click must
  // not toggle the task (issue 16: a 45 px drag used to un-plan it).
  const swallowClickAfterDrag = (event: MouseEvent) => {
    if (!didDrag.current) return;
    didDrag.current = false;
    event.preventDefault();
    event.stopPropagation();
  };

  // While the menu is out, a tap on the row puts it back instead of toggling the task.
  const closeMenuOnContentClick = (event: MouseEvent) => {
    if (!isMenuOpen) return;
    if (event.target instanceof Node && moreButtonRef.current?.contains(event.target)) return;
    event.preventDefault();
    event.stopPropagation();
    setIsMenuOpen(false);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape' && isMenuOpen) {
      event.stopPropagation();
      closeMenu(true);
      return;
    }
    const key = rowKeyFor(event);
    if (!key) return;
    if (key === 'toggle') toggle();
    else if (key === 'open') openTask(task.id);
    else if (key === 'tomorrow' && task.completedAt === null) planForTomorrow();
    else if (key === 'rename') startRename();
    else if (key === 'estimate') editEstimate();
    else if ((key === 'moveUp' || key === 'moveDown') && onShift) {
      onShift(key === 'moveUp' ? -1 : 1);
      // The row is drawn again in its new place; focus follows it there.
      window.setTimeout(() => checkboxRef.current?.focus());
    } else if (key === 'delete') {
      focusNeighbourOf(rowRef.current);
      remove();
    } else return;
    event.preventDefault();
  };

  return (
    <TaskRowFrame
      as="li"
      rowRef={setRowRef}
      {...drag.listeners}
      density="compact"
      taskId={task.id}
      color={color}
      isChecked={isPlanned}
      isMenuOpen={isMenuOpen}
      data-drop-over={(drop.isOver && !drag.isDragging) || undefined}
      onPointerDown={handlePointerDown}
      onPointerMove={handlePointerMove}
      onPointerUp={endSwipe}
      onPointerCancel={endSwipe}
      onClickCapture={swallowClickAfterDrag}
      onKeyDown={handleKeyDown}
      onContentClickCapture={closeMenuOnContentClick}
      check={
        <TaskRowCheckbox
          id={checkboxId}
          inputRef={checkboxRef}
          name={name}
          isChecked={isPlanned}
          title={isPlanned ? 'Planned for Execute' : 'Plan for Execute'}
          onChange={toggle}
        />
      }
      name={
        isRenaming ? (
          <RenameField
            name={name}
            error={renameError}
            onEdit={() => setRenameError(null)}
            onSubmit={(value) => finishRename(value, { returnFocus: true })}
            onCancel={cancelRename}
            onLeave={(value, isValid) => {
              if (isValid) {
                finishRename(value, { returnFocus: false });
              } else {
                hasRenameEnded.current = true;
                setIsRenaming(false);
              }
            }}
          />
        ) : (
          <>
            <TaskRowName htmlFor={checkboxId}>
              <TaskName name={name} />
            </TaskRowName>
            <DayMarks
              today={today}
              plannedFor={isPlanned ? task.plannedFor : null}
              carriedOver={isPlanned ? task.carriedOver : 0}
              deadline={task.deadline}
              hasNotes={task.hasNotes}
              checklist={task.checklist}
              estimate={task.estimate}
              actualSeconds={task.actualSeconds}
              remindAt={task.completedAt ? null : task.remindAt}
              timeZone={timeZone}
            />
          </>
        )
      }
      end={
        !isRenaming && (
          <button
            ref={moreButtonRef}
            type="button"
            className={taskRowMenuButtonClassName}
            aria-label="Task actions"
            title="Task actions"
            aria-expanded={isMenuOpen}
            aria-controls={isMenuOpen ? actionsId : undefined}
            onClick={() => (isMenuOpen ? closeMenu(false) : openMenu())}
          >
            <MoreIcon />
          </button>
        )
      }
      actions={
        isMenuOpen && (
          <TaskRowActions id={actionsId} label="Task actions">
            <TaskRowAction buttonRef={firstActionRef} onClick={startRename}>
              <PencilIcon />
              Rename
            </TaskRowAction>
            <TaskRowAction onClick={editDeadline}>
              <FlagIcon />
              Deadline
            </TaskRowAction>
            <TaskRowAction onClick={editEstimate}>
              <ClockIcon />
              Estimate…
            </TaskRowAction>
            {!isAutomation && (
              <TaskRowAction onClick={startMove}>
                <MoveIcon />
                Move to…
              </TaskRowAction>
            )}
            {canRepeat && (
              <TaskRowAction onClick={() => navigate(repeatPathOf(task))}>
                <RefreshIcon />
                Repeat…
              </TaskRowAction>
            )}
            <TaskRowAction
              onClick={() => {
                setIsMenuOpen(false);
                openTask(task.id);
              }}
            >
              <DetailsIcon />
              Open
            </TaskRowAction>
            <TaskRowAction tone="danger" onClick={remove}>
              <TrashIcon />
              Delete
            </TaskRowAction>
          </TaskRowActions>
        )
      }
    />
  );
}
