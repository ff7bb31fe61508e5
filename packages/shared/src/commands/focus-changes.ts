import { laterOf, secondsBetween, type FocusState } from '../focus.ts';
import type { TaskDetails } from '../task-details.ts';
import type { WorkspaceResponse } from '../workspace.ts';
import { findTask, mapTasks } from './workspace-changes.ts';

/**
 * Pure changes to the copies for focus (issue 30, decision 076), the ones the server makes; the
 * parity test holds them to its answers. Each checks the timer's entry first, so applied again it
 * changes nothing more.
 */

const addSeconds = (workspace: WorkspaceResponse, taskId: string, seconds: number) =>
  seconds === 0
    ? workspace
    : mapTasks(workspace, taskId, (task) => ({
        ...task,
        actualSeconds: task.actualSeconds + seconds,
      }));

/** The running entry ended at `at`: its time joins its task's. */
function endRunning(workspace: WorkspaceResponse, focus: FocusState, at: string) {
  if (focus.startedAt === null) return { workspace, seconds: 0, endedAt: focus.pausedAt ?? at };
  const seconds = secondsBetween(focus.startedAt, at);
  return { workspace: addSeconds(workspace, focus.taskId, seconds), seconds, endedAt: at };
}

export interface StartFocus {
  taskId: string;
  entryId: string;
  at: string;
  resume: boolean;
}

/**
 * A new entry on the task from `at`. One running already on this task stays as it is; one on
 * another task ends, and the new one starts where it ends — never before it began (two devices
 * pressing start at once both succeed; the later arrival wins). A resume of the session paused on
 * this task carries its time on.
 */
export function startFocus(workspace: WorkspaceResponse, args: StartFocus): WorkspaceResponse {
  const focus = workspace.focus;
  if (focus?.entryId === args.entryId) return workspace;
  if (focus?.startedAt != null && focus.taskId === args.taskId) return workspace;
  let changed = workspace;
  let startedAt = args.at;
  if (focus?.startedAt != null) {
    startedAt = laterOf(args.at, focus.startedAt);
    changed = endRunning(workspace, focus, startedAt).workspace;
  }
  const continues = args.resume && focus?.taskId === args.taskId && focus.pausedAt !== null;
  return {
    ...changed,
    focus: {
      taskId: args.taskId,
      entryId: args.entryId,
      startedAt,
      pausedAt: null,
      carriedSeconds: continues ? focus.carriedSeconds : 0,
      taskName: findTask(workspace, args.taskId)?.task.name ?? '',
    },
  };
}

/** The running entry `entryId` ends at `at`: paused keeps the session, stopped ends it. */
export function endFocus(
  workspace: WorkspaceResponse,
  args: { entryId: string; at: string; pause: boolean },
): WorkspaceResponse {
  const focus = workspace.focus;
  if (!focus || focus.entryId !== args.entryId) return workspace;
  if (focus.startedAt === null) {
    // Paused already: a stop ends the session, a second pause changes nothing.
    return args.pause ? workspace : { ...workspace, focus: null };
  }
  const ended = endRunning(workspace, focus, args.at);
  if (!args.pause) return { ...ended.workspace, focus: null };
  return {
    ...ended.workspace,
    focus: {
      ...focus,
      startedAt: null,
      pausedAt: args.at,
      carriedSeconds: focus.carriedSeconds + ended.seconds,
    },
  };
}

/**
 * An entry deleted: its task's time is what the opened copy counted once it was gone (carried by
 * the command, so applying it again sets the same number), and a timer on it is gone with it.
 */
export function deleteTimeEntry(
  workspace: WorkspaceResponse,
  args: { entryId: string; taskId: string; actualSeconds: number },
): WorkspaceResponse {
  const marked = mapTasks(workspace, args.taskId, (task) => ({
    ...task,
    actualSeconds: args.actualSeconds,
  }));
  return marked.focus?.entryId === args.entryId ? { ...marked, focus: null } : marked;
}

export function removeTimeEntry(
  details: TaskDetails,
  args: { entryId: string; taskId: string; actualSeconds: number },
): TaskDetails {
  if (details.taskId !== args.taskId) return details;
  return {
    ...details,
    task: { ...details.task, actualSeconds: args.actualSeconds },
    timeEntries: details.timeEntries.filter((entry) => entry.id !== args.entryId),
  };
}

/** The task's time once the entry is gone, counted on the opened copy (its ended entries). */
export const actualWithout = (details: TaskDetails, entryId: string) => {
  const entry = details.timeEntries.find((each) => each.id === entryId);
  return Math.max(0, details.task.actualSeconds - (entry?.endedAt ? entry.seconds : 0));
};
