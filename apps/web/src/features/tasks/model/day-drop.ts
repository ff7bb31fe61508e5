import type { Collision, UniqueIdentifier } from '@dnd-kit/core';
import type { Task } from '@hustle/shared/tasks';

/** Where a Plan task row puts its task in the drag's data, for the day bar to read. */
export const PLAN_TASK_DRAG = 'planTask';

const DAY_DROP = 'plan-day:';

/** The id a day bar pill takes drops under. */
export const dayDropId = (day: string) => `${DAY_DROP}${day}`;

/** The day a drop landed on, or null when it was no day pill. */
export const dayOfDrop = (id: UniqueIdentifier): string | null => {
  const text = String(id);
  return text.startsWith(DAY_DROP) ? text.slice(DAY_DROP.length) : null;
};

/**
 * Where a drop target (a project card, a row of one, issue 31) puts what it does with a task let
 * go over it, in its drop data.
 */
export const TAKE_DROP = 'takeDrop';
export type TakeDrop = (dragged: Task) => void;

const ROW_DROP = 'plan-row:';

/** The id a task row takes drops under. */
export const rowDropId = (taskId: string) => `${ROW_DROP}${taskId}`;

/** The id a project card takes drops under. */
export const projectDropId = (projectId: string) => `plan-project:${projectId}`;

/** The id Plan's inbox takes drops under: a project's task let go there moves to the inbox. */
export const INBOX_DROP_ID = 'plan-inbox';

/** Whether a drop target is a task row, which comes before the card around it. */
export const isRowDrop = (id: UniqueIdentifier) => String(id).startsWith(ROW_DROP);

/** What the target does with a task let go over it; undefined for one that takes none. */
export const takeDropOf = (data: unknown): TakeDrop | undefined =>
  typeof data === 'object' && data !== null && TAKE_DROP in data
    ? (data as { [TAKE_DROP]: TakeDrop | undefined })[TAKE_DROP]
    : undefined;

/**
 * Drops behind a modal do not count: while one is open, only targets inside it take a drop, so
 * a row dragged in a project's modal never lands on a day pill or card behind its backdrop.
 */
export function collisionsInFront(collisions: Collision[], front: Element | null): Collision[] {
  if (!front) return collisions;
  return collisions.filter((collision) => {
    const node: unknown = collision.data?.droppableContainer?.node?.current;
    return node instanceof Node && front.contains(node);
  });
}
