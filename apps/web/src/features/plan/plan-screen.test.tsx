import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/render-app.tsx';
import {
  aProject,
  aTask,
  aWorkspace,
  renderWithWorkspace,
  UUID,
} from '../../test/workspace-fixture.tsx';
import { projectInViewState } from '../projects/model/project-in-view.ts';
import { PlanScreen } from './plan-screen.tsx';

const FREE = { archives: false, projectSharing: false, projectsLimit: 5, automationsLimit: 2 };

describe('PlanScreen', () => {
  it('welcomes a workspace without projects', () => {
    renderWithWorkspace(<PlanScreen />);
    expect(screen.getByRole('heading', { name: 'Welcome to your workspace!' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '+ New Project' })).toBeInTheDocument();
    expect(
      screen.getByRole('textbox', { name: 'New inbox task' }).getAttribute('placeholder'),
    ).toBe('Add task...');
  });

  it('adds a project at the top on Enter and refuses an empty name', async () => {
    const user = userEvent.setup();
    const existing = aProject('p1', 'Work');
    let server = aWorkspace({ projects: [existing] });
    const { mutations } = renderWithWorkspace(<PlanScreen />, {
      workspace: server,
      routes: {
        'GET /workspaces/w1': () => json(200, server),
        'POST /api/v1/projects': () => {
          server = aWorkspace({ projects: [aProject('p2', 'Home'), existing] });
          return json(200, {
            workspaceId: 'w1',
            projectId: 'p2',
            name: 'Home',
            color: '#ff9f45',
            project: aProject('p2', 'Home'),
          });
        },
      },
    });

    await user.click(screen.getByRole('button', { name: '+ Add project' }));
    const field = screen.getByRole('textbox', { name: 'Project name' });
    await user.type(field, '   {Enter}');
    expect(screen.getByRole('alert').textContent).toBe('A project needs a name.');

    await user.type(field, '  Home {Enter}');

    await waitFor(() =>
      expect(
        screen.getAllByRole('article').map((card) => card.querySelector('h3')?.textContent),
      ).toEqual(['Home', 'Work']),
    );
    // The browser made the project's id (decision 021).
    expect(mutations()).toEqual([
      {
        route: 'POST /api/v1/projects',
        body: { id: expect.stringMatching(UUID), workspaceId: 'w1', name: 'Home', asFirst: true },
      },
    ]);
  });

  it('cancels adding a project on Escape', async () => {
    const user = userEvent.setup();
    renderWithWorkspace(<PlanScreen />);
    await user.click(screen.getByRole('button', { name: '+ Add project' }));
    await user.keyboard('Home{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Project name' })).not.toBeInTheDocument();
  });

  it('holds back new projects at the plan limit and points to the subscription', () => {
    const projects = ['A', 'B', 'C', 'D', 'E'].map((name) => aProject(name, name));
    renderWithWorkspace(<PlanScreen />, {
      workspace: aWorkspace({ projects, access: FREE, archivedProjectsCount: 2 }),
    });

    const newProject = screen.getByRole<HTMLButtonElement>('button', { name: '+ New Project' });
    expect(newProject).toBeDisabled();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '+ Add project' })).toBeDisabled();
    expect(screen.getByText(/Your plan allows 5 projects/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute(
      'href',
      '/subscription?reason=projects',
    );
    // Without the archives access the archived projects are an upgrade away.
    expect(screen.getByRole('link', { name: '+2 archived projects' })).toHaveAttribute(
      'href',
      '/subscription?reason=archives',
    );
  });

  it('shows a card with its first 10 open tasks, the rest as a count, and the completed count', async () => {
    const tasks = Array.from({ length: 10 }, (_, index) =>
      aTask(`t${index + 1}`, { name: `Task ${index + 1}` }),
    );
    renderWithWorkspace(<PlanScreen />, {
      workspace: aWorkspace({
        projects: [
          aProject('p1', 'Work', {
            tasks,
            openTasksCount: 12,
            completedTasksCount: 1,
            memberCount: 2,
          }),
          aProject('p2', 'Shared', {
            shared: { workspaceId: 'w2', ownerId: 'u2', ownerEmail: 'bob@example.com' },
            completedTasksCount: 3,
          }),
        ],
      }),
    });

    const work = screen.getByRole('article', { name: 'Work' });
    expect(within(work).getAllByRole('checkbox')).toHaveLength(10);
    expect(within(work).getByRole('button', { name: '+2 more tasks' })).toBeInTheDocument();
    expect(within(work).getByText('You have completed 1 task')).toBeInTheDocument();
    expect(within(work).getByText('Shared with 2 people')).toBeInTheDocument();

    const shared = screen.getByRole('article', { name: 'Shared' });
    expect(within(shared).getByText('Shared from: bob@example.com')).toBeInTheDocument();
    expect(within(shared).queryByText(/Shared with/)).not.toBeInTheDocument();
    expect(within(shared).getByText('You have completed 3 tasks')).toBeInTheDocument();
    // A member cannot rename; the menu only offers to leave.
    expect(within(shared).queryByRole('button', { name: 'Shared' })).not.toBeInTheDocument();
    await userEvent.setup().click(within(shared).getByRole('button', { name: 'Project actions' }));
    expect(
      within(screen.getByRole('menu'))
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Leave project']);
  });

  it('asks before deleting a project and says for how long it can be undone', async () => {
    const user = userEvent.setup();
    renderWithWorkspace(<PlanScreen />, {
      workspace: aWorkspace({ projects: [aProject('p1', 'Work', { openTasksCount: 12 })] }),
    });

    await user.click(screen.getByRole('button', { name: 'Project actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));

    // The toast right after offers Undo for 10 minutes (decision 025): the question says so.
    expect(screen.getByRole('dialog', { name: 'Delete project' })).toHaveTextContent(
      'Delete Work and its 12 open tasks? You can undo this for 10 minutes.',
    );
  });

  it('marks the project a navigation asked to show, such as one just joined', () => {
    renderWithWorkspace(<PlanScreen />, {
      workspace: aWorkspace({ projects: [aProject('p1', 'Work'), aProject('p2', 'Garden')] }),
      entry: { pathname: '/plan', state: projectInViewState('p2') },
    });

    const marked = screen
      .getAllByRole('article')
      .filter((card) => card.hasAttribute('data-highlighted'));
    expect(marked.map((card) => card.querySelector('h3')?.textContent)).toEqual(['Garden']);
  });

  it('opens the detail modal from "+ NEW TASK" on a full card, with the add field focused', async () => {
    const user = userEvent.setup();
    const tasks = Array.from({ length: 11 }, (_, index) =>
      aTask(`t${index + 1}`, { name: `Task ${index + 1}` }),
    );
    renderWithWorkspace(<PlanScreen />, {
      workspace: aWorkspace({
        projects: [aProject('p1', 'Work', { tasks: tasks.slice(0, 10), openTasksCount: 11 })],
      }),
      routes: {
        'GET /api/v1/projects/p1/tasks/pages': () =>
          json(200, { tasks: tasks.map((task) => ({ ...task, projectId: 'p1' })), next: null }),
      },
    });

    await user.click(screen.getByRole('button', { name: '+ NEW TASK' }));

    const dialog = screen.getByRole('dialog', { name: 'Work' });
    expect(await within(dialog).findByRole('checkbox', { name: 'Task 11' })).toBeInTheDocument();
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'New task in Work' })).toHaveFocus(),
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows an empty archived project in Polish', async () => {
    const user = userEvent.setup();
    renderWithWorkspace(<PlanScreen />, {
      workspace: aWorkspace({ archivedProjectsCount: 1 }),
      routes: {
        'GET /api/v1/workspaces/w1/archived-projects': () =>
          json(200, [{ id: 'p9', name: 'Old', color: '#009379' }]),
        'GET /api/v1/projects/p9/tasks/pages': () => json(200, { tasks: [], next: null }),
      },
    });

    await user.click(screen.getByRole('button', { name: 'Show archived projects (1)' }));
    await user.click(await screen.findByRole('button', { name: 'Details of Old' }));

    const dialog = screen.getByRole('dialog', { name: 'Old' });
    expect(
      await within(dialog).findByText('Projekt nie zawiera żadnych tasków'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide archived projects' })).toBeInTheDocument();
  });
});
