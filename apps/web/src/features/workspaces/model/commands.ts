import { defaultNameFor, type Automation, type Trigger } from '@hustle/shared/automations';
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
  | { kind: 'deleteAutomation'; automationId: string; name: string };

/** The commands that change the automation lists rather than the workspace. */
export type AutomationCommand = Extract<Command, { kind: 'createAutomation' | 'deleteAutomation' }>;

export const isAutomationCommand = (command: Command): command is AutomationCommand =>
  command.kind === 'createAutomation' || command.kind === 'deleteAutomation';

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
    default:
      return list;
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
  }
}
