import type { ProjectTasksPage } from '@hustle/shared/projects';
import { onlineManager } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { json } from '../../../test/render-app.tsx';
import { workspaceQueryKey } from '../../../sync/workspace/workspace-query-key.ts';
import {
  aProject,
  aTask,
  aWorkspace,
  renderWithWorkspace,
} from '../../../test/workspace-fixture.tsx';
import { ArchivedProjectDetailModal, ProjectDetailModal } from './project-detail-modal.tsx';

const COMPLETED = { done: true, state: 'DONE', completedAt: '2026-01-02T00:00:00.000Z' } as const;
const PAGES = '/api/v1/projects/p1/tasks/pages';
const CURSOR = 'open.a5.00000000-0000-4000-8000-000000000005';

/** What GET /api/v1/projects/{id}/tasks/pages answers: open tasks first, then completed ones. */
const onePage = (tasks: ProjectTasksPage['tasks'], next: string | null = null) =>
  json(200, { tasks, next } satisfies ProjectTasksPage);

const projectTasks = [
  aTask('t1', { name: 'Paint the fence', projectId: 'p1' }),
  aTask('t3', { name: 'Mow the lawn', projectId: 'p1' }),
  aTask('t2', { name: 'Fix the gate', projectId: 'p1', ...COMPLETED }),
];

const namesIn = (list: HTMLElement) =>
  within(list)
    .getAllByRole('checkbox')
    .map((box) => box.getAttribute('aria-label'));

describe('project detail modals', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('list only the open tasks when the server answers completed ones too', async () => {
    renderWithWorkspace(<ProjectDetailModal projectId="p1" addTask={false} onClose={() => {}} />, {
      workspace: aWorkspace({
        projects: [aProject('p1', 'Garden', { tasks: [projectTasks[0]!] })],
      }),
      routes: { [`GET ${PAGES}`]: () => onePage(projectTasks) },
    });

    const list = await screen.findByRole('list', { name: 'Tasks of Garden' });
    expect(await within(list).findByRole('checkbox', { name: 'Mow the lawn' })).toBeVisible();
    expect(namesIn(list)).toEqual(['Paint the fence', 'Mow the lawn']);
    expect(screen.getByText('2 open tasks')).toBeVisible();
    // The page reached the completed tasks: there is nothing more to load.
    expect(screen.queryByRole('button', { name: 'Show more tasks' })).toBeNull();
  });

  it('load the next page of a long project by the Show more tasks button', async () => {
    const first = Array.from({ length: 5 }, (_, index) =>
      aTask(`t${index + 1}`, { name: `Task ${index + 1}`, projectId: 'p1' }),
    );
    const second = [
      aTask('t6', { name: 'Task 6', projectId: 'p1' }),
      aTask('t7', { name: 'Task 7', projectId: 'p1' }),
    ];
    // The card holds the first tasks and one planned far down, which waits for its page.
    const planned = { ...second[1]!, planned: true, state: 'PLANNED' as const };
    const { calls } = renderWithWorkspace(
      <ProjectDetailModal projectId="p1" addTask={false} onClose={() => {}} />,
      {
        workspace: aWorkspace({
          projects: [
            aProject('p1', 'Garden', { tasks: [...first.slice(0, 3), planned], openTasksCount: 7 }),
          ],
          plannedTasks: ['t7'],
        }),
        routes: {
          [`GET ${PAGES}`]: () => onePage(first, CURSOR),
          [`GET ${PAGES}?after=${encodeURIComponent(CURSOR)}`]: () => onePage(second),
        },
      },
    );

    const list = await screen.findByRole('list', { name: 'Tasks of Garden' });
    expect(namesIn(list)).toEqual(first.map((task) => task.name));
    // Until the last page, the count is the workspace's.
    expect(screen.getByText('7 open tasks')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Show more tasks' }));

    expect(await within(list).findByRole('checkbox', { name: 'Task 7' })).toBeChecked();
    expect(namesIn(list)).toEqual([...first, ...second].map((task) => task.name));
    expect(screen.queryByRole('button', { name: 'Show more tasks' })).toBeNull();
    expect(screen.getByText('7 open tasks')).toBeVisible();
    expect(calls.filter((call) => call.route.startsWith(`GET ${PAGES}`))).toHaveLength(2);
  });

  it('read the pages held again when the workspace changes', async () => {
    let name = 'Paint the fence';
    const { queryClient } = renderWithWorkspace(
      <ProjectDetailModal projectId="p1" addTask={false} onClose={() => {}} />,
      {
        workspace: aWorkspace({ projects: [aProject('p1', 'Garden')] }),
        routes: {
          [`GET ${PAGES}`]: () => onePage([aTask('t1', { name, projectId: 'p1' })]),
        },
      },
    );
    const list = await screen.findByRole('list', { name: 'Tasks of Garden' });
    expect(namesIn(list)).toEqual(['Paint the fence']);

    // Renamed elsewhere: the workspace's version moves on, the modal reads its page again.
    name = 'Paint the fence white';
    act(() => {
      queryClient.setQueryData(
        workspaceQueryKey('w1'),
        aWorkspace({
          version: 2,
          projects: [aProject('p1', 'Garden')],
        }),
      );
    });
    expect(
      await within(list).findByRole('checkbox', { name: 'Paint the fence white' }),
    ).toBeVisible();
  });

  it('show the tasks the browser keeps of the project while offline with nothing read', async () => {
    onlineManager.setOnline(false);
    const card = [aTask('t1', { name: 'Paint the fence' }), aTask('t2', { name: 'Mow the lawn' })];
    const { calls } = renderWithWorkspace(
      <ProjectDetailModal projectId="p1" addTask={false} onClose={() => {}} />,
      { workspace: aWorkspace({ projects: [aProject('p1', 'Garden', { tasks: card })] }) },
    );

    const list = await screen.findByRole('list', { name: 'Tasks of Garden' });
    expect(namesIn(list)).toEqual(['Paint the fence', 'Mow the lawn']);
    expect(screen.queryByRole('status')).toBeNull();
    expect(calls.filter((call) => call.route.startsWith(`GET ${PAGES}`))).toEqual([]);
  });

  it('do the same for an archived project', async () => {
    renderWithWorkspace(<ArchivedProjectDetailModal projectId="p1" onClose={() => {}} />, {
      workspace: aWorkspace({ archivedProjectsCount: 1 }),
      routes: {
        'GET /api/v1/workspaces/w1/archived-projects': () =>
          json(200, [{ id: 'p1', name: 'Garden', color: '#009379' }]),
        [`GET ${PAGES}`]: () => onePage(projectTasks),
      },
    });

    const list = await screen.findByRole('list', { name: 'Tasks of Garden' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Paint the fence', 'Mow the lawn']);
    expect(screen.getByText('Archived · 2 open tasks')).toBeVisible();
  });
});
