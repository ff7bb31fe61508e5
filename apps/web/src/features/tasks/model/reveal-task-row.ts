import { useEffect, useRef } from 'react';
import { focusTaskRow, retryUntilShown } from '../../../ui/keyboard.ts';

/**
 * Long lists render only the rows near the screen (decision 032), so a task the screen holds
 * may have no row in the page yet. A request for its row goes out as this event; the list that
 * holds the task takes it (cancels the event) and scrolls the row into being.
 */
const REVEAL_TASK_ROW = 'hustle:reveal-task-row';

/** The event's detail is the task's id. */
type RevealRequest = CustomEvent<string>;

/** How long a list has to render a row it took the request for. */
const REVEAL_TIMEOUT_MS = 2_000;

/**
 * Focuses the row of a task on the screen, rendered or not (the palette's "show the task");
 * false when no list on the screen holds it.
 */
export async function focusTaskRowAnywhere(taskId: string): Promise<boolean> {
  if (focusTaskRow(taskId)) return true;
  if (!requestTaskRow(taskId)) return false;
  return retryUntilShown(() => focusTaskRow(taskId), REVEAL_TIMEOUT_MS);
}

/**
 * Focuses the task's row if it is in the page, else asks the lists to render it (for a caller
 * that retries until it is there); true once focused.
 */
export function focusOrRevealTaskRow(taskId: string): boolean {
  if (focusTaskRow(taskId)) return true;
  requestTaskRow(taskId);
  return false;
}

/** Asks the lists for the task's row; true when one holds the task and renders it. */
function requestTaskRow(taskId: string): boolean {
  const request: RevealRequest = new CustomEvent(REVEAL_TASK_ROW, {
    detail: taskId,
    cancelable: true,
  });
  document.dispatchEvent(request);
  return request.defaultPrevented;
}

/**
 * A list that renders part of its rows answers requests for the others: `reveal` brings the
 * task's row into the page and says whether the list holds the task.
 */
export function useRevealTaskRow(reveal: (taskId: string) => boolean) {
  const revealRef = useRef(reveal);
  useEffect(() => {
    revealRef.current = reveal;
  });

  useEffect(() => {
    const handleRequest = (event: Event) => {
      if (revealRef.current((event as RevealRequest).detail)) event.preventDefault();
    };
    document.addEventListener(REVEAL_TASK_ROW, handleRequest);
    return () => document.removeEventListener(REVEAL_TASK_ROW, handleRequest);
  }, []);
}
