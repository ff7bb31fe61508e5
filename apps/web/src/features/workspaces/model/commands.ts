import {
  defaultNameFor,
  type Automation,
  type AutomationHistory,
  type Trigger,
} from '@hustle/shared/automations';
import {
  addDays,
  isoDateOf,
  nextScheduledDate,
  parseIsoDate,
  runDayInMonth,
  runPeriodOf,
} from '@hustle/shared/dates';
import type { Project } from '@hustle/shared/projects';
import type { Task, TaskAction } from '@hustle/shared/tasks';
import type { WorkspaceResponse } from '@hustle/shared/workspace';
import {
  addTask,
  applyTaskAction,
  archiveProject,
  findTask,
  unarchiveProject,
  hideCompleted,
  idleAllPlanned,
  moveProject,
  movePlanned,
  removeProject,
  removeTask,
  renameTask,
  updateProject,
} from './workspace-updates.ts';

/**
 * Every change a user makes to their workspace, as data (decision 028): it can wait in the
 * outbox across reloads, be applied to the local copy at once and again on top of any newer
 * server answer, and be sent later. Creates carry the id the browser made (decision 021).
 */
export type Command =
  | {
      kind: 'createTask';
      taskId: string;
      name: string;
      projectId: string | null;
      planned: boolean;
      createdAt: string;
    }
  | { kind: 'renameTask'; taskId: string; projectId: string | null; name: string }
  | {
      kind: 'taskAction';
      taskId: string;
      projectId: string | null;
      action: TaskAction;
      isAutomation: boolean;
      at: string;
    }
  | { kind: 'moveTask'; taskId: string; afterTaskId: string | null }
  | { kind: 'deleteTask'; taskId: string; projectId: string | null; isAutomation: boolean }
  | { kind: 'hideCompleted' }
  | { kind: 'idleAllPlanned' }
  | { kind: 'createProject'; projectId: string; name: string; asFirst: boolean; createdAt: string }
  | { kind: 'renameProject'; projectId: string; name: string }
  | { kind: 'setProjectColor'; projectId: string; color: string }
  | { kind: 'moveProject'; projectId: string; index: number }
  | { kind: 'archiveProject'; projectId: string }
  /** Bring back: what the archived list showed of the project, to show it again at once. */
  | {
      kind: 'unarchiveProject';
      projectId: string;
      name: string;
      color: string | null;
      at: string;
    }
  | { kind: 'deleteProject'; projectId: string }
  | { kind: 'leaveProject'; projectId: string }
  /** Automations live in their own lists, changed by `applyAutomationCommand`. */
  | {
      kind: 'createAutomation';
      automationId: string;
      name: string;
      trigger: Trigger;
      taskName: string;
      createdAt: string;
    }
  | { kind: 'deleteAutomation'; automationId: string; name: string }
  /** Edit (PUT): an empty name brings back the default name for the trigger. */
  | {
      kind: 'updateAutomation';
      automationId: string;
      name: string;
      trigger: Trigger;
      taskName: string;
    }
  /** Pause or resume; `today` (the user's, YYYY-MM-DD) shows the coming run of a resume. */
  | {
      kind: 'pauseAutomation';
      automationId: string;
      name: string;
      trigger: Trigger;
      isPaused: boolean;
      today: string;
    }
  /** Skip or undo the skip of the coming run of `period`; the trigger shows the run after it. */
  | {
      kind: 'skipAutomationRun' | 'unskipAutomationRun';
      automationId: string;
      name: string;
      trigger: Trigger;
      period: string;
    }
  /** Runs a failed period again; only the server knows how it went (no local change). */
  | { kind: 'retryAutomationRun'; automationId: string; name: string; period: string };

const AUTOMATION_KINDS = new Set<Command['kind']>([
  'createAutomation',
  'deleteAutomation',
  'updateAutomation',
  'pauseAutomation',
  'skipAutomationRun',
  'unskipAutomationRun',
  'retryAutomationRun',
]);

/** The commands that change the automation lists rather than the workspace. */
export type AutomationCommand = Extract<
  Command,
  {
    kind:
      | 'createAutomation'
      | 'deleteAutomation'
      | 'updateAutomation'
      | 'pauseAutomation'
      | 'skipAutomationRun'
      | 'unskipAutomationRun'
      | 'retryAutomationRun';
  }
>;

export const isAutomationCommand = (command: Command): command is AutomationCommand =>
  AUTOMATION_KINDS.has(command.kind);

/**
 * The command's change to the list of automations, as the server makes it; idempotent like
 * `applyCommand`. A create without a name shows the name the server will give it (spec §9).
 */
