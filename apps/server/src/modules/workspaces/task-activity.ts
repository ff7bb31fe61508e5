import {
  TASK_ACTIVITY_LIMIT,
  type TaskActivityEntry,
  type TaskActivityKind,
} from '@hustle/shared/task-details';
import type { Endpoints } from '@hustle/shared/api';
import type { Db } from '../../db/database.ts';
import type { TaskActivityTable } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { newestActivity, projectOwner } from './task-activity.repository.ts';

type CommandName = {
  [Name in keyof Endpoints]: Endpoints[Name] extends { command: true } ? Name : never;
}[keyof Endpoints];

/**
 * What each command does to the tasks it changes, for their activity (decision 087); null: it
 * leaves none (a reorder, planning, which changes the caller's list, not the task; a command on
 * no task). Every command is named, so a new one cannot be left out unnoticed. A change's own
 * fact wins over its command's kind: a task made by `checklistItemToTask` was created, and
 * `taskAction` that did not complete its task reverted it.
 */
const KIND_OF_COMMAND: Record<CommandName, TaskActivityKind | null> = {
  createTask: 'created',
  renameTask: 'renamed',
  taskAction: 'reopened',
  moveTaskToProject: 'moved',
  setTaskNotes: 'notes',
  addChecklistItem: 'checklist',
  updateChecklistItem: 'checklist',
  moveChecklistItem: 'checklist',
  deleteChecklistItem: 'checklist',
  checklistItemToTask: 'checklist',
  setTaskDeadline: 'deadline',
  setTaskEstimate: 'estimate',
  // The caller's own day, order and time: nothing a member of the project sees change.
  planTaskForDay: null,
  putTaskToFront: null,
  reorderPlannedTask: null,
  reorderProjectTask: null,
  idleAllPlannedTasks: null,
  hideCompletedTasks: null,
  finishDay: null,
  updateDaySettings: null,
  setTaskReminder: null,
  startFocus: null,
  endFocus: null,
  deleteTimeEntry: null,
  // A deleted task has no details to open.
  deleteTask: null,
  undo: null,
  // On no task.
  revokeSession: null,
  revokeOtherSessions: null,
  createProject: null,
  renameProject: null,
  setProjectColor: null,
  archiveProject: null,
  unarchiveProject: null,
  deleteProject: null,
  moveProject: null,
  getInviteLink: null,
  regenerateInviteLink: null,
  joinInvite: null,
  removeProjectMember: null,
  leaveProject: null,
  createAutomation: null,
  deleteAutomation: null,
  updateAutomation: null,
  pauseAutomation: null,
  resumeAutomation: null,
  skipAutomationRun: null,
  unskipAutomationRun: null,
  retryAutomationRun: null,
  importData: null,
};

const FACT_KINDS: ReadonlySet<string> = new Set<TaskActivityKind>(['created', 'completed']);

/** One task a command changed: the workspaces told of it, whether it was deleted, its fact. */
export interface TaskChange {
  id: string;
  workspaces: number;
  deleted: boolean;
  fact: string | undefined;
}

/**
 * The activity rows of a command's task changes: only for a user's named command and only for
 * tasks more than one workspace shows (a shared project's), whose members see who did what.
 */
export function activityOf(
  actor: { userId?: string | undefined; command?: string | undefined },
  tasks: Iterable<TaskChange>,
  now: string,
): TaskActivityTable[] {
  const { userId, command } = actor;
  const commandKind =
    command !== undefined && Object.hasOwn(KIND_OF_COMMAND, command)
      ? KIND_OF_COMMAND[command as CommandName]
      : null;
  if (!userId || !commandKind) return [];
  const rows: TaskActivityTable[] = [];
  for (const task of tasks) {
    if (task.deleted || task.workspaces < 2) continue;
    const kind =
      task.fact !== undefined && FACT_KINDS.has(task.fact)
        ? (task.fact as TaskActivityKind)
        : commandKind;
    rows.push({ id: newId(), task_id: task.id, user_id: userId, kind, at: now });
  }
  return rows;
}

/**
 * A task's newest activity, newest first, for `caller`, already shown to see the task. Who made
 * each change is named by e-mail only as sharing already shows it: the caller's own, the
 * project owner's (every member sees it), and every member's to the owner (their members list).
 * One member never learns another's address: that entry names no one.
 */
export async function readActivity(
  db: Db,
  task: { id: string; projectId: string | null },
  caller: string,
): Promise<TaskActivityEntry[]> {
  const [rows, owner] = await Promise.all([
    newestActivity(db, task.id, TASK_ACTIVITY_LIMIT),
    task.projectId === null ? undefined : projectOwner(db, task.projectId),
  ]);
  return rows.map(({ userId, email, kind, at }) => {
    const isNamed = userId === caller || userId === owner || caller === owner;
    return { userId, who: isNamed ? (email ?? null) : null, kind, at };
  });
}

/** An erased account leaves no activity: none by the user, none on the tasks of their workspace. */
export { eraseActivityOf } from './task-activity.repository.ts';
