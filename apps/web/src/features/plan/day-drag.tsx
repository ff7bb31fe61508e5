import {
  DndContext,
  DragOverlay,
  MouseSensor,
  pointerWithin,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { TIMINGS } from '@hustle/shared/constants';
import type { Task } from '@hustle/shared/tasks';
import { useMemo, useState, type ReactNode } from 'react';
import { usePlanForDay } from '../tasks/api/plan-for-day.ts';
import { spokenDay } from '../tasks/model/day-labels.ts';
import { topModal } from '../../ui/modal.tsx';
import {
  collisionsInFront,
  dayOfDrop,
  isRowDrop,
  PLAN_TASK_DRAG,
  takeDropOf,
} from '../tasks/model/day-drop.ts';
import styles from './day-bar.module.css';

/** spec §4/§9: a pick-up becomes a drag after 100 ms held still, so taps and scrolling work. */
const DELAYED_START = {
  activationConstraint: { delay: TIMINGS.dragStartDelayMs, tolerance: 5 },
};

const taskOf = (data: unknown): Task | null =>
  typeof data === 'object' && data !== null && PLAN_TASK_DRAG in data
    ? (data as { [PLAN_TASK_DRAG]: Task })[PLAN_TASK_DRAG]
    : null;

/** Under the pointer and not behind an open modal's backdrop. */
const inFrontUnderPointer: CollisionDetection = (args) =>
  collisionsInFront(pointerWithin(args), topModal());

/**
 * Plan's drag onto a day (issue 29): a task row picked up with the mouse or a long press and
 * dropped on a pill of the day bar is planned for that day, at its end. Dropped on a project card
 * it moves into that project, on the inbox back to it; on a row of one, it takes that row's place (issue 31). The keyboard does the
 * same by choosing the day on the bar and checking the task (or `t` for tomorrow), so rows get
 * no keyboard drag of their own.
 */
export function PlanDayDrag({ today, children }: { today: string; children: ReactNode }) {
  const sensors = useSensors(
    useSensor(MouseSensor, DELAYED_START),
    useSensor(TouchSensor, DELAYED_START),
  );
  const { mutate: planForDay } = usePlanForDay();
  const [dragged, setDragged] = useState<Task | null>(null);

  const announcements = useMemo<Announcements>(() => {
    const nameOf = (data: unknown) => taskOf(data)?.name ?? 'The task';
    const dayName = (id: UniqueIdentifier) => {
      const day = dayOfDrop(id);
      return day ? spokenDay(day, today) : null;
    };
    return {
      onDragStart: ({ active }) =>
        `Picked up ${nameOf(active.data.current)}. Drop it on a day to plan it for that day, or on a project or the inbox to move it there.`,
      onDragOver: ({ active, over }) => {
        const day = over && dayName(over.id);
        return day ? `${nameOf(active.data.current)} is over ${day}.` : undefined;
      },
      onDragEnd: ({ active, over }) => {
        const day = over && dayName(over.id);
        if (day) return `${nameOf(active.data.current)} is planned for ${day}.`;
        return over ? undefined : `${nameOf(active.data.current)} was put back.`;
      },
      onDragCancel: ({ active }) => `Moving ${nameOf(active.data.current)} was cancelled.`,
    };
  }, [today]);

  const handleDragStart = ({ active }: DragStartEvent) => setDragged(taskOf(active.data.current));
  const handleDragEnd = ({ active, over, collisions }: DragEndEvent) => {
    setDragged(null);
    const task = taskOf(active.data.current);
    // Issue 31: over a row of a project (before the card around it) or a project card.
    const targets = [...(collisions ?? [])].sort(
      (a, b) => Number(isRowDrop(b.id)) - Number(isRowDrop(a.id)),
    );
    const taker = targets
      .map((target) => takeDropOf(target.data?.droppableContainer?.data.current))
      .find(Boolean);
    if (task && taker && !(over && dayOfDrop(over.id))) {
      taker(task);
      return;
    }
    const day = over && dayOfDrop(over.id);
    if (!task || !day || (task.plannedFor === day && task.state === 'PLANNED')) return;
    planForDay({
      taskId: task.id,
      projectId: task.projectId,
      isAutomation: task.automationId !== null,
      day,
    });
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={inFrontUnderPointer}
      accessibility={{ announcements }}
      onDragStart={handleDragStart}
      onDragEnd={handleDragEnd}
      onDragCancel={() => setDragged(null)}
    >
      {children}
      <DragOverlay zIndex={TIMINGS.dragOverlayZIndex} dropAnimation={null}>
        {dragged ? (
          <div className={styles.dragged} inert aria-hidden="true">
            {dragged.name}
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