export function applyAutomationCommand(list: Automation[], command: Command): Automation[] {
  switch (command.kind) {
    case 'createAutomation': {
      if (list.some((automation) => automation.id === command.automationId)) return list;
      return [
        ...list,
        {
          id: command.automationId,
          name: command.name || defaultNameFor(command.trigger),
          trigger: command.trigger,
          steps: [{ type: 'TASK', payload: { taskName: command.taskName } }],
          status: 'ON',
          createdAt: command.createdAt,
        },
      ];
    }
    case 'deleteAutomation':
      return list.filter((automation) => automation.id !== command.automationId);
    case 'updateAutomation':
      return list.map((automation) =>
        automation.id === command.automationId
          ? {
              ...automation,
              name: command.name || defaultNameFor(command.trigger),
              trigger: command.trigger,
              steps: [{ type: 'TASK', payload: { taskName: command.taskName } }],
            }
          : automation,
      );
    case 'pauseAutomation':
      return list.map((automation) =>
        automation.id === command.automationId
          ? { ...automation, status: command.isPaused ? 'PAUSED' : 'ON' }
          : automation,
      );
    default:
      return list;
  }
}

/** The date a run of `period` comes on: the day itself, or the month's run day. */
function runDateOf(trigger: Trigger, period: string): string | null {
  if (period.length > 7) return period;
  const month = parseIsoDate(`${period}-01`);
  if (!month || trigger.frequency !== 'MONTHLY') return null;
  return isoDateOf(runDayInMonth(trigger.dayOfMonth, month.year, month.month));
}

/** The coming run on or after `from` (YYYY-MM-DD), as the history names it. */
function comingRun(trigger: Trigger, from: string): AutomationHistory['nextRun'] {
  const day = parseIsoDate(from);
  if (!day) return null;
  const date = nextScheduledDate(trigger, day);
  return { period: runPeriodOf(trigger, date), date: isoDateOf(date) };
}

/**
 * The command's change to an automation's history, as the server makes it; idempotent like
 * `applyCommand`. A retry changes nothing here: whether its task could be made is the
 * server's to say, and the row stays as it was (its button pending) until it answers.
 */
export function applyHistoryCommand(
  history: AutomationHistory,
  command: Command,
): AutomationHistory {
  if (!isAutomationCommand(command) || command.automationId !== history.id) return history;
  switch (command.kind) {
    case 'pauseAutomation':
      if (command.isPaused) return { ...history, nextRun: null };
      return history.nextRun
        ? history
        : { ...history, nextRun: comingRun(command.trigger, command.today) };
    case 'skipAutomationRun': {
      if (history.runs.some((run) => run.period === command.period)) return history;
      const runs = [
        {
          period: command.period,
          status: 'SKIPPED' as const,
          task: null,
          createdAt: new Date().toISOString(),
        },
        ...history.runs,
      ].sort((a, b) => b.period.localeCompare(a.period));
      const date = runDateOf(command.trigger, command.period);
      const nextRun =
        history.nextRun?.period === command.period && date
          ? comingRun(command.trigger, isoDateOf(addDays(parseIsoDate(date)!, 1)))
          : history.nextRun;
      return { ...history, runs, nextRun };
    }
    case 'unskipAutomationRun': {
      const skipped = history.runs.find(
        (run) => run.period === command.period && run.status === 'SKIPPED',
      );
      if (!skipped) return history;
      const runs = history.runs.filter((run) => run !== skipped);
      const date = runDateOf(command.trigger, command.period);
      const nextRun =
        date && (!history.nextRun || date < history.nextRun.date)
          ? { period: command.period, date }
          : history.nextRun;
      return { ...history, runs, nextRun };
    }
    default:
      return history;
  }
}

/** A new id for a task or project, made here and accepted by the server (decision 021). */
export const newEntityId = (): string => crypto.randomUUID();

const newTask = (command: Extract<Command, { kind: 'createTask' }>): Task => ({
  id: command.taskId,
  name: command.name,
  projectId: command.projectId,
  automationId: null,
  planned: command.planned,
  done: false,
  state: command.planned ? 'PLANNED' : 'IDLE',
  createdAt: command.createdAt,
  updatedAt: command.createdAt,
  completedAt: null,
});

const newProject = (
  command: Extract<Command, { kind: 'createProject' }>,
  workspaceId: string,
): Project => ({
  id: command.projectId,
  workspaceId,
  name: command.name,
  color: null,
  tasks: [],
  openTasksCount: 0,
  completedTasksCount: 0,
  shared: null,
  memberCount: 0,
  archived: false,
  createdAt: command.createdAt,
  updatedAt: command.createdAt,
  projectRef: { projectId: command.projectId, workspaceId },
});

/**
 * The command's change to a copy of the workspace, as the server makes it (spec §4). Applying
 * it twice changes nothing more: waiting commands are applied again on top of every newer
 * server answer, which may already hold some of them.
 */
