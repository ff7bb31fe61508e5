import type { RunTask } from '@hustle/shared/automations';

/**
 * Where the task a run made shows (decision 026): automation tasks are listed on Execute while
 * planned or done there, and the link asks Execute to focus the row. Null when no screen shows
 * it (moved back to idle, or deleted).
 */
export const taskLinkOf = (task: RunTask): string | null =>
  task && task.state !== 'IDLE' ? `/execute?task=${encodeURIComponent(task.id)}` : null;

/** What became of the task, when there is no link to it. */
export const taskFateOf = (task: RunTask): string | null =>
  task === null ? null : task.state === 'IDLE' ? `“${task.name}” is off your Execute list` : null;
