import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/render-app.tsx';
import {
  aProject,
  aTask,
  aWorkspace,
  renderWithWorkspace,
} from '../../../test/workspace-fixture.tsx';
import { ArchivedProjectDetailModal, ProjectDetailModal } from './project-detail-modal.tsx';

const COMPLETED = { done: true, state: 'DONE', completedAt: '2026-01-02T00:00:00.000Z' } as const;

/** What GET /api/v1/projects/{id}/tasks answers: open and completed tasks of the project. */
const projectTasks = [
  aTask('t1', { name: 'Paint the fence', projectId: 'p1' }),
  aTask('t2', { name: 'Fix the gate', projectId: 'p1', ...COMPLETED }),
  aTask('t3', { name: 'Mow the lawn', projectId: 'p1' }),
];

describe('project detail modals', () => {
  it('list only the open tasks when the server answers completed ones too', async () => {
    renderWithWorkspace(<ProjectDetailModal projectId="p1" addTask={false} onClose={() => {}} />, {
      workspace: aWorkspace({
        projects: [aProject('p1', 'Garden', { tasks: [projectTasks[0]!] })],
      }),
      routes: { 'GET /api/v1/projects/p1/tasks': () => json(200, projectTasks) },
    });

    const list = await screen.findByRole('list', { name: 'Tasks of Garden' });
    expect(await within(list).findByRole('checkbox', { name: 'Mow the lawn' })).toBeTruthy();
    expect(
      within(list)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('aria-label')),
    ).toEqual(['Paint the fence', 'Mow the lawn']);
    expect(screen.getByText('2 open tasks')).toBeTruthy();
  });

  it('do the same for an archived project', async () => {
    renderWithWorkspace(<ArchivedProjectDetailModal projectId="p1" onClose={() => {}} />, {
      workspace: aWorkspace({ archivedProjectsCount: 1 }),
      routes: {
        'GET /api/v1/workspaces/w1/archived-projects': () =>
          json(200, [{ id: 'p1', name: 'Garden', color: '#009379' }]),
        'GET /api/v1/projects/p1/tasks': () => json(200, projectTasks),
      },
    });

    const list = await screen.findByRole('list', { name: 'Tasks of Garden' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Paint the fence', 'Mow the lawn']);
    expect(screen.getByText('Archived · 2 open tasks')).toBeTruthy();
  });
});
