import type { KeyboardCoordinateGetter, UniqueIdentifier } from '@dnd-kit/core';

type DaySlot = { id: UniqueIdentifier; top: number; height: number };

const DIRECTIONS: Partial<Record<string, 1 | -1>> = { ArrowDown: 1, ArrowUp: -1 };

/**
 * Where a dragged row's top goes to sit centred on the day before (-1) or after (1) the one it
 * is over; undefined at either end. Days differ in height (an empty one is a single line), so
 * it aims at the middle of the next day rather than moving by a fixed step.
 */
export function nextDayY(
  days: readonly DaySlot[],
  overId: UniqueIdentifier | null,
  direction: 1 | -1,
  draggedHeight: number,
): number | undefined {
  const ordered = [...days].sort((a, b) => a.top - b.top);
  const here = ordered.findIndex((day) => day.id === overId);
  if (here === -1) return undefined;
  const target = ordered[here + direction];
  if (!target) return undefined;
  return target.top + target.height / 2 - draggedHeight / 2;
}

/** Keyboard dragging on Upcoming: each arrow press moves the task one day. */
export const dayByDayCoordinates: KeyboardCoordinateGetter = (
  event,
  { currentCoordinates, context },
) => {
  const direction = DIRECTIONS[event.code];
  if (!direction) return undefined;
  // Arrows must move the task, never scroll the page under it.
  event.preventDefault();
  const { collisionRect, droppableRects, over } = context;
  if (!collisionRect) return undefined;
  const days = [...droppableRects].map(([id, rect]) => ({
    id,
    top: rect.top,
    height: rect.height,
  }));
  const y = nextDayY(days, over?.id ?? null, direction, collisionRect.height);
  return y === undefined ? undefined : { x: currentCoordinates.x, y };
};
