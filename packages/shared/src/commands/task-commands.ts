import { z } from 'zod';
import { TASK_ACTIONS, type Task, type TaskAction, type TaskCommandBody } from '../tasks.ts';
import { RemindAtSchema } from '../reminders.ts';
import type { WorkspaceResponse } from '../workspace.ts';
import { call, defineCommand } from './command.ts';
import {
  addTask,
  applyTaskAction,
  findTask,
  hideCompleted,
  idleAllPlanned,
  movePlanned,
  planForDay,
  removeTask,
  renameTask,
  setDeadline,
  setEstimate,
  setReminder,
  todayOf,
  updateDaySettings,
} from './workspace-changes.ts';
import { CARRY_OVER_PLACES } from '../days.ts';
import { formatMinutes } from '../estimates.ts';

// The outbox keeps commands across reloads and versions of the app: their arguments are checked
// for shape here, their content by the server (a name too long is the server's to refuse).
const Id = z.string().min(1);
const Instant = z.string().min(1);

/** spec §7: a task command names the workspace, the task's project and where the task comes from. */
const taskCommandBody = (
  workspaceId: string,
  projectId: string | null,
  isAutomation: boolean,
): TaskCommandBody => ({
  workspaceId,
  projectId,
  origin: isAutomation ? 'automation' : 'workspace',
});

const taskName = (workspace: WorkspaceResponse | undefined, taskId: string) => {
  const found = workspace && findTask(workspace, taskId);
  return found ? `“${found.task.name}”` : 'a task';
};

const ACTION_WORDS: Record<TaskAction, string> = {
  plan: 'Plan',
  idle: 'Move back to planning',
  complete: 'Complete',
  revert: 'Reopen',
};

const newTask = (
  args: {
    taskId: string;
    name: string;
    projectId: string | null;
    planned: boolean;
    createdAt: string;
  },
  today: string,
): Task => ({
  id: args.taskId,
  name: args.name,
  projectId: args.projectId,
  automationId: null,
  planned: args.planned,
  done: false,
  state: args.planned ? 'PLANNED' : 'IDLE',
  createdAt: args.createdAt,
  updatedAt: args.createdAt,
  completedAt: null,
  plannedFor: args.planned ? today : null,
  carriedOver: 0,
  deadline: null,
  hasNotes: false,
  checklist: { done: 0, total: 0 },
  estimate: null,
  remindAt: null,
  actualSeconds: 0,
});

