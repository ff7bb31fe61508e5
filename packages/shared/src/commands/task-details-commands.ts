import { z } from 'zod';
import type { WorkspaceResponse } from '../workspace.ts';
import { call, defineCommand } from './command.ts';
import {
  addItem,
  changeChecklist,
  moveItem,
  removeItem,
  setChecklistMark,
  setNotes,
  setNotesMark,
  updateItem,
} from './task-details-changes.ts';
import { addTask, findTask } from './workspace-changes.ts';

// Shapes only: the server refuses what is too long or too many (the outbox keeps commands across
// versions of the app).
const Id = z.string().min(1);
const Progress = z.object({ done: z.number().int(), total: z.number().int() });
const onTask = { taskId: Id, projectId: Id.nullable() };

const taskName = (workspace: WorkspaceResponse | undefined, taskId: string) => {
  const found = workspace && findTask(workspace, taskId);
  return found ? `“${found.task.name}”` : 'a task';
};

const body = (args: { projectId: string | null }, workspaceId: string) => ({
  workspaceId,
  projectId: args.projectId,
});

/** An opened task's notes and checklist (issue 31, decision 064). */
export const taskDetailsCommands = {
  setTaskNotes: defineCommand(z.object({ ...onTask, notes: z.string() }), {
    request: (args, workspaceId) =>
      call('setTaskNotes', {
        params: { id: args.taskId },
        body: { ...body(args, workspaceId), notes: args.notes },
      }),
    apply: {
      workspace: (workspace, args) => setNotesMark(workspace, args.taskId, args.notes),
      taskDetails: (details, args) => setNotes(details, args.taskId, args.notes),
    },
    describe: (args, workspace) => `Change the notes of ${taskName(workspace, args.taskId)}`,
    keepsInput: true,
  }),

  addChecklistItem: defineCommand(
    z.object({ ...onTask, itemId: Id, name: z.string(), progress: Progress }),
    {
      request: (args, workspaceId) =>
        call('addChecklistItem', {
          params: { id: args.taskId },
          body: { ...body(args, workspaceId), itemId: args.itemId, name: args.name },
        }),
      apply: {
        workspace: (workspace, args) => setChecklistMark(workspace, args.taskId, args.progress),
        taskDetails: (details, args) =>
          changeChecklist(
            details,
            args.taskId,
            addItem({ id: args.itemId, name: args.name.trim(), done: false }),
          ),
      },
      describe: (args) => `Add “${args.name}” to a checklist`,
      keepsInput: true,
    },
  ),

  updateChecklistItem: defineCommand(
    z.object({
      ...onTask,
      itemId: Id,
      name: z.string().optional(),
      done: z.boolean().optional(),
      progress: Progress,
    }),
    {
      request: (args, workspaceId) =>
        call('updateChecklistItem', {
          params: { id: args.taskId, itemId: args.itemId },
          body: { ...body(args, workspaceId), name: args.name, done: args.done },
        }),
      apply: {
        workspace: (workspace, args) => setChecklistMark(workspace, args.taskId, args.progress),
        taskDetails: (details, args) =>
          changeChecklist(
            details,
            args.taskId,
            updateItem(args.itemId, { name: args.name?.trim(), done: args.done }),
          ),
      },
      describe: (args) =>
        args.name !== undefined
          ? `Rename a checklist item to “${args.name}”`
          : args.done
            ? 'Check a checklist item'
            : 'Uncheck a checklist item',
    },
  ),

  moveChecklistItem: defineCommand(
    z.object({ ...onTask, itemId: Id, afterItemId: Id.nullable() }),
    {
      request: (args, workspaceId) =>
        call('moveChecklistItem', {
          params: { id: args.taskId, itemId: args.itemId },
          body: { ...body(args, workspaceId), afterItemId: args.afterItemId },
        }),
      apply: {
        taskDetails: (details, args) =>
          changeChecklist(details, args.taskId, moveItem(args.itemId, args.afterItemId)),
      },
      describe: (args, workspace) => `Reorder the checklist of ${taskName(workspace, args.taskId)}`,
    },
  ),

  /** Undone by the server's journal (decision 025): the item comes back where it was. */
  deleteChecklistItem: defineCommand(z.object({ ...onTask, itemId: Id, progress: Progress }), {
    request: (args, workspaceId) =>
      call('deleteChecklistItem', {
        params: { id: args.taskId, itemId: args.itemId },
        body: body(args, workspaceId),
      }),
    apply: {
      workspace: (workspace, args) => setChecklistMark(workspace, args.taskId, args.progress),
      taskDetails: (details, args) =>
        changeChecklist(details, args.taskId, removeItem(args.itemId)),
    },
    describe: (args, workspace) =>
      `Delete an item of the checklist of ${taskName(workspace, args.taskId)}`,
  }),

  /**
   * The item leaves the checklist and becomes an open task, not planned, where its task lives
   * (its project, else the inbox); `newTaskId` is made by the browser (decision 021).
   */
  checklistItemToTask: defineCommand(
    z.object({
      ...onTask,
      itemId: Id,
      newTaskId: Id,
      name: z.string(),
      progress: Progress,
      at: z.string().min(1),
    }),
    {
      request: (args, workspaceId) =>
        call('checklistItemToTask', {
          params: { id: args.taskId, itemId: args.itemId },
          body: { ...body(args, workspaceId), taskId: args.newTaskId },
        }),
      apply: {
        workspace: (workspace, args) => {
          const marked = setChecklistMark(workspace, args.taskId, args.progress);
          if (findTask(marked, args.newTaskId)) return marked;
          if (args.projectId && !marked.projects.some((p) => p.id === args.projectId)) {
            return marked;
          }
          return addTask(marked, {
            id: args.newTaskId,
            name: args.name,
            projectId: args.projectId,
            automationId: null,
            planned: false,
            done: false,
            state: 'IDLE',
            createdAt: args.at,
            updatedAt: args.at,
            completedAt: null,
            plannedFor: null,
            carriedOver: 0,
            deadline: null,
            hasNotes: false,
            checklist: { done: 0, total: 0 },
            estimate: null,
            remindAt: null,
            actualSeconds: 0,
          });
        },
        taskDetails: (details, args) =>
          changeChecklist(details, args.taskId, removeItem(args.itemId)),
      },
      describe: (args) => `Make “${args.name}” a task of its own`,
    },
  ),
};
