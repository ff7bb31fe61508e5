import { describe, expect, it } from 'vitest';
import { aTask, aWorkspace } from '../testing/workspace-fixture.ts';
import type { WorkspaceResponse } from '../workspace.ts';
import { applyCommand, localUndoOf, parseCommand, type Command } from './commands.ts';

const AT = '2026-11-27T10:00:00.000Z';
const workspace = () =>
  aWorkspace({
    tasks: [
      aTask('planned', { state: 'PLANNED', planned: true }),
      aTask('idle'),
      aTask('done', { state: 'DONE', done: true, completedAt: AT }),
    ],
    plannedTasks: ['planned', 'done'],
  });

/** What a screen shows: each task's state, the list's order and its counts. */
const shown = (copy: WorkspaceResponse) => ({
  states: copy.tasks.map((task) => [task.id, task.state]),
  plannedTasks: copy.plannedTasks,
  plannedCounts: copy.plannedCounts,
  inboxOpenCount: copy.inboxOpenCount,
});

const act = (taskId: string, action: 'complete' | 'revert'): Command => ({
  kind: 'taskAction',
  taskId,
  projectId: null,
  action,
  isAutomation: false,
  at: AT,
});

describe('commands taken back by commands (issue 28: completing goes on the undo stack)', () => {
  it.each([
    ['completing a planned task', act('planned', 'complete'), 'Task completed.'],
    ['completing a task that was not planned', act('idle', 'complete'), 'Task completed.'],
    ['reopening a completed task', act('done', 'revert'), 'Task reopened.'],
  ])('%s: its undo gives the copy back as it was', (_name, command, message) => {
    const before = workspace();
    const undo = localUndoOf(command, before);
    expect(undo?.message).toBe(message);
    const after = applyCommand('workspace', before, command);
    expect(shown(after)).not.toEqual(shown(before));
    const back = undo!.commands.reduce(
      (copy, step) => applyCommand('workspace', copy, step),
      after,
    );
    expect(shown(back)).toEqual(shown(before));
    // The outbox keeps them like any command.
    for (const step of undo!.commands) expect(parseCommand(step)).toEqual(step);
  });

  it('offers nothing to take back when the command changes nothing', () => {
    expect(localUndoOf(act('done', 'complete'), workspace())).toBeNull();
    expect(localUndoOf(act('idle', 'revert'), workspace())).toBeNull();
    expect(localUndoOf(act('gone', 'complete'), workspace())).toBeNull();
  });
});

describe('moving a task to another day (issue 29)', () => {
  const dated = () =>
    aWorkspace({
      tasks: [
        aTask('planned', { state: 'PLANNED', planned: true, plannedFor: '2026-11-27' }),
        aTask('idle'),
      ],
      plannedTasks: ['planned'],
    });
  const plan = (taskId: string, day: string): Command => ({
    kind: 'planTaskForDay',
    taskId,
    projectId: null,
    isAutomation: false,
    day,
    at: AT,
  });
  const days = (copy: WorkspaceResponse) => copy.tasks.map((task) => [task.id, task.plannedFor]);

  it.each([
    ['a planned task', 'planned', 'Task moved.'],
    ['a task not planned', 'idle', 'Task planned.'],
  ])('is taken back for %s by commands that give its day back', (_name, taskId, message) => {
    const before = dated();
    const command = plan(taskId, '2026-11-30');
    const undo = localUndoOf(command, before);
    expect(undo?.message).toBe(message);
    const after = applyCommand('workspace', before, command);
    expect(days(after)).not.toEqual(days(before));
    const back = undo!.commands.reduce(
      (copy, step) => applyCommand('workspace', copy, step),
      after,
    );
    expect(days(back)).toEqual(days(before));
    expect(back.plannedTasks).toEqual(before.plannedTasks);
  });

  it('offers nothing to take back when the task is on that day already', () => {
    expect(localUndoOf(plan('planned', '2026-11-27'), dated())).toBeNull();
  });
});

describe('a new automation in the automations list', () => {
  const existing = (id: string, createdAt: string) => ({
    id,
    name: id,
    trigger: { frequency: 'DAILY' as const },
    steps: [{ type: 'TASK' as const, payload: { taskName: id } }],
    status: 'ON' as const,
    createdAt,
  });
  const create = (automationId: string, createdAt: string): Command => ({
    kind: 'createAutomation',
    automationId,
    name: automationId,
    trigger: { frequency: 'DAILY' },
    taskName: 'Stretch',
    createdAt,
  });
  const ids = (list: { id: string }[]) => list.map((automation) => automation.id);

  it('takes the place the server lists it in: oldest first, a tie by id', () => {
    const list = [existing('b', AT), existing('d', AT)];
    expect(ids(applyCommand('automations', list, create('c', AT)))).toEqual(['b', 'c', 'd']);
    expect(ids(applyCommand('automations', list, create('a', AT)))).toEqual(['a', 'b', 'd']);
    const later = '2026-11-27T11:00:00.000Z';
    expect(ids(applyCommand('automations', list, create('a', later)))).toEqual(['b', 'd', 'a']);
  });
});
