import { tasksApi } from '@hustle/shared/tasks.api';
import { taskDetailsApi } from '@hustle/shared/task-details.api';
import { taskMovesApi } from '@hustle/shared/task-moves.api';
import { undoApi } from '@hustle/shared/undo.api';
import { AppError, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { SessionContext } from '../auth/auth.service.ts';
import type { Policy } from '../policy/policy.service.ts';
import { createTaskDetailsCommands } from '../tasks/task-details.commands.ts';
import { createTaskMoveCommands } from '../tasks/task-moves.commands.ts';
import { createTaskCommands } from '../tasks/tasks.commands.ts';
import { createUndoCommands } from '../undo/undo.commands.ts';
import { commandInput } from '../workspaces/command-routes.ts';
import { undoableDeleteOf, workspacesShowingProject } from '../workspaces/workspaces.service.ts';
import type { UnitOfWork, WritePath } from '../workspaces/unit-of-work.ts';
import * as repo from './caldav.repository.ts';
import { moveHere } from './caldav.moves.ts';
import { readTodo, taskIdOfHustleUid, type TaskObject, type TodoFields } from './vtodo.ts';
import { taskIdOf, toResource, type TaskList, type TaskResource } from './caldav-resources.ts';

/** RFC 7232's 412: the client's If-Match or If-None-Match does not hold. */
export class PreconditionFailed extends AppError {
  override readonly status = 412;
  constructor() {
    super('CONFLICT', 'The task changed since you read it: its ETag no longer matches.');
  }
}

export interface Preconditions {
  ifMatch?: string | undefined;
  ifNoneMatch?: string | undefined;
}

/** If-Match and If-None-Match against the resource as it is now (none: it does not exist). */
function checkPreconditions(before: TaskResource | undefined, conditions: Preconditions) {
  if (conditions.ifNoneMatch !== undefined && before) throw new PreconditionFailed();
  if (conditions.ifMatch !== undefined) {
    const tags = conditions.ifMatch.split(',').map((tag) => tag.trim());
    if (!before || !(tags.includes('*') || tags.includes(before.etag))) {
      throw new PreconditionFailed();
    }
  }
}

type TaskCommands = ReturnType<typeof createTaskCommands>;

interface Handlers {
  tasks: TaskCommands;
  details: ReturnType<typeof createTaskDetailsCommands>;
  moves: ReturnType<typeof createTaskMoveCommands>;
  undo: ReturnType<typeof createUndoCommands>;
}

/** The app's task commands, called as their routes call them: input checked by the contract. */
function commandsFor(
  { tasks, details, moves, undo }: Handlers,
  uow: UnitOfWork,
  session: SessionContext,
) {
  return {
    task: <N extends keyof TaskCommands>(name: N, request: { params?: unknown; body: unknown }) =>
      // A handler and its endpoint are one pair by name; the endpoint's schemas check the input.
      tasks[name](uow, commandInput(tasksApi[name], session, request) as never),
    notes: (taskId: string, body: unknown) =>
      details.setTaskNotes(
        uow,
        commandInput(taskDetailsApi.setTaskNotes, session, { params: { id: taskId }, body }),
      ),
    move: (taskId: string, body: unknown) =>
      moves.moveTaskToProject(
        uow,
        commandInput(taskMovesApi.moveTaskToProject, session, { params: { id: taskId }, body }),
      ),
    undo: (token: string) =>
      undo.undo(uow, commandInput(undoApi.undo, session, { params: { token } })),
  };
}

type Commands = ReturnType<typeof commandsFor>;

/** The commands that bring a task to what the client wrote, field by field (decision 079). */
async function applyFields(
  run: Commands,
  on: { workspaceId: string; projectId: string | null },
  current: TaskObject,
  wanted: TodoFields,
) {
  const params = { id: current.id };
  const onTask = { ...on, origin: 'workspace' };
  const act = (action: string) =>
    run.task('taskAction', { params: { ...params, action }, body: onTask });
  if (wanted.name !== current.name) {
    await run.task('renameTask', { params, body: { ...on, name: wanted.name } });
  }
  if (wanted.notes !== current.notes) await run.notes(current.id, { ...on, notes: wanted.notes });
  if (wanted.deadline !== current.deadline) {
    await run.task('setTaskDeadline', { params, body: { ...on, deadline: wanted.deadline } });
  }
  const isDone = current.completedAt !== null;
  if (wanted.completed) {
    if (!isDone) await act('complete');
    return;
  }
  if (isDone) await act('revert');
  // Reverting plans the task (spec §4); a client that gave it no start day unplans it.
  if (wanted.day !== null && wanted.day !== current.day) {
    await run.task('planTaskForDay', { params, body: { ...onTask, day: wanted.day } });
  } else if (wanted.day === null && (current.day !== null || isDone)) {
    await act('idle');
  }
}

const blankTask = (id: string, name: string, now: string): TaskObject => ({
  id,
  name,
  notes: '',
  deadline: null,
  day: null,
  completedAt: null,
  createdAt: now,
  updatedAt: now,
  uid: null,
  kept: null,
});

/** The undo token of the first of these tasks whose delete by the user can still be undone. */
async function firstUndoableDelete(
  uow: UnitOfWork,
  session: SessionContext,
  taskIds: readonly string[],
): Promise<string | undefined> {
  for (const taskId of taskIds) {
    const token = await undoableDeleteOf(uow.trx, session, taskId, uow.now);
    if (token) return token;
  }
  return undefined;
}

/**
 * A client that moves a task by DELETE on the old list and then PUT on the new one: the task the
 * DELETE took, brought back by the delete's own undo while it lasts (with its id, history and
 * checklist) and then moved here like any task written to another list. When it comes back to
 * the list it left, it is that list's task again, found by its UID.
 */
async function restoreDeleted(
  run: Commands,
  uow: UnitOfWork,
  session: SessionContext,
  on: { home: repo.ListHome; uid: string; uidDomain: string },
): Promise<TaskObject | undefined> {
  const ownId = taskIdOfHustleUid(on.uid, on.uidDomain);
  const gone = await repo.goneTasksOfUid(uow.trx, session.workspaceId, on.uid);
  const undoToken = await firstUndoableDelete(uow, session, [...(ownId ? [ownId] : []), ...gone]);
  if (!undoToken) return undefined;
  try {
    await run.undo(undoToken);
  } catch (error) {
    // It cannot come back (its project was archived since, its list is full): a new task, as
    // before. The undo refuses before it writes anything.
    if (error instanceof AppError) return undefined;
    throw error;
  }
  const here = await repo.findObjectByUid(uow.trx, on.home, on.uid);
  return here ? toResource(here).task : undefined;
}

/**
 * A client's writes as the app's own commands (createTask, renameTask, setTaskNotes,
 * setTaskDeadline, taskAction, planTaskForDay, moveTaskToProject, deleteTask), one unit of work
 * per request.
 */
export function createCaldavWrites(deps: { writes: WritePath; policy: Policy; uidDomain: string }) {
  const handlers: Handlers = {
    tasks: createTaskCommands({ policy: deps.policy }),
    details: createTaskDetailsCommands({ policy: deps.policy }),
    moves: createTaskMoveCommands({ policy: deps.policy }),
    undo: createUndoCommands({ policy: deps.policy }),
  };

  /** A new task in the list, made by the create command with an id of the server's. */
  async function create(run: Commands, uow: UnitOfWork, on: repo.ListHome, fields: TodoFields) {
    if (await repo.findObjectByUid(uow.trx, on, fields.uid)) {
      throw new AppError('CONFLICT', 'Another task of this list has that UID already.');
    }
    const id = newId();
    await run.task('createTask', { body: { id, ...on, name: fields.name } });
    return blankTask(id, fields.name, uow.now);
  }

  return {
    /** A client's PUT: answers whether it made the task. */
    async put(
      session: SessionContext,
      list: TaskList,
      name: string,
      body: string,
      conditions: Preconditions,
    ): Promise<boolean> {
      const { fields } = readTodo(body);
      return deps.writes.run(session, async (uow) => {
        const run = commandsFor(handlers, uow, session);
        const existing = await repo.findObjectByName(uow.trx, list.home, name, taskIdOf(name));
        const before = existing ? toResource(existing) : undefined;
        checkPreconditions(before, conditions);
        const restored = before
          ? undefined
          : await restoreDeleted(run, uow, session, {
              home: list.home,
              uid: fields.uid,
              uidDomain: deps.uidDomain,
            });
        const moved = before
          ? undefined
          : await moveHere(uow, list.home, fields.uid, {
              move: run.move,
              uidDomain: deps.uidDomain,
            });
        const current =
          before?.task ?? moved?.task ?? restored ?? (await create(run, uow, list.home, fields));
        await applyFields(run, list.home, current, fields);
        await repo.saveObject(
          uow.trx,
          {
            task_id: current.id,
            workspace_id: session.workspaceId,
            name,
            uid: fields.uid,
            kept: body,
            updated_at: uow.now,
          },
          moved?.left,
        );
        // The kept object is part of what the task shows: a client's change of its own alone
        // (an alarm) is a change that other devices' syncs must see.
        const showing = list.home.projectId
          ? await workspacesShowingProject(uow.trx, list.home.projectId)
          : [session.workspaceId];
        uow.changed(showing, 'task', current.id);
        return before === undefined;
      });
    },

    /**
     * A client's DELETE: the app's delete command (undoable, as in the app). The old name of a
     * task the client moved to another list is gone already: done, and nothing changes.
     */
    async remove(session: SessionContext, list: TaskList, name: string, ifMatch?: string) {
      await deps.writes.run(session, async (uow) => {
        const row = await repo.findObjectByName(uow.trx, list.home, name, taskIdOf(name));
        if (!row && (await repo.isMovedAway(uow.trx, session.workspaceId, list.id, name))) return;
        if (!row) throw notFound('Task');
        checkPreconditions(toResource(row), { ifMatch });
        const run = commandsFor(handlers, uow, session);
        await run.task('deleteTask', {
          params: { id: row.id },
          body: { ...list.home, origin: 'workspace' },
        });
      });
    },
  };
}
