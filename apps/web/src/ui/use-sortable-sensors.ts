import {
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { TIMINGS } from '@hustle/shared/constants';
import { useMemo } from 'react';

/**
 * spec §4/§9: a pick-up (mouse or long-press) becomes a drag after 100 ms held still, so
 * scrolling and taps still work on touch.
 */
const DELAYED_START = {
  activationConstraint: { delay: TIMINGS.dragStartDelayMs, tolerance: 5 },
};

/** Mouse, touch and keyboard dragging for a sortable list; the list decides how arrows move. */
export function useSortableSensors(keyboardCoordinates: KeyboardCoordinateGetter) {
  // Stable options: new ones each render would rebuild every row's drag listeners. When a press
  // takes the item past the window's middle the page scrolls instead; a smooth scroll still
  // under way when the next press (or key repeat) comes makes that press fall short of a place.
  const keyboardOptions = useMemo(
    () => ({ coordinateGetter: keyboardCoordinates, scrollBehavior: 'instant' as const }),
    [keyboardCoordinates],
  );
  return useSensors(
    useSensor(MouseSensor, DELAYED_START),
    useSensor(TouchSensor, DELAYED_START),
    useSensor(KeyboardSensor, keyboardOptions),
  );
}
