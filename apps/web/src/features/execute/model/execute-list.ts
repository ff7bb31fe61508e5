import { focusOnTask, type FocusOnTask } from '@hustle/shared/focus';
import { AUTOMATION_PSEUDO_PROJECT } from '@hustle/shared/constants';
import type { Task } from '@hustle/shared/tasks';
import type { WorkspaceResponse } from '@hustle/shared/workspace';

/** spec §2: tasks kept directly in the workspace show under this label on the Execute list. */
export const INBOX_LABEL = 'New task';

/** One row of the Execute list, flattened to primitives so memoised rows compare cheaply. */
export interface ExecuteItem {
  id: string;
  name: string;
  projectId: string | null;
  isAutomation: boolean;
  /** The project's name, 'New task' for inbox tasks, 'Automation' for automation tasks. */
  label: string;
  /** The project's colour; null when there is none (inbox tasks, projects without a colour). */
  color: string | null;
  completedAt: string | null;
  /** Today where the user is, which the day marks count from. */
  today: string;
  /** How many day ends the task was carried across (issue 29). */
  carriedOver: number;
  deadline: string | null;
  /** The notes mark and checklist progress (issue 31). */
  hasNotes: boolean;
  checklist: { done: number; total: number };
  /** How long it will take, in minutes (issue 30); null: no estimate. */
  estimate: number | null;
  /** The time spent on it, in seconds (issue 30). */
  actualSeconds: number;
  /** When it reminds (issue 30); null when it does not, or is completed (it will not). */
  remindAt: string | null;
  /** The user's time zone, which the reminder chip's day and time are read in. */
  timeZone: string;
  /** Whether the focus timer is on this task (issue 30): running, paused, or not. */
  focus: FocusOnTask;
}

/**
 * What every row of a list shares, read once for the list rather than by each row: rows are
 * memoised on their primitives, so a change reaches only the rows it alters.
 */
export interface RowSetting {
  today: string;
  timeZone: string;
  focus: WorkspaceResponse['focus'];
}

/** The list's shared setting, from the workspace and the user's today. */
export const rowSettingOf = (workspace: WorkspaceResponse, today: string): RowSetting => ({
  today,
  timeZone: workspace.days.timeZone,
  focus: workspace.focus,
});

export interface ExecuteList {
  /** Open planned tasks, in the workspace's planned order. */
  open: ExecuteItem[];
  /** Completed tasks still on the list, the most recently completed first. */
  completed: ExecuteItem[];
}

export type TaskSource = { task: Task; label: string; color: string | null; isAutomation: boolean };

/** Every task the copy holds, by id, with the label and colour its rows show. */
export function taskSources(workspace: WorkspaceResponse): Map<string, TaskSource> {
  const sources = new Map<string, TaskSource>();
  for (const project of workspace.projects) {
    for (const task of project.tasks) {
      sources.set(task.id, {
        task,
        label: project.name,
        color: project.color,
        isAutomation: false,
      });
    }
  }
  for (const task of workspace.tasks) {
    sources.set(task.id, { task, label: INBOX_LABEL, color: null, isAutomation: false });
  }
  for (const task of workspace.automations) {
    sources.set(task.id, {
      task,
      label: AUTOMATION_PSEUDO_PROJECT.name,
      color: AUTOMATION_PSEUDO_PROJECT.color,
      isAutomation: true,
    });
  }
  return sources;
}

/** A task's row, flattened. */
export const executeItemOf = (
  { task, label, color, isAutomation }: TaskSource,
  { today, timeZone, focus }: RowSetting,
): ExecuteItem => ({
  id: task.id,
  name: task.name,
  projectId: task.projectId,
  isAutomation,
  label,
  color,
  completedAt: task.completedAt,
  today,
  carriedOver: task.carriedOver,
  deadline: task.deadline,
  hasNotes: task.hasNotes,
  checklist: task.checklist,
  estimate: task.estimate,
  actualSeconds: task.actualSeconds,
  remindAt: task.completedAt ? null : task.remindAt,
  timeZone,
  focus: focusOnTask(focus, task.id),
});

/**
 * Splits the workspace's planned list (spec §3 plannedTasks) into open and completed rows: the
 * tasks planned for today, and the completed ones still on the list (issue 29: Execute shows
 * today; a coming day's tasks wait for it).
 */
export function buildExecuteList(workspace: WorkspaceResponse, today: string): ExecuteList {
  const sources = taskSources(workspace);
  const setting = rowSettingOf(workspace, today);

  const open: ExecuteItem[] = [];
  const completed: ExecuteItem[] = [];
  const seen = new Set<string>();
  for (const id of workspace.plannedTasks) {
    const source = sources.get(id);
    if (!source || seen.has(id)) continue;
    seen.add(id);
    const { task } = source;
    if (task.plannedFor !== null && task.plannedFor > today) continue;
    (task.completedAt ? completed : open).push(executeItemOf(source, setting));
  }
  completed.sort((a, b) => (b.completedAt ?? '').localeCompare(a.completedAt ?? ''));
  return { open, completed };
}

export interface PlannedDrop {
  /** The list as it looks after the drop. */
  order: string[];
  /** spec §7: null puts the task to the front, otherwise it goes right after this task. */
  afterTaskId: string | null;
}

/**
 * Where a task dropped onto another one's place lands, and what the server must be told.
 * Tasks that cannot anchor a move (completed, or not yet saved) are skipped when looking for
 * the task before; with none before it the drop is a put-to-front. Null when nothing moves.
 */
export function planDrop(
  order: readonly string[],
  activeId: string,
  overId: string,
  canAnchor: (id: string) => boolean = () => true,
): PlannedDrop | null {
  const from = order.indexOf(activeId);
  const to = order.indexOf(overId);
  if (from === -1 || to === -1 || from === to) return null;
  const next = order.filter((id) => id !== activeId);
  next.splice(to, 0, activeId);
  let afterTaskId: string | null = null;
  for (let index = to - 1; index >= 0; index -= 1) {
    const candidate = next[index];
    if (candidate !== undefined && canAnchor(candidate)) {
      afterTaskId = candidate;
      break;
    }
  }
  return { order: next, afterTaskId };
}

/**
 * How many open and completed tasks the Execute list holds: counted from the rows while the
 * copy holds the whole list (so an optimistic change shows at once), the server's counts while
 * pages of it are still to come (decision 029).
 */
export function executeCounts(
  workspace: Pick<WorkspaceResponse, 'more' | 'plannedCounts'>,
  list: ExecuteList,
): { open: number; completed: number } {
  if (workspace.more.planned === null) {
    return { open: list.open.length, completed: list.completed.length };
  }
  return workspace.plannedCounts;
}