/** The commands on tasks and on the Execute list (spec §4). */
export const taskCommands = {
  /** Carries the id the browser made, so the task can be changed at once (decision 021). */
  createTask: defineCommand(
    z.object({
      taskId: Id,
      name: z.string(),
      projectId: Id.nullable(),
      planned: z.boolean(),
      createdAt: Instant,
    }),
    {
      request: (args, workspaceId) =>
        call('createTask', {
          body: {
            id: args.taskId,
            workspaceId,
            projectId: args.projectId,
            name: args.name,
            planned: args.planned,
          },
        }),
      apply: {
        workspace: (workspace, args) => {
          if (findTask(workspace, args.taskId)) return workspace;
          if (args.projectId && !workspace.projects.some((p) => p.id === args.projectId))
            return workspace;
          return addTask(workspace, newTask(args, todayOf(workspace, args.createdAt)));
        },
      },
      describe: (args) => `Add “${args.name}”`,
      keepsInput: true,
    },
  ),

  renameTask: defineCommand(z.object({ taskId: Id, projectId: Id.nullable(), name: z.string() }), {
    request: (args, workspaceId) =>
      call('renameTask', {
        params: { id: args.taskId },
        body: { workspaceId, projectId: args.projectId, name: args.name },
      }),
    apply: { workspace: (workspace, args) => renameTask(workspace, args.taskId, args.name) },
    describe: (args) => `Rename a task to “${args.name}”`,
  }),

  /** spec §4 plan / idle / complete / revert; `at` is the moment a completion shows. */
  taskAction: defineCommand(
    z.object({
      taskId: Id,
      projectId: Id.nullable(),
      action: z.enum(TASK_ACTIONS),
      isAutomation: z.boolean(),
      at: Instant,
    }),
    {
      request: (args, workspaceId) =>
        call('taskAction', {
          params: { id: args.taskId, action: args.action },
          body: taskCommandBody(workspaceId, args.projectId, args.isAutomation),
        }),
      apply: {
        workspace: (workspace, args) =>
          applyTaskAction(workspace, args.taskId, args.action, args.at),
      },
      // Completing and reopening go on the undo stack like the other actions (issue 28): a
      // completion of a task that was not planned is taken back to where it was.
      undo: (args, workspace) => {
        const task = findTask(workspace, args.taskId)?.task;
        if (!task) return null;
        const again = (action: TaskAction) => ({ kind: 'taskAction', ...args, action });
        const wasPlanned = workspace.plannedTasks.includes(args.taskId);
        if (args.action === 'complete' && task.completedAt === null) {
          return {
            message: 'Task completed.',
            commands: wasPlanned ? [again('revert')] : [again('revert'), again('idle')],
          };
        }
        if (args.action === 'revert' && task.completedAt !== null) {
          return { message: 'Task reopened.', commands: [again('complete')] };
        }
        return null;
      },
      describe: (args, workspace) =>
        `${ACTION_WORDS[args.action]} ${taskName(workspace, args.taskId)}`,
    },
  ),

  /**
   * Plans a task for a day (issue 29), at the end of that day; `at` is when it was asked, which
   * says what today was (a day already over means today).
   */
  planTaskForDay: defineCommand(
    z.object({
      taskId: Id,
      projectId: Id.nullable(),
      isAutomation: z.boolean(),
      day: z.string(),
      at: Instant,
    }),
    {
      request: (args, workspaceId) =>
        call('planTaskForDay', {
          params: { id: args.taskId },
          body: {
            ...taskCommandBody(workspaceId, args.projectId, args.isAutomation),
            day: args.day,
          },
        }),
      apply: {
        workspace: (workspace, args) =>
          planForDay(workspace, args.taskId, args.day, todayOf(workspace, args.at)),
      },
      // Moving to another day is taken back by moving back to the day it was on; planning a
      // task that was on no day, by taking it off the plan.
      undo: (args, workspace) => {
        const task = findTask(workspace, args.taskId)?.task;
        if (!task || task.completedAt !== null || task.plannedFor === args.day) return null;
        const { day: _day, ...common } = args;
        return task.plannedFor
          ? {
              message: 'Task moved.',
              commands: [{ ...args, kind: 'planTaskForDay', day: task.plannedFor }],
            }
          : {
              message: 'Task planned.',
              commands: [{ ...common, kind: 'taskAction', action: 'idle' }],
            };
      },
      describe: (args, workspace) => `Plan ${taskName(workspace, args.taskId)} for ${args.day}`,
    },
  ),

  setTaskDeadline: defineCommand(
    z.object({ taskId: Id, projectId: Id.nullable(), deadline: z.string().nullable() }),
    {
      request: (args, workspaceId) =>
        call('setTaskDeadline', {
          params: { id: args.taskId },
          body: { workspaceId, projectId: args.projectId, deadline: args.deadline },
        }),
      apply: {
        workspace: (workspace, args) => setDeadline(workspace, args.taskId, args.deadline),
      },
      describe: (args, workspace) =>
        args.deadline
          ? `Set the deadline of ${taskName(workspace, args.taskId)} to ${args.deadline}`
          : `Clear the deadline of ${taskName(workspace, args.taskId)}`,
    },
  ),

  setTaskEstimate: defineCommand(
    z.object({ taskId: Id, projectId: Id.nullable(), estimate: z.number().nullable() }),
    {
      request: (args, workspaceId) =>
        call('setTaskEstimate', {
          params: { id: args.taskId },
          body: { workspaceId, projectId: args.projectId, estimate: args.estimate },
        }),
      apply: {
        workspace: (workspace, args) => setEstimate(workspace, args.taskId, args.estimate),
      },
      describe: (args, workspace) =>
        args.estimate === null
          ? `Clear the estimate of ${taskName(workspace, args.taskId)}`
          : `Estimate ${taskName(workspace, args.taskId)} at ${formatMinutes(args.estimate)}`,
    },
  ),

  setTaskReminder: defineCommand(
    z.object({ taskId: Id, projectId: Id.nullable(), remindAt: RemindAtSchema.nullable() }),
    {
      request: (args, workspaceId) =>
        call('setTaskReminder', {
          params: { id: args.taskId },
          body: { workspaceId, projectId: args.projectId, remindAt: args.remindAt },
        }),
      apply: {
        workspace: (workspace, args) => setReminder(workspace, args.taskId, args.remindAt),
      },
      describe: (args, workspace) =>
        args.remindAt === null
          ? `Clear the reminder of ${taskName(workspace, args.taskId)}`
          : `Remind me of ${taskName(workspace, args.taskId)}`,
    },
  ),

  updateDaySettings: defineCommand(
    z.object({
      timeZone: z.string().optional(),
      carryOverTo: z.enum(CARRY_OVER_PLACES).optional(),
      backToInboxAfter: z.number().int().nullable().optional(),
      capacity: z.array(z.number()).optional(),
      planNudgeAt: z.string().nullable().optional(),
      finishNudgeAt: z.string().nullable().optional(),
    }),
    {
      request: (args, workspaceId) =>
        call('updateDaySettings', {
          body: {
            workspaceId,
            timeZone: args.timeZone,
            carryOverTo: args.carryOverTo,
            backToInboxAfter: args.backToInboxAfter,
            capacity: args.capacity,
            planNudgeAt: args.planNudgeAt,
            finishNudgeAt: args.finishNudgeAt,
          },
        }),
      apply: { workspace: (workspace, args) => updateDaySettings(workspace, args) },
      describe: () => 'Change the day settings',
    },
  ),

  /** spec §7: a drop at the top sends put-to-front, elsewhere reorder after the task before. */
  moveTask: defineCommand(z.object({ taskId: Id, afterTaskId: Id.nullable() }), {
    request: (args, workspaceId) =>
      args.afterTaskId === null
        ? call('putTaskToFront', { params: { id: args.taskId }, body: { workspaceId } })
        : call('reorderPlannedTask', {
            params: { id: args.taskId },
            body: { workspaceId, afterTaskId: args.afterTaskId },
          }),
    apply: {
      workspace: (workspace, args) => movePlanned(workspace, args.taskId, args.afterTaskId),
    },
    describe: (args, workspace) => `Reorder ${taskName(workspace, args.taskId)}`,
  }),

  deleteTask: defineCommand(
    z.object({ taskId: Id, projectId: Id.nullable(), isAutomation: z.boolean() }),
    {
      request: (args, workspaceId) =>
        call('deleteTask', {
          params: { id: args.taskId },
          body: taskCommandBody(workspaceId, args.projectId, args.isAutomation),
        }),
      apply: { workspace: (workspace, args) => removeTask(workspace, args.taskId) },
      describe: (args, workspace) => `Delete ${taskName(workspace, args.taskId)}`,
    },
  ),

  hideCompleted: defineCommand(z.object({}), {
    request: () => call('hideCompletedTasks', { body: {} }),
    apply: { workspace: (workspace) => hideCompleted(workspace) },
    describe: () => 'Hide completed tasks',
  }),

  idleAllPlanned: defineCommand(z.object({}), {
    request: () => call('idleAllPlannedTasks', { body: {} }),
    apply: { workspace: (workspace) => idleAllPlanned(workspace) },
    describe: () => 'Move all tasks to planning',
  }),
};
