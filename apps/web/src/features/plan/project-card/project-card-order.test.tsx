import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  aProject,
  aTask,
  aWorkspace,
  ok,
  renderWithWorkspace,
} from '../../../test/workspace-fixture.tsx';
import { ProjectCard } from './project-card.tsx';

const tasks = ['A', 'B', 'C'].map((name) =>
  aTask(`t${name}`, { name: `Task ${name}`, projectId: 'p1' }),
);
const garden = aProject('p1', 'Garden', { tasks, openTasksCount: 3 });

const namesIn = (list: HTMLElement) =>
  within(list)
    .getAllByRole('checkbox')
    .map((box) => box.getAttribute('aria-label'));

describe('a project card’s order (issue 31)', () => {
  it('moves a task up with Alt+↑: says where it went and sends one reorder after the task above', async () => {
    const user = userEvent.setup();
    const { mutations } = renderWithWorkspace(<ProjectCard project={garden} />, {
      workspace: aWorkspace({ projects: [garden] }),
      routes: { 'PUT /api/v1/tasks/tC/position': ok },
    });
    screen.getByRole('checkbox', { name: 'Task C' }).focus();

    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');

    expect(screen.getByText('Task C moved to position 2 of 3.')).toBeInTheDocument();
    await waitFor(() =>
      expect(mutations()).toEqual([
        {
          route: 'PUT /api/v1/tasks/tC/position',
          body: { workspaceId: 'w1', projectId: 'p1', afterTaskId: 'tA' },
        },
      ]),
    );
  });

  it('a second Alt+↑ before the list shows the first moves on from it, not to the same place again', async () => {
    const user = userEvent.setup();
    const { mutations } = renderWithWorkspace(<ProjectCard project={garden} />, {
      workspace: aWorkspace({ projects: [garden] }),
      routes: { 'PUT /api/v1/tasks/tC/position': ok },
    });
    screen.getByRole('checkbox', { name: 'Task C' }).focus();

    // The card's project never changes here: the cache has not shown the first move yet.
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}{Alt>}{ArrowUp}{/Alt}');

    expect(screen.getByText('Task C moved to position 1 of 3.')).toBeInTheDocument();
    await waitFor(() =>
      expect(mutations().map((call) => call.body)).toEqual([
        { workspaceId: 'w1', projectId: 'p1', afterTaskId: 'tA' },
        { workspaceId: 'w1', projectId: 'p1', afterTaskId: null },
      ]),
    );
  });

  it('does nothing at the top of the list', async () => {
    const user = userEvent.setup();
    const { mutations } = renderWithWorkspace(<ProjectCard project={garden} />, {
      workspace: aWorkspace({ projects: [garden] }),
    });
    screen.getByRole('checkbox', { name: 'Task A' }).focus();
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(mutations()).toEqual([]);
    expect(namesIn(screen.getByRole('list', { name: 'Tasks of Garden' }))).toEqual([
      'Task A',
      'Task B',
      'Task C',
    ]);
  });
});
