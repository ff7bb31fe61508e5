import type { UniqueIdentifier } from '@dnd-kit/core';
import { arrowStepCoordinates, type Slot } from '../../../ui/place-by-place.ts';

/**
 * Where a dragged row's top goes to sit centred on the day before (-1) or after (1) the one it
 * is over; undefined at either end. Days differ in height (an empty one is a single line), so
 * it aims at the middle of the next day rather than moving by a fixed step.
 */
export function nextDayY(
  days: readonly Slot[],
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
export const dayByDayCoordinates = arrowStepCoordinates((days, { overId, direction, current }) => {
  const y = nextDayY(days, overId, direction, current.height);
  return y === undefined ? undefined : { x: current.x, y };
});
