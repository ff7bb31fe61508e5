import { describe, expect, it } from 'vitest';
import { aDoneTask, aProject, aTask, anAutomationTask, aWorkspace } from '../test/fixtures.ts';
import { buildExecuteList, INBOX_LABEL, planDrop } from './execute-list.ts';

const TODAY = '2026-11-27';

describe('buildExecuteList', () => {
  const workspace = aWorkspace({
    projects: [
      aProject('p1', 'Home', '#ff9f45', [
        aTask('home-1'),
        aDoneTask('home-2', '2026-01-02T10:00:00Z'),
      ]),
      aProject('p2', 'Work', null, [aTask('work-1'), aTask('work-idle', { state: 'IDLE' })]),
    ],
    tasks: [aTask('inbox-1'), aDoneTask('inbox-2', '2026-01-02T12:00:00Z')],
    automations: [anAutomationTask('auto-1')],
    plannedTasks: ['inbox-2', 'work-1', 'home-2', 'auto-1', 'home-1', 'inbox-1', 'gone'],
  });

  it('keeps the planned order for open tasks and skips ids it cannot find', () => {
    const { open } = buildExecuteList(workspace, TODAY);
    expect(open.map((item) => item.id)).toEqual(['work-1', 'auto-1', 'home-1', 'inbox-1']);
  });

  it('labels rows with their project, New task for inbox tasks and Automation for automations', () => {
    const { open } = buildExecuteList(workspace, TODAY);
    expect(open.map((item) => [item.label, item.color, item.isAutomation])).toEqual([
      ['Work', null, false],
      ['Automation', '#c6c6c6', true],
      ['Home', '#ff9f45', false],
      [INBOX_LABEL, null, false],
    ]);
    expect(open[0]?.projectId).toBe('p2');
  });

  it('tells each row where the focus timer is and which time zone it reads times in', () => {
    const focus = {
      taskId: 'home-1',
      entryId: 'e1',
      startedAt: null,
      pausedAt: '2026-11-27T09:00:00.000Z',
      carriedSeconds: 60,
      taskName: 'home-1',
    };
    const paused = buildExecuteList(
      { ...workspace, focus, days: { ...workspace.days, timeZone: 'Europe/Warsaw' } },
      TODAY,
    );
    expect(paused.open.map((item) => [item.id, item.focus, item.timeZone])).toEqual([
      ['work-1', null, 'Europe/Warsaw'],
      ['auto-1', null, 'Europe/Warsaw'],
      ['home-1', 'paused', 'Europe/Warsaw'],
      ['inbox-1', null, 'Europe/Warsaw'],
    ]);
    const running = buildExecuteList(
      { ...workspace, focus: { ...focus, startedAt: '2026-11-27T09:05:00.000Z', pausedAt: null } },
      TODAY,
    );
    expect(running.open.find((item) => item.id === 'home-1')?.focus).toBe('running');
  });

  it('lists completed tasks apart, the most recently completed first', () => {
    const { completed } = buildExecuteList(workspace, TODAY);
    expect(completed.map((item) => item.id)).toEqual(['inbox-2', 'home-2']);
  });
});

describe('planDrop', () => {
  const order = ['a', 'b', 'c', 'd'];

  it('puts a task dropped at the top to the front', () => {
    expect(planDrop(order, 'c', 'a')).toEqual({ order: ['c', 'a', 'b', 'd'], afterTaskId: null });
  });

  it('moves a task dropped in the middle after the task now before it', () => {
    expect(planDrop(order, 'a', 'c')).toEqual({ order: ['b', 'c', 'a', 'd'], afterTaskId: 'c' });
    expect(planDrop(order, 'd', 'b')).toEqual({ order: ['a', 'd', 'b', 'c'], afterTaskId: 'a' });
  });

  it('moves a task dropped at the end after the last task', () => {
    expect(planDrop(order, 'b', 'd')).toEqual({ order: ['a', 'c', 'd', 'b'], afterTaskId: 'd' });
  });

  it('never anchors on a completed task', () => {
    const mixed = ['done-1', 'a', 'done-2', 'b', 'c'];
    const isOpen = (id: string) => !id.startsWith('done');
    expect(planDrop(mixed, 'c', 'done-2', isOpen)?.afterTaskId).toBe('a');
    expect(planDrop(mixed, 'c', 'a', isOpen)?.afterTaskId).toBeNull();
    expect(planDrop(mixed, 'a', 'c', isOpen)?.afterTaskId).toBe('c');
  });

  it('does nothing when a task is dropped on itself or on an unknown id', () => {
    expect(planDrop(order, 'b', 'b')).toBeNull();
    expect(planDrop(order, 'b', 'x')).toBeNull();
  });

  it('shows today’s tasks, not those of a coming day, with their day marks', () => {
    const dated = aWorkspace({
      tasks: [
        aTask('today', { plannedFor: TODAY, carriedOver: 2, deadline: '2026-11-30' }),
        aTask('tomorrow', { plannedFor: '2026-11-28' }),
      ],
      plannedTasks: ['today', 'tomorrow'],
    });
    const { open } = buildExecuteList(dated, TODAY);
    expect(open.map((item) => [item.id, item.carriedOver, item.deadline, item.today])).toEqual([
      ['today', 2, '2026-11-30', TODAY],
    ]);
  });
});
