/**
 * Where a task lands when it moves `offset` places in a list shown in `ids` order (Alt+↑/↓, or a
 * drop on another row): the task it then follows (null: first), and its new place, 1-based.
 * Null when it cannot move so far, or stays where it is.
 */
export function shiftInList(
  ids: readonly string[],
  taskId: string,
  to: number,
): { afterTaskId: string | null; place: number } | null {
  const from = ids.indexOf(taskId);
  if (from < 0 || to < 0 || to >= ids.length || to === from) return null;
  const rest = ids.filter((id) => id !== taskId);
  return { afterTaskId: to === 0 ? null : rest[to - 1]!, place: to + 1 };
}
