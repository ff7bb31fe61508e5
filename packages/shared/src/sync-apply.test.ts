import { describe, expect, it } from 'vitest';
import { FREE_ACCESS } from './access.ts';
import type { SyncChanges } from './sync.ts';
import { applySyncChanges } from './sync-apply.ts';
import type { Task } from './tasks.ts';
import { aTask, someChanges } from './testing/workspace-fixture.ts';
import type { WorkspaceResponse } from './workspace.ts';

/** A task of the copy, made at `createdAt`: a list's order is its tasks' making order. */
const task = (id: string, createdAt: string, extra: Partial<Task> = {}): Task =>
  aTask(id, { createdAt, updatedAt: createdAt, ...extra });

const copy: WorkspaceResponse = {
  workspaceId: 'w',
  version: 7,
  access: FREE_ACCESS,
  projects: [],
  tasks: [task('a', '2026-11-01'), task('c', '2026-11-03')],
  plannedTasks: ['c', 'a'],
  automations: [],
  archivedProjectsCount: 0,
  days: {
    timeZone: 'UTC',
    carryOverTo: 'top',
    backToInboxAfter: null,
    capacity: [360, 360, 360, 360, 360, 360, 360],
    planNudgeAt: null,
    finishNudgeAt: null,
  },
  plannedCounts: { open: 2, completed: 0 },
  inboxOpenCount: 2,
  more: { planned: null, inbox: null },
  focus: null,
  dayReview: null,
};

const noChanges: SyncChanges = someChanges(8, {
  workspaceId: 'w',
  access: FREE_ACCESS,
  plannedCounts: { open: 2, completed: 0 },
  inboxOpenCount: 2,
});

describe('applySyncChanges', () => {
  it('takes the new version and leaves what did not change', () => {
    expect(applySyncChanges(copy, noChanges)).toEqual({ ...copy, version: 8 });
  });

  it('puts a task that shows again where its making time puts it', () => {
    const next = applySyncChanges(copy, { ...noChanges, tasks: [task('b', '2026-11-02')] });
    expect(next.tasks.map((item) => item.id)).toEqual(['a', 'b', 'c']);
  });

  it('replaces a changed task in place and drops a removed one from every list', () => {
    const next = applySyncChanges(copy, {
      ...noChanges,
      tasks: [task('c', '2026-11-03', { name: 'renamed' })],
      removed: { ...noChanges.removed, tasks: ['a'] },
    });
    expect(next.tasks.map((item) => item.name)).toEqual(['renamed']);
    expect(next.plannedTasks).toEqual(['c']);
  });

  it('takes the Execute list whole when it changed', () => {
    const next = applySyncChanges(copy, { ...noChanges, plannedTasks: ['a'] });
    expect(next.plannedTasks).toEqual(['a']);
  });

  it('moves a task the changes show in a project out of the inbox, and back again', () => {
    // Only a project's id and tasks matter here.
    const project = { id: 'p', name: 'Garage' } as unknown as WorkspaceResponse['projects'][number];
    const withTasks = (tasks: Task[]) => ({ ...project, tasks });
    const intoProject = applySyncChanges(
      { ...copy, projects: [withTasks([])] },
      { ...noChanges, projects: [withTasks([task('a', '2026-11-01', { projectId: 'p' })])] },
    );
    expect(intoProject.tasks.map((item) => item.id)).toEqual(['c']);
    expect(intoProject.projects[0]!.tasks.map((item) => item.id)).toEqual(['a']);

    const backToInbox = applySyncChanges(intoProject, {
      ...noChanges,
      tasks: [task('a', '2026-11-01')],
    });
    expect(backToInbox.tasks.map((item) => item.id)).toEqual(['a', 'c']);
    expect(backToInbox.projects[0]!.tasks).toEqual([]);
  });

  it('drops a task moved beyond the tasks its project is sent with from the lists it left', () => {
    const withTasks = (id: string, tasks: Task[]) =>
      ({ id, name: id, tasks }) as unknown as WorkspaceResponse['projects'][number];
    const card = task('card', '2026-10-01', { projectId: 'long' });
    const shortTask = task('s', '2026-10-02', { projectId: 'short' });
    // The long project's card is full: tasks moved to its end are not among the tasks it carries.
    const next = applySyncChanges(
      { ...copy, projects: [withTasks('long', [card]), withTasks('short', [shortTask])] },
      {
        ...noChanges,
        projects: [withTasks('long', [card])],
        taskHomes: [
          { id: 'a', projectId: 'long' },
          { id: 's', projectId: 'long' },
        ],
      },
    );
    expect(next.tasks.map((item) => item.id)).toEqual(['c']);
    expect(next.projects.map((project) => project.tasks.map((item) => item.id))).toEqual([
      ['card'],
      [],
    ]);
    // Still planned: the Execute list keeps it, and a page of it brings its row.
    expect(next.plannedTasks).toEqual(['c', 'a']);
  });

  it('keeps a task in the project the changes say it is in, though the page does not carry it', () => {
    const withTasks = (id: string, tasks: Task[]) =>
      ({ id, name: id, tasks }) as unknown as WorkspaceResponse['projects'][number];
    const held = task('h', '2026-10-01', { projectId: 'p' });
    const next = applySyncChanges(
      { ...copy, projects: [withTasks('p', [held])] },
      { ...noChanges, taskHomes: [{ id: 'h', projectId: 'p' }] },
    );
    expect(next.projects[0]!.tasks).toEqual([held]);
  });
});
