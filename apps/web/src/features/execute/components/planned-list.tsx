import {
  closestCenter,
  defaultDropAnimationSideEffects,
  DndContext,
  DragOverlay,
  type Announcements,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  type DropAnimation,
  type ScreenReaderInstructions,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { restrictToVerticalAxis } from '@dnd-kit/modifiers';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { Transform } from '@dnd-kit/utilities';
import { TIMINGS } from '@hustle/shared/constants';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { placeByPlaceCoordinates } from '../../../ui/place-by-place.ts';
import { useSortableSensors } from '../../../ui/use-sortable-sensors.ts';
import { usePrefersReducedMotion } from '../hooks/use-prefers-reduced-motion.ts';
import { useWindowRows } from '../hooks/use-window-rows.ts';
import { planDrop, type ExecuteItem } from '../model/execute-list.ts';
import styles from './planned-list.module.css';
import { TaskRow, type TaskRowActions } from './task-row.tsx';

const MODIFIERS = [restrictToVerticalAxis];

/**
 * A 2D translate, and none at rest: dnd-kit's translate3d on every row would give each of
 * hundreds of rows its own compositing layer for the whole drag.
 */
function toTranslate(transform: Transform | null): string | undefined {
  if (!transform || (transform.x === 0 && transform.y === 0)) return undefined;
  return `translate(${Math.round(transform.x)}px, ${Math.round(transform.y)}px)`;
}

const DROP_ANIMATION: DropAnimation = {
  duration: 180,
  easing: 'cubic-bezier(0.2, 0.8, 0.2, 1)',
  sideEffects: defaultDropAnimationSideEffects({ styles: { active: { opacity: '0' } } }),
};

const INSTRUCTIONS: ScreenReaderInstructions = {
  draggable:
    'To move a task, press Space or Enter on its handle. Each press of the up or down arrow key ' +
    'moves it one place; Space or Enter drops it, Escape cancels.',
};

type PlannedListProps = {
  items: ExecuteItem[];
  /**
   * Open planned tasks on the whole list: the copy may hold only its first pages, and a screen
   * reader should hear "3 of 250", not "3 of 100".
   */
  count: number;
  actions: TaskRowActions;
  /** A drop that changed the order; afterTaskId null means "to the front" (spec §7). */
  onMove: (taskId: string, afterTaskId: string | null) => void;
};

/**
 * spec §2 Execute: the open planned tasks as a drag-sortable list. The new order shows at once
 * on drop (it is kept here until the workspace reflects the move, so the row never jumps back).
 * Alt+↑/↓ on a focused row moves it one place with the same call a drop sends (decision 022).
 * Only the rows near the window are rendered (decision 033); the dragged row and the one it is
 * over stay rendered while the window scrolls away from them.
 */
export function PlannedList({ items, count, actions, onMove }: PlannedListProps) {
  const [activeId, setActiveId] = useState<string | null>(null);
  const [overId, setOverId] = useState<string | null>(null);
  const [dropped, setDropped] = useState<{ items: ExecuteItem[]; order: string[] } | null>(null);
  const isReducedMotion = usePrefersReducedMotion();

  const sensors = useSortableSensors(placeByPlaceCoordinates);

  const byId = useMemo(() => new Map(items.map((item) => [item.id, item])), [items]);
  const ids = useMemo(() => {
    // A drop made against this very list wins until the workspace catches up with it.
    if (dropped?.items === items) return dropped.order;
    return items.map((item) => item.id);
  }, [dropped, items]);
  const ordered = useMemo(() => ids.flatMap((id) => byId.get(id) ?? []), [ids, byId]);
  // Places are told out of the whole list, pages not yet loaded included.
  const setSize = Math.max(count, ordered.length);
  const orderedIds = useMemo(() => ordered.map((item) => item.id), [ordered]);
  const dragged = useMemo(() => [activeId, overId], [activeId, overId]);
  const { listProps, rows, measureRow, topOf } = useWindowRows(orderedIds, dragged);

  const announcements = useMemo<Announcements>(() => {
    const nameOf = (id: UniqueIdentifier) => byId.get(String(id))?.name ?? 'The task';
    const position = (id: UniqueIdentifier) =>
      `position ${ids.indexOf(String(id)) + 1} of ${setSize}`;
    return {
      onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}.`,
      onDragOver: ({ active, over }) =>
        over ? `${nameOf(active.id)} is at ${position(over.id)}.` : undefined,
      onDragEnd: ({ active, over }) =>
        over
          ? `${nameOf(active.id)} was dropped at ${position(over.id)}.`
          : `${nameOf(active.id)} was dropped.`,
      onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
    };
  }, [byId, ids, setSize]);

  const handleDragStart = ({ active }: DragStartEvent) => setActiveId(String(active.id));
  const handleDragOver = ({ over }: DragOverEvent) => setOverId(over ? String(over.id) : null);
  const endDrag = () => {
    setActiveId(null);
    setOverId(null);
  };

  const drop = (taskId: string, overId: string) => {
    const planned = planDrop(ids, taskId, overId, (id) => byId.has(id));
    if (!planned) return null;
    setDropped({ items, order: planned.order });
    onMove(taskId, planned.afterTaskId);
    return planned.order;
  };

  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    endDrag();
    if (over) drop(String(active.id), String(over.id));
  };

  const [shiftAnnouncement, setShiftAnnouncement] = useState('');
  const shift = (taskId: string, offset: 1 | -1) => {
    const neighbour = ids[ids.indexOf(taskId) + offset];
    const order = neighbour === undefined ? null : drop(taskId, neighbour);
    if (!order) return;
    const name = byId.get(taskId)?.name ?? 'The task';
    setShiftAnnouncement(`${name} moved to position ${order.indexOf(taskId) + 1} of ${setSize}.`);
  };
  // Rows are memoised: they get one function for the list's life that calls the current shift.
  const shiftRef = useRef(shift);
  useEffect(() => {
    shiftRef.current = shift;
  });
  const onShift = useCallback(
    (taskId: string, offset: 1 | -1) => shiftRef.current(taskId, offset),
    [],
  );

  const active = activeId ? byId.get(activeId) : undefined;

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={MODIFIERS}
      accessibility={{ announcements, screenReaderInstructions: INSTRUCTIONS }}
      onDragStart={handleDragStart}
      onDragOver={handleDragOver}
      onDragEnd={handleDragEnd}
      onDragCancel={endDrag}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ul
          className={styles.list}
          aria-label="Planned tasks"
          data-dragging={activeId ? '' : undefined}
          {...listProps}
        >
          {rows.map(({ index, start }) => {
            const item = ordered[index];
            return (
              item && (
                <SortableTaskRow
                  key={item.id}
                  item={item}
                  index={index}
                  setSize={setSize}
                  top={topOf(start)}
                  measureRef={measureRow}
                  actions={actions}
                  onShift={onShift}
                  isReducedMotion={isReducedMotion}
                />
              )
            );
          })}
        </ul>
      </SortableContext>
      <div className="visually-hidden" aria-live="assertive" aria-atomic="true">
        {shiftAnnouncement}
      </div>
      <DragOverlay
        zIndex={TIMINGS.dragOverlayZIndex}
        dropAnimation={isReducedMotion ? null : DROP_ANIMATION}
        className={styles.overlay}
      >
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

const SortableTaskRow = memo(function SortableTaskRow({
  item,
  index,
  setSize,
  top,
  measureRef,
  actions,
  onShift,
  isReducedMotion,
}: {
  item: ExecuteItem;
  /** Its place in the list, and the list's length: only some rows are in the document. */
  index: number;
  setSize: number;
  top: number;
  measureRef: (element: HTMLElement | null) => void;
  actions: TaskRowActions;
  onShift: (taskId: string, offset: 1 | -1) => void;
  isReducedMotion: boolean;
}) {
  const {
    setNodeRef,
    setActivatorNodeRef,
    attributes,
    listeners,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: item.id });
  const ref = useCallback(
    (element: HTMLLIElement | null) => {
      setNodeRef(element);
      measureRef(element);
    },
    [setNodeRef, measureRef],
  );

  return (
    <li
      ref={ref}
      data-index={index}
      aria-posinset={index + 1}
      aria-setsize={setSize}
      className={isDragging ? `${styles.item} ${styles.placeholder}` : styles.item}
      style={{
        // Placed by `top`, not a transform: dnd-kit measures rows without their transforms.
        top,
        transform: toTranslate(transform),
        transition: isReducedMotion ? undefined : transition,
      }}
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
