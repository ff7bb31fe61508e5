import { describe, expect, it } from 'vitest';
import { aProject, aTask, aWorkspace } from '../testing/workspace-fixture.ts';
import {
  addTask,
  applyTaskAction,
  archiveProject,
  findTask,
  hideCompleted,
  idleAllPlanned,
  moveProject,
  movePlanned,
  removeTask,
} from './workspace-changes.ts';

const workspace = () =>
  aWorkspace({
    projects: [
      aProject('p1', 'Home', {
        color: '#ff9f45',
        tasks: [aTask('t3', { state: 'PLANNED', planned: true })],
      }),
      aProject('p2', 'Work', { color: '#009379' }),
    ],
    tasks: [aTask('t1', { state: 'PLANNED', planned: true }), aTask('t2')],
    plannedTasks: ['t1', 't3'],
  });

describe('optimistic workspace updates (spec §4)', () => {
  it('plans at the end and idles, recomputing state', () => {
    const planned = applyTaskAction(workspace(), 't2', 'plan');
    expect(planned.plannedTasks).toEqual(['t1', 't3', 't2']);
    expect(findTask(planned, 't2')?.task).toMatchObject({ state: 'PLANNED', planned: true });
    const idled = applyTaskAction(planned, 't1', 'idle');
    expect(idled.plannedTasks).toEqual(['t3', 't2']);
    expect(findTask(idled, 't1')?.task.state).toBe('IDLE');
  });

  it('completes in place and reverts to PLANNED', () => {
    const done = applyTaskAction(workspace(), 't3', 'complete', '2026-02-02T00:00:00.000Z');
    expect(done.plannedTasks).toEqual(['t1', 't3']);
    expect(findTask(done, 't3')?.task).toMatchObject({
      state: 'DONE',
      done: true,
      completedAt: '2026-02-02T00:00:00.000Z',
    });
    expect(applyTaskAction(done, 't3', 'plan')).toEqual(done);
    const reverted = applyTaskAction(done, 't3', 'revert');
    expect(findTask(reverted, 't3')?.task).toMatchObject({ state: 'PLANNED', completedAt: null });
  });

  it('hides completed tasks and moves everything back to planning', () => {
    const done = applyTaskAction(workspace(), 't1', 'complete');
    const hidden = hideCompleted(done);
    expect(hidden.plannedTasks).toEqual(['t3']);
    expect(findTask(hidden, 't1')).toBeUndefined();
    const idle = idleAllPlanned(workspace());
    expect(idle.plannedTasks).toEqual([]);
    expect(findTask(idle, 't3')?.task.state).toBe('IDLE');
  });

  it('moves planned tasks to the front and after another', () => {
    const ws = applyTaskAction(workspace(), 't2', 'plan');
    expect(movePlanned(ws, 't2', null).plannedTasks).toEqual(['t2', 't1', 't3']);
    expect(movePlanned(ws, 't1', 't3').plannedTasks).toEqual(['t3', 't1', 't2']);
    expect(movePlanned(ws, 't1', 't1')).toBe(ws);
  });

  it('adds and removes tasks, keeping the planned list in step', () => {
    const added = addTask(workspace(), aTask('t9', { projectId: 'p2', planned: true }));
    expect(added.projects[1]!.tasks.map((t) => t.id)).toEqual(['t9']);
    expect(added.projects[1]!.openTasksCount).toBe(1);
    expect(added.plannedTasks).toEqual(['t1', 't3', 't9']);
    const removed = removeTask(added, 't3');
    expect(removed.plannedTasks).toEqual(['t1', 't9']);
    expect(removed.projects[0]!.tasks).toEqual([]);
  });

  it('moves and archives projects', () => {
    expect(moveProject(workspace(), 'p2', 0).projects.map((p) => p.id)).toEqual(['p2', 'p1']);
    const archived = archiveProject(workspace(), 'p1');
    expect(archived.projects.map((p) => p.id)).toEqual(['p2']);
    expect(archived.plannedTasks).toEqual(['t1']);
    expect(archived.archivedProjectsCount).toBe(1);
  });
});
