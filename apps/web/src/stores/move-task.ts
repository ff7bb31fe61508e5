import { create } from 'zustand';

/** The task the move picker is open for (issue 31 item 4). */
export type MovingTask = {
  id: string;
  name: string;
  projectId: string | null;
};

type MoveTaskState = {
  task: MovingTask | null;
  /** Where focus goes back to when the opener (a menu) has gone by then. */
  returnTo: HTMLElement | null;
};

// One picker for the whole app: rows on Plan and Execute, the details sheet and the palette open
// it, so it is state outside any of them (as the deadline dialog is for one screen).
export const useMoveTaskStore = create<MoveTaskState>(() => ({ task: null, returnTo: null }));

/** Opens the "Move to…" picker for a task. */
export const openMoveDialog = (task: MovingTask, returnTo: HTMLElement | null = null) =>
  useMoveTaskStore.setState({ task, returnTo });

export function closeMoveDialog() {
  const { returnTo } = useMoveTaskStore.getState();
  useMoveTaskStore.setState({ task: null, returnTo: null });
  if (returnTo?.isConnected) window.setTimeout(() => returnTo.focus());
}
