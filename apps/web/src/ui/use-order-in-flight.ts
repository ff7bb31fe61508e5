import { useState } from 'react';

/**
 * A list's order as the last move left it, until the list handed in shows that move. A move's
 * optimistic update lands a tick after the key press, so a second Alt+↑ in between must move on
 * from the first, not repeat it. Returns the order to move from and the way to record a move.
 */
export function useOrderInFlight(shownIds: readonly string[]) {
  const [moved, setMoved] = useState<{ from: string; ids: readonly string[] } | null>(null);
  const shownKey = shownIds.join();
  const ids = moved?.from === shownKey ? moved.ids : shownIds;
  const recordMove = (order: readonly string[]) => setMoved({ from: shownKey, ids: order });
  return [ids, recordMove] as const;
}
