import { describe, expect, it } from 'vitest';
import { aProject, aTask, aWorkspace } from '../../../test/workspace-fixture.tsx';
import { cardTasks, projectTasksView } from './project-tasks-view.ts';

const tasks = (count: number) =>
  Array.from({ length: count }, (_, index) =>
    aTask(`t${index + 1}`, { name: `Task ${index + 1}` }),
  );

describe('cardTasks', () => {
  it('shows up to 10 open tasks and counts the rest', () => {
    const project = aProject('p1', 'Work', {
      tasks: [...tasks(10), aTask('done', { completedAt: '2026-01-02T00:00:00.000Z' })],
      openTasksCount: 12,
    });
    const { shown, moreCount } = cardTasks(project);
    expect(shown.map((task) => task.id)).toEqual(tasks(10).map((task) => task.id));
    expect(moreCount).toBe(2);
  });

  it('has nothing more with 10 or fewer open tasks', () => {
    expect(cardTasks(aProject('p1', 'Work', { tasks: tasks(3) })).moreCount).toBe(0);
  });
});

describe('projectTasksView', () => {
  it('shows what the workspace knows now over what was fetched', () => {
    const fetched = tasks(12).map((task) => ({ ...task, projectId: 'p1' }));
    const workspace = aWorkspace({
      projects: [
        aProject('p1', 'Work', {
          tasks: [
            { ...fetched[0]!, name: 'Renamed', state: 'PLANNED', planned: true },
            ...fetched.slice(1, 10),
            aTask('pending-1', { name: 'Just added' }),
          ],
        }),
      ],
      plannedTasks: ['t1', 't12'],
    });

    const view = projectTasksView(fetched, workspace, 'p1', { isWhole: true });

    expect(view.map((task) => task.name)).toEqual([
      'Renamed',
      ...fetched.slice(1).map((task) => task.name),
      'Just added',
    ]);
    expect(view[0]?.state).toBe('PLANNED');
    // Beyond the card's ten, the plan state comes from the planned list.
    expect(view[11]?.state).toBe('PLANNED');
    expect(view[10]?.state).toBe('IDLE');
  });

  it('leaves completed tasks out', () => {
    const fetched = tasks(2);
    const workspace = aWorkspace({
      projects: [
        aProject('p1', 'Work', {
          tasks: [{ ...fetched[0]!, completedAt: '2026-01-02T00:00:00.000Z' }, fetched[1]!],
        }),
      ],
    });
    expect(
      projectTasksView(fetched, workspace, 'p1', { isWhole: true }).map((task) => task.id),
    ).toEqual(['t2']);
  });

  it('leaves out the completed tasks the server lists beyond the card', () => {
    const completed = {
      done: true,
      state: 'DONE',
      completedAt: '2026-01-02T00:00:00.000Z',
    } as const;
    const fetched = [
      aTask('t1', { projectId: 'p1' }),
      aTask('old-1', { projectId: 'p1', ...completed }),
      aTask('t2', { projectId: 'p1' }),
      aTask('old-2', { projectId: 'p1', ...completed }),
    ];
    const workspace = aWorkspace({
      projects: [aProject('p1', 'Work', { tasks: [fetched[0]!] })],
      plannedTasks: ['old-2'],
    });
    expect(
      projectTasksView(fetched, workspace, 'p1', { isWhole: true }).map((task) => task.id),
    ).toEqual(['t1', 't2']);
  });

  it('shows a task the workspace has just reopened, though the last fetch had it done', () => {
    const fetched = [
      aTask('t1', { projectId: 'p1', done: true, completedAt: '2026-01-02T00:00:00.000Z' }),
    ];
    // An optimistic revert clears completedAt before the server answers; `done` follows later.
    const reopened = { ...fetched[0]!, completedAt: null };
    const workspace = aWorkspace({ projects: [aProject('p1', 'Work', { tasks: [reopened] })] });
    expect(
      projectTasksView(fetched, workspace, 'p1', { isWhole: true }).map((task) => task.id),
    ).toEqual(['t1']);
  });

  it('leaves the tasks the workspace holds beyond the pages fetched to their own page', () => {
    const fetched = tasks(3).map((task) => ({ ...task, projectId: 'p1' }));
    // The card's tasks, and a planned one far down the project.
    const farDown = aTask('t250', { projectId: 'p1', name: 'Far down' });
    const workspace = aWorkspace({
      projects: [aProject('p1', 'Work', { tasks: [...fetched, farDown], openTasksCount: 300 })],
      plannedTasks: ['t250'],
    });
    expect(
      projectTasksView(fetched, workspace, 'p1', { isWhole: false }).map((task) => task.id),
    ).toEqual(['t1', 't2', 't3']);
    expect(
      projectTasksView(fetched, workspace, 'p1', { isWhole: true }).map((task) => task.id),
    ).toEqual(['t1', 't2', 't3', 't250']);
  });
});
