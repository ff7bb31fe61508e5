import type { KeyboardCoordinateGetter, UniqueIdentifier } from '@dnd-kit/core';
import type { Coordinates } from '@dnd-kit/utilities';

export type Slot = { id: UniqueIdentifier; top: number; height: number };

/** One arrow press of a keyboard drag: where from, which way, and the dragged item's box. */
export interface ArrowStep {
  activeId: UniqueIdentifier;
  overId: UniqueIdentifier | null;
  direction: 1 | -1;
  current: Coordinates & { height: number };
}

const DIRECTIONS: Partial<Record<string, 1 | -1>> = { ArrowDown: 1, ArrowUp: -1 };

/**
 * Where the dragged item's top edge goes for it to take the next place up (-1) or down (1) in a
 * vertical list: level with the top of a place above where it started, or with the bottom of
 * one below (the places in between close up as it passes). Undefined at either end of the list.
 */
export function nextPlace(
  slots: readonly Slot[],
  { activeId, overId, direction, current }: ArrowStep,
): Coordinates | undefined {
  const ordered = [...slots].sort((a, b) => a.top - b.top);
  const startIndex = ordered.findIndex((slot) => slot.id === activeId);
  const hereIndex = ordered.findIndex((slot) => slot.id === (overId ?? activeId));
  const target = ordered[(hereIndex === -1 ? startIndex : hereIndex) + direction];
  if (startIndex === -1 || !target) return undefined;
  const targetIndex = ordered.indexOf(target);
  const y = targetIndex > startIndex ? target.top + target.height - current.height : target.top;
  return { x: current.x, y };
}

/**
 * A keyboard drag that moves one step per arrow press, where `aim` says a step goes (undefined
 * at either end), instead of dnd-kit's fixed 25 px steps that took several presses to pass a
 * row of any height.
 */
export function arrowStepCoordinates(
  aim: (slots: readonly Slot[], step: ArrowStep) => Coordinates | undefined,
): KeyboardCoordinateGetter {
  return (event, { active, currentCoordinates, context }) => {
    const direction = DIRECTIONS[event.code];
    if (!direction) return undefined;
    // Arrows must move the item, never scroll the page under it.
    event.preventDefault();
    const { collisionRect, droppableRects, over } = context;
    if (!collisionRect) return undefined;
    const slots = [...droppableRects].map(([id, rect]) => ({
      id,
      top: rect.top,
      height: rect.height,
    }));
    return aim(slots, {
      activeId: active,
      overId: over?.id ?? null,
      direction,
      current: { ...currentCoordinates, height: collisionRect.height },
    });
  };
}

/** Keyboard dragging one place per arrow press in a list (issue 16, decision 022). */
export const placeByPlaceCoordinates = arrowStepCoordinates(nextPlace);
