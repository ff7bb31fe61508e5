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
  planForDay,
  removeTask,
  setDeadline,
  setEstimate,
  updateDaySettings,
} from './workspace-changes.ts';
import { applyCarryOver } from './carry-over-copy.ts';

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

describe('days on the copy (issue 29)', () => {
  const AT = '2026-11-27T10:00:00.000Z';
  const dated = () =>
    aWorkspace({
      tasks: [
        aTask('today', { state: 'PLANNED', planned: true, plannedFor: '2026-11-27' }),
        aTask('late', {
          state: 'PLANNED',
          planned: true,
          plannedFor: '2026-11-25',
          carriedOver: 1,
        }),
        aTask('next', { state: 'PLANNED', planned: true, plannedFor: '2026-11-28' }),
        aTask('idle'),
      ],
      plannedTasks: ['today', 'late', 'next'],
    });

  it('plans without a day for today, and for a chosen day at the end of the list', () => {
    const planned = applyTaskAction(dated(), 'idle', 'plan', AT);
    expect(findTask(planned, 'idle')?.task).toMatchObject({
      plannedFor: '2026-11-27',
      planned: true,
    });
    const moved = planForDay(dated(), 'today', '2026-11-30', '2026-11-27');
    expect(moved.plannedTasks).toEqual(['late', 'next', 'today']);
    expect(findTask(moved, 'today')?.task.plannedFor).toBe('2026-11-30');
    // Already there: nothing changes, not even its place.
    expect(planForDay(dated(), 'next', '2026-11-28', '2026-11-27')).toEqual(dated());
  });

  it('plans for today a day already over, and clears the count of a carried task', () => {
    const copy = planForDay(dated(), 'late', '2026-11-20', '2026-11-27');
    expect(findTask(copy, 'late')?.task).toMatchObject({
      plannedFor: '2026-11-27',
      carriedOver: 0,
    });
  });

  it('plans an idle task for a day and counts it; idling forgets the day', () => {
    const copy = planForDay(dated(), 'idle', '2026-12-01', '2026-11-27');
    expect(copy.plannedCounts.open).toBe(4);
    expect(findTask(copy, 'idle')?.task).toMatchObject({
      state: 'PLANNED',
      plannedFor: '2026-12-01',
    });
    const idled = applyTaskAction(copy, 'idle', 'idle', AT);
    expect(findTask(idled, 'idle')?.task).toMatchObject({ plannedFor: null, carriedOver: 0 });
  });

  it('carries the copy over as the server does, at the top or the bottom', () => {
    const top = applyCarryOver(dated(), '2026-11-28');
    expect(top.plannedTasks).toEqual(['today', 'late', 'next']);
    expect(findTask(top, 'today')?.task).toMatchObject({
      plannedFor: '2026-11-28',
      carriedOver: 1,
    });
    expect(findTask(top, 'late')?.task).toMatchObject({ plannedFor: '2026-11-28', carriedOver: 4 });
    expect(applyCarryOver(top, '2026-11-28')).toBe(top);
    const bottom = applyCarryOver(
      { ...dated(), days: { ...dated().days, carryOverTo: 'bottom' } },
      '2026-11-28',
    );
    expect(bottom.plannedTasks).toEqual(['next', 'today', 'late']);
  });

  it('sends a task carried too often back, off the list and its count', () => {
    const copy = { ...dated(), days: { ...dated().days, backToInboxAfter: 3 } };
    const after = applyCarryOver(copy, '2026-11-27');
    expect(after.plannedTasks).toEqual(['today', 'next']);
    expect(findTask(after, 'late')?.task).toMatchObject({ state: 'IDLE', plannedFor: null });
    expect(after.plannedCounts.open).toBe(2);
  });

  it('sets and clears a deadline, and changes the day settings', () => {
    const set = setDeadline(dated(), 'idle', '2026-12-24');
    expect(findTask(set, 'idle')?.task.deadline).toBe('2026-12-24');
    expect(findTask(setDeadline(set, 'idle', null), 'idle')?.task.deadline).toBeNull();
    const changed = updateDaySettings(dated(), { timeZone: 'Asia/Tokyo', backToInboxAfter: 5 });
    expect(changed.days).toEqual({
      timeZone: 'Asia/Tokyo',
      carryOverTo: 'top',
      backToInboxAfter: 5,
      capacity: [360, 360, 360, 360, 360, 360, 360],
      planNudgeAt: null,
      finishNudgeAt: null,
    });
    const week = [480, 480, 480, 480, 240, 0, 0];
    expect(updateDaySettings(changed, { capacity: week }).days.capacity).toEqual(week);
    const nudged = updateDaySettings(changed, { planNudgeAt: '07:30', finishNudgeAt: '18:00' });
    expect(nudged.days).toMatchObject({ planNudgeAt: '07:30', finishNudgeAt: '18:00' });
    expect(updateDaySettings(nudged, { planNudgeAt: null }).days).toMatchObject({
      planNudgeAt: null,
      finishNudgeAt: '18:00',
    });
  });

  it('sets and clears an estimate', () => {
    const set = setEstimate(dated(), 'idle', 90);
    expect(findTask(set, 'idle')?.task.estimate).toBe(90);
    expect(findTask(setEstimate(set, 'idle', null), 'idle')?.task.estimate).toBeNull();
  });
});
