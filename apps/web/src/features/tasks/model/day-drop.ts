import type { UniqueIdentifier } from '@dnd-kit/core';

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