export function applyCommand(workspace: WorkspaceResponse, command: Command): WorkspaceResponse {
  switch (command.kind) {
    case 'createTask': {
      if (findTask(workspace, command.taskId)) return workspace;
      if (command.projectId && !workspace.projects.some((p) => p.id === command.projectId))
        return workspace;
      return addTask(workspace, newTask(command));
    }
    case 'renameTask':
      return renameTask(workspace, command.taskId, command.name);
    case 'taskAction':
      return applyTaskAction(workspace, command.taskId, command.action, command.at);
    case 'moveTask':
      return movePlanned(workspace, command.taskId, command.afterTaskId);
    case 'deleteTask':
      return removeTask(workspace, command.taskId);
    case 'hideCompleted':
      return hideCompleted(workspace);
    case 'idleAllPlanned':
      return idleAllPlanned(workspace);
    case 'createProject': {
      if (workspace.projects.some((p) => p.id === command.projectId)) return workspace;
      const project = newProject(command, workspace.workspaceId);
      return {
        ...workspace,
        projects: command.asFirst
          ? [project, ...workspace.projects]
          : [...workspace.projects, project],
      };
    }
    case 'renameProject':
      return updateProject(workspace, command.projectId, (p) => ({ ...p, name: command.name }));
    case 'setProjectColor':
      return updateProject(workspace, command.projectId, (p) => ({ ...p, color: command.color }));
    case 'moveProject':
      return moveProject(workspace, command.projectId, command.index);
    case 'archiveProject':
      return archiveProject(workspace, command.projectId);
    case 'unarchiveProject':
      return unarchiveProject(workspace, {
        ...newProject(
          {
            kind: 'createProject',
            projectId: command.projectId,
            name: command.name,
            asFirst: false,
            createdAt: command.at,
          },
          workspace.workspaceId,
        ),
        color: command.color,
      });
    case 'deleteProject':
    case 'leaveProject':
      return removeProject(workspace, command.projectId);
    case 'createAutomation':
    case 'deleteAutomation':
    case 'updateAutomation':
    case 'pauseAutomation':
    case 'skipAutomationRun':
    case 'unskipAutomationRun':
    case 'retryAutomationRun':
      return workspace;
  }
}

const ACTION_WORDS: Record<TaskAction, string> = {
  plan: 'Plan',
  idle: 'Move back to planning',
  complete: 'Complete',
  revert: 'Reopen',
};

/** What the command did, in a few words, for the list of changes not saved. */
export function describeCommand(command: Command, workspace?: WorkspaceResponse): string {
  const taskName = (taskId: string) => {
    const found = workspace && findTask(workspace, taskId);
    return found ? `“${found.task.name}”` : 'a task';
  };
  const projectName = (projectId: string) => {
    const found = workspace?.projects.find((p) => p.id === projectId);
    return found ? `“${found.name}”` : 'a project';
  };
  switch (command.kind) {
    case 'createTask':
      return `Add “${command.name}”`;
    case 'renameTask':
      return `Rename a task to “${command.name}”`;
    case 'taskAction':
      return `${ACTION_WORDS[command.action]} ${taskName(command.taskId)}`;
    case 'moveTask':
      return `Reorder ${taskName(command.taskId)}`;
    case 'deleteTask':
      return `Delete ${taskName(command.taskId)}`;
    case 'hideCompleted':
      return 'Hide completed tasks';
    case 'idleAllPlanned':
      return 'Move all tasks to planning';
    case 'createProject':
      return `Add project “${command.name}”`;
    case 'renameProject':
      return `Rename a project to “${command.name}”`;
    case 'setProjectColor':
      return `Change the colour of ${projectName(command.projectId)}`;
    case 'moveProject':
      return `Reorder ${projectName(command.projectId)}`;
    case 'archiveProject':
      return `Archive ${projectName(command.projectId)}`;
    case 'unarchiveProject':
      return `Bring back “${command.name}”`;
    case 'deleteProject':
      return `Delete ${projectName(command.projectId)}`;
    case 'leaveProject':
      return `Leave ${projectName(command.projectId)}`;
    case 'createAutomation':
      return `Add automation “${command.name || defaultNameFor(command.trigger)}”`;
    case 'deleteAutomation':
      return `Delete automation “${command.name}”`;
    case 'updateAutomation':
      return `Edit automation “${command.name || defaultNameFor(command.trigger)}”`;
    case 'pauseAutomation':
      return `${command.isPaused ? 'Pause' : 'Resume'} automation “${command.name}”`;
    case 'skipAutomationRun':
      return `Skip a run of “${command.name}”`;
    case 'unskipAutomationRun':
      return `Undo the skip of a run of “${command.name}”`;
    case 'retryAutomationRun':
      return `Retry a run of “${command.name}”`;
  }
}
