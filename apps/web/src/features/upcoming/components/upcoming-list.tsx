import {
  closestCenter,
  DndContext,
  DragOverlay,
  pointerWithin,
  useDraggable,
  useDroppable,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
  type ScreenReaderInstructions,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { TIMINGS } from '@hustle/shared/constants';
import { memo, useCallback, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { FlagIcon, RepeatIcon } from '../../../ui/icons.tsx';
import { useSortableSensors } from '../../../ui/use-sortable-sensors.ts';
import { TaskRow, type TaskRowActions } from '../../execute/components/task-row.tsx';
import type { ExecuteItem } from '../../execute/model/execute-list.ts';
import { spokenDay } from '../../tasks/model/day-labels.ts';
import { useRevealTaskRow } from '../../tasks/model/reveal-task-row.ts';
import { dayByDayCoordinates } from '../model/day-by-day.ts';
import { neighbourDay, type UpcomingDay } from '../model/upcoming-days.ts';
import { upcomingHeading } from '../model/upcoming-labels.ts';
import styles from './upcoming-list.module.css';
import { DayLoadText, spokenLoad } from '../../tasks/components/load-bar.tsx';

/** Rows a day shows before "Show all": a crowded day stays one screen, however full. */
const DAY_ROWS_SHOWN = 30;

/** How far beyond the window a day's rows render ahead of being scrolled to. */
const RENDER_AHEAD = '600px';

const INSTRUCTIONS: ScreenReaderInstructions = {
  draggable:
    'To move a task to another day, press Space or Enter on its handle. Each press of the up or ' +
    'down arrow key moves it one day; Space or Enter drops it, Escape cancels.',
};

/** The pointer's day while it is over one; for the keyboard (no pointer) the nearest day. */
const overDay: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  return within.length > 0 ? within : closestCenter(args);
};

type UpcomingListProps = {
  days: UpcomingDay[];
  today: string;
  actions: TaskRowActions;
  /** Plans the task for that day, at the end of its list (one planTaskForDay command). */
  onMove: (task: ExecuteItem, day: string) => void;
};

/**
 * Upcoming's days (issue 29), one after the other; a task moves to another day by dragging it
 * onto the day, by the keyboard drag on its handle (↑/↓ a day at a time), or by Alt+↑/↓ on the
 * focused row. Each move is said aloud with the day it went to.
 */
export function UpcomingList({ days, today, actions, onMove }: UpcomingListProps) {
  const [activeId, setActiveId] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // Days a keyboard move sent a task to render their rows at once, wherever they are.
  const [revealed, setRevealed] = useState<ReadonlySet<string>>(() => new Set());
  const sensors = useSortableSensors(dayByDayCoordinates);

  const dayOf = useMemo(() => {
    const map = new Map<string, { item: ExecuteItem; day: string }>();
    for (const { day, tasks } of days) for (const item of tasks) map.set(item.id, { item, day });
    return map;
  }, [days]);

  const announcements = useMemo<Announcements>(() => {
    const nameOf = (id: UniqueIdentifier) => dayOf.get(String(id))?.item.name ?? 'The task';
    const when = (id: UniqueIdentifier) => spokenDay(String(id), today);
    return {
      onDragStart: ({ active }) => {
        const from = dayOf.get(String(active.id))?.day;
        return `Picked up ${nameOf(active.id)}${from ? `, planned for ${when(from)}` : ''}.`;
      },
      onDragOver: ({ active, over }) =>
        over ? `${nameOf(active.id)} is over ${when(over.id)}.` : undefined,
      onDragEnd: ({ active, over }) =>
        over
          ? `${nameOf(active.id)} is planned for ${when(over.id)}.`
          : `${nameOf(active.id)} was put back.`,
      onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
    };
  }, [dayOf, today]);

  // The row comes back in the other day's list once the copy has the move: focus follows it.
  const focusAfterMove = useRef<{ taskId: string; day: string } | null>(null);
  useEffect(() => {
    const pending = focusAfterMove.current;
    if (!pending || dayOf.get(pending.taskId)?.day !== pending.day) return;
    focusAfterMove.current = null;
    document
      .querySelector<HTMLElement>(
        `[data-upcoming-day="${pending.day}"] [data-task-id="${CSS.escape(pending.taskId)}"] [role="checkbox"]`,
      )
      ?.focus();
  }, [dayOf]);

  const move = (taskId: string, day: string) => {
    const found = dayOf.get(taskId);
    if (!found || found.day === day) return false;
    onMove(found.item, day);
    return true;
  };

  const handleDragStart = ({ active }: DragStartEvent) => setActiveId(String(active.id));
  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    setActiveId(null);
    if (over) move(String(active.id), String(over.id));
  };

  const shift = (taskId: string, step: 1 | -1) => {
    const found = dayOf.get(taskId);
    const to = found && neighbourDay(found.day, step, today);
    if (!found || !to || !move(taskId, to)) return;
    setRevealed((days) => new Set(days).add(to));
    setAnnouncement(`${found.item.name} moved to ${spokenDay(to, today)}.`);
    focusAfterMove.current = { taskId, day: to };
  };

  // Rows are memoised: they get one function for the list's life that calls the current shift.
  const shiftRef = useRef(shift);
  useEffect(() => {
    shiftRef.current = shift;
  });
  const onShift = useCallback((taskId: string, step: 1 | -1) => shiftRef.current(taskId, step), []);

  // A task's row asked for (the palette's "show the task"): its day renders its rows at once.
  useRevealTaskRow((taskId) => {
    const found = dayOf.get(taskId);
    if (found) setRevealed((days) => (days.has(found.day) ? days : new Set(days).add(found.day)));
    return found !== undefined;
  });

  const active = activeId ? dayOf.get(activeId)?.item : undefined;

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={overDay}
      accessibility={{ announcements, screenReaderInstructions: INSTRUCTIONS }}
      onDragStart={handleDragStart}
      onDragEnd={handleDragEnd}
      onDragCancel={() => setActiveId(null)}
    >
      <ol
        className={styles.days}
        aria-label="The next 14 days"
        data-dragging={active ? '' : undefined}
      >
        {days.map((day) => (
          <DaySection
            key={day.day}
            day={day}
            today={today}
            isRevealed={revealed.has(day.day)}
            actions={actions}
            onShift={onShift}
          />
        ))}
      </ol>
      <div className="visually-hidden" aria-live="assertive" aria-atomic="true">
        {announcement}
      </div>
      <DragOverlay zIndex={TIMINGS.dragOverlayZIndex} className={styles.overlay}>
        {active ? (
          // A picture of the row: kept out of the accessibility tree and the tab order.
          <div inert aria-hidden="true">
            <TaskRow {...active} isDone={false} actions={actions} isOverlay />
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}

type DaySectionProps = {
  day: UpcomingDay;
  today: string;
  /** Render the rows even while the day is far from the window. */
  isRevealed: boolean;
  actions: TaskRowActions;
  onShift: (taskId: string, step: 1 | -1) => void;
};

/** One day: a heading, its tasks, then the automation runs and deadlines on it; one line when empty. */
const DaySection = memo(function DaySection({
  day: { day, tasks, runs, deadlines, load },
  today,
  isRevealed,
  actions,
  onShift,
}: DaySectionProps) {
  const { setNodeRef, isOver } = useDroppable({ id: day });
  const [isNear, nearRef] = useIsNear();
  const ref = useCallback(
    (element: HTMLLIElement | null) => {
      setNodeRef(element);
      nearRef(element);
    },
    [setNodeRef, nearRef],
  );
  const [isWhole, setIsWhole] = useState(false);
  const heading = upcomingHeading(day, today);
  const spoken = spokenDay(day, today);
  const isEmpty = tasks.length === 0 && runs.length === 0 && deadlines.length === 0;
  const countText = isEmpty ? 'nothing planned' : tasksText(tasks.length);
  const shown = isWhole ? tasks : tasks.slice(0, DAY_ROWS_SHOWN);

  return (
    <li
      ref={ref}
      className={styles.day}
      data-upcoming-day={day}
      data-over={isOver ? '' : undefined}
      data-empty={isEmpty ? '' : undefined}
    >
      <h2
        className={styles.heading}
        aria-label={`${spoken}, ${countText}${load.planned > 0 ? `, ${spokenLoad(load)}` : ''}`}
      >
        <span className={styles.title}>{heading.title}</span>
        {heading.date && <span className={styles.date}>{heading.date}</span>}
        {isEmpty ? (
          <span className={styles.free}>Nothing planned</span>
        ) : (
          tasks.length > 0 && <span className={styles.count}>{tasksText(tasks.length)}</span>
        )}
        {load.planned > 0 && <DayLoadText load={load} />}
      </h2>
      {tasks.length > 0 &&
        (isNear || isRevealed ? (
          <ul className={styles.tasks} aria-label={`Planned for ${spoken}`}>
            {shown.map((item) => (
              <DraggableRow key={item.id} item={item} actions={actions} onShift={onShift} />
            ))}
          </ul>
        ) : (
          // Its rows' room, kept until it comes near the window (as Execute's long list does).
          <div className={styles.tasksToCome} style={{ '--rows': shown.length } as CSSProperties} />
        ))}
      {tasks.length > shown.length && (
        <button type="button" className={styles.showAll} onClick={() => setIsWhole(true)}>
          Show all {tasks.length} tasks
        </button>
      )}
      {(runs.length > 0 || deadlines.length > 0) && (
        <ul className={styles.notes} aria-label={`Also on ${spoken}`}>
          {runs.map((run) => (
            <li key={run.automationId} className={styles.note}>
              <RepeatIcon />
              <span className={styles.noteText}>
                <span className="visually-hidden">Automation adds </span>
                {run.taskName}
              </span>
              <span className={styles.noteKind} aria-hidden="true">
                Automation
              </span>
            </li>
          ))}
          {deadlines.map((deadline) => (
            <li key={deadline.taskId} className={styles.note}>
              <FlagIcon />
              <span className={styles.noteText}>
                <span className="visually-hidden">Deadline: </span>
                {deadline.name}
              </span>
              <span className={styles.noteKind} aria-hidden="true">
                Deadline
              </span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
});

/**
 * Whether the element has come near the window (and so stays): days further down render their
 * rows only then, so a long fortnight paints its first screen as fast as Execute. Without an
 * IntersectionObserver, everything renders.
 */
function useIsNear(): [boolean, (element: Element | null) => void] {
  const [isNear, setIsNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const [element, setElement] = useState<Element | null>(null);
  useEffect(() => {
    if (isNear || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setIsNear(true);
      },
      { rootMargin: `${RENDER_AHEAD} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [isNear, element]);
  return [isNear, setElement];
}

const tasksText = (count: number) => (count === 1 ? '1 task' : `${count} tasks`);

const DraggableRow = memo(function DraggableRow({
  item,
  actions,
  onShift,
}: {
  item: ExecuteItem;
  actions: TaskRowActions;
  onShift: (taskId: string, step: 1 | -1) => void;
}) {
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, isDragging } = useDraggable({
    id: item.id,
  });
  return (
    <li
      ref={setNodeRef}
      className={isDragging ? `${styles.item} ${styles.placeholder}` : styles.item}
      // Mouse and touch pick the row up from anywhere after the delay; the keyboard only from
      // the handle (dnd-kit checks the activator node for key presses).
      {...listeners}
    >
      <TaskRow
        {...item}
        isDone={false}
        actions={actions}
        handleRef={setActivatorNodeRef}
        handleAttributes={attributes}
        onShift={onShift}
      />
    </li>
  );
});
