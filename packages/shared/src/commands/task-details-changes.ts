import type { ChecklistItem, TaskDetails } from '../task-details.ts';
import type { WorkspaceResponse } from '../workspace.ts';
import { mapTasks } from './workspace-changes.ts';

/**
 * Pure changes to an opened task's copy (issue 31), the ones the server makes; the parity test
 * holds them to its answers. A copy of another task is left as it is.
 */

/** A checklist's progress as a row shows it, "done/total". */
export interface Progress {
  done: number;
  total: number;
}

export const progressOf = (checklist: readonly ChecklistItem[]): Progress => ({
  done: checklist.filter((item) => item.done).length,
  total: checklist.length,
});

/** Whether notes count as written: the row's mark (blank notes are none). */
export const hasNotesText = (notes: string) => notes.trim() !== '';

type ListChange = (checklist: ChecklistItem[]) => ChecklistItem[];

export function changeChecklist(
  details: TaskDetails,
  taskId: string,
  change: ListChange,
): TaskDetails {
  if (details.taskId !== taskId) return details;
  const checklist = change(details.checklist);
  const task = { ...details.task, checklist: progressOf(checklist) };
  return { ...details, task, checklist };
}

export function setNotes(details: TaskDetails, taskId: string, notes: string): TaskDetails {
  if (details.taskId !== taskId) return details;
  return { ...details, notes, task: { ...details.task, hasNotes: hasNotesText(notes) } };
}

/** At the end, once: an item already there stays where it is. */
export const addItem =
  (item: ChecklistItem): ListChange =>
  (list) =>
    list.some((each) => each.id === item.id) ? list : [...list, item];

export const updateItem =
  (itemId: string, change: { name?: string | undefined; done?: boolean | undefined }): ListChange =>
  (list) =>
    list.map((item) =>
      item.id === itemId
        ? {
            ...item,
            ...(change.name !== undefined ? { name: change.name } : {}),
            ...(change.done !== undefined ? { done: change.done } : {}),
          }
        : item,
    );

export const removeItem =
  (itemId: string): ListChange =>
  (list) =>
    list.filter((item) => item.id !== itemId);

/** Right after `afterItemId`, or first for null; an item or place not there changes nothing. */
export const moveItem =
  (itemId: string, afterItemId: string | null): ListChange =>
  (list) => {
    const item = list.find((each) => each.id === itemId);
    if (!item || itemId === afterItemId) return list;
    const rest = list.filter((each) => each.id !== itemId);
    if (afterItemId === null) return [item, ...rest];
    const at = rest.findIndex((each) => each.id === afterItemId);
    return at < 0 ? list : [...rest.slice(0, at + 1), item, ...rest.slice(at + 1)];
  };

/**
 * The row's marks as they are once the command is through. The workspace copy holds no items, so
 * a checklist command carries the progress it leaves (counted on the opened copy): applied again,
 * it sets the same numbers, never counts twice.
 */
export const setChecklistMark = (
  workspace: WorkspaceResponse,
  taskId: string,
  progress: Progress,
) => mapTasks(workspace, taskId, (task) => ({ ...task, checklist: progress }));

export const setNotesMark = (workspace: WorkspaceResponse, taskId: string, notes: string) =>
  mapTasks(workspace, taskId, (task) => ({ ...task, hasNotes: hasNotesText(notes) }));
