import { findTask } from '@hustle/shared/commands/workspace-changes';
import { STORAGE_KEYS } from '@hustle/shared/constants';
import { focusOnTask, type FocusOnTask, type FocusState } from '@hustle/shared/focus';
import type { WorkspaceResponse } from '@hustle/shared/workspace';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { create } from 'zustand';
import { useRunCommand } from '../sync/outbox/run-command.ts';
import { workspaceQuery, useWorkspaceId } from '../sync/workspace/get-workspace.ts';
import { newEntityId } from '../sync/workspace/new-entity-id.ts';

/**
 * The focus timer as the screens use it (issue 30, decision 076): the user's timer from the
 * workspace copy (one per user, the same on every device), the commands that start and end it,
 * and this browser's Pomodoro rhythm. Nothing here ticks: the clock that shows it reads the times.
 */

export interface ShownFocus extends FocusState {
  /** The task's name as the copy has it now (renamed since), else as the timer was read. */
  name: string;
  projectId: string | null;
}

const shownFocus = (workspace: WorkspaceResponse): ShownFocus | null => {
  const focus = workspace.focus;
  if (!focus) return null;
  const task = findTask(workspace, focus.taskId)?.task;
  return { ...focus, name: task?.name ?? focus.taskName, projectId: task?.projectId ?? null };
};

/** The timer, re-rendering its reader only when the timer itself changes. */
export function useFocus(): ShownFocus | null {
  const { data } = useQuery({ ...workspaceQuery(useWorkspaceId()), select: shownFocus });
  return data ?? null;
}

/** Whether the timer is on this task: running, paused, or not (a row re-renders only on its own). */
export function useFocusOn(taskId: string): FocusOnTask {
  const { data } = useQuery({
    ...workspaceQuery(useWorkspaceId()),
    select: (workspace: WorkspaceResponse) => focusOnTask(workspace.focus, taskId),
  });
  return data ?? null;
}

export interface FocusActions {
  /** Starts the timer on a task; one running on another task stops. */
  start: (task: { id: string; projectId: string | null }) => void;
  /** Starts, or stops the timer when it runs on this task already (a row's button, `f`). */
  toggle: (task: { id: string; projectId: string | null }) => void;
  pause: (at?: string) => void;
  resume: () => void;
  stop: () => void;
}

/** The commands of the timer, reading it when they run, so a row holding them never re-renders. */
export function useFocusActions(): FocusActions {
  const run = useRunCommand();
  const queryClient = useQueryClient();
  const workspaceId = useWorkspaceId();
  const current = useCallback((): ShownFocus | null => {
    const workspace = queryClient.getQueryData<WorkspaceResponse>(
      workspaceQuery(workspaceId).queryKey,
    );
    return workspace ? shownFocus(workspace) : null;
  }, [queryClient, workspaceId]);
  const now = () => new Date().toISOString();

  const start = useCallback<FocusActions['start']>(
    (task) =>
      run({
        kind: 'startFocus',
        taskId: task.id,
        projectId: task.projectId,
        entryId: newEntityId(),
        at: now(),
      }),
    [run],
  );
  return useMemo(
    () => ({
      start,
      toggle: (task) => {
        const focus = current();
        if (focus?.taskId === task.id && focus.startedAt !== null) {
          run({ kind: 'stopFocus', entryId: focus.entryId, at: now() });
        } else if (focus?.taskId === task.id) {
          run({ kind: 'resumeFocus', ...resumeArgs(focus), at: now() });
        } else start(task);
      },
      pause: (at) => {
        const focus = current();
        if (focus?.startedAt) run({ kind: 'pauseFocus', entryId: focus.entryId, at: at ?? now() });
      },
      resume: () => {
        const focus = current();
        if (focus?.pausedAt) run({ kind: 'resumeFocus', ...resumeArgs(focus), at: now() });
      },
      stop: () => {
        const focus = current();
        if (focus) run({ kind: 'stopFocus', entryId: focus.entryId, at: now() });
      },
    }),
    [current, run, start],
  );
}

const resumeArgs = (focus: ShownFocus) => ({
  taskId: focus.taskId,
  projectId: focus.projectId,
  entryId: newEntityId(),
});

export interface PomodoroState {
  isOn: boolean;
  focusMinutes: number;
  breakMinutes: number;
  set: (change: Partial<Omit<PomodoroState, 'set'>>) => void;
}

const POMODORO_DEFAULTS = { isOn: false, focusMinutes: 25, breakMinutes: 5 };

function storedPomodoro() {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.pomodoro) ?? 'null') as unknown;
    if (!stored || typeof stored !== 'object') return POMODORO_DEFAULTS;
    const { isOn, focusMinutes, breakMinutes } = stored as Record<string, unknown>;
    const minutes = (value: unknown, fallback: number) =>
      Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 180
        ? (value as number)
        : fallback;
    return {
      isOn: isOn === true,
      focusMinutes: minutes(focusMinutes, POMODORO_DEFAULTS.focusMinutes),
      breakMinutes: minutes(breakMinutes, POMODORO_DEFAULTS.breakMinutes),
    };
  } catch {
    return POMODORO_DEFAULTS;
  }
}

/** This browser's Pomodoro rhythm: off unless chosen, 25 minutes of focus and 5 of break. */
export const usePomodoro = create<PomodoroState>()((set, get) => ({
  ...storedPomodoro(),
  set: (change) => {
    set(change);
    const { isOn, focusMinutes, breakMinutes } = get();
    try {
      localStorage.setItem(
        STORAGE_KEYS.pomodoro,
        JSON.stringify({ isOn, focusMinutes, breakMinutes }),
      );
    } catch {
      // Private modes may refuse storage: the rhythm holds for this visit.
    }
  },
}));
