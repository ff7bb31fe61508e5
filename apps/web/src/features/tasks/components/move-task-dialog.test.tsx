import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { openMoveDialog, useMoveTaskStore } from '../../../stores/move-task.ts';
import {
  aProject,
  aTask,
  aWorkspace,
  ok,
  renderWithWorkspace,
} from '../../../test/workspace-fixture.tsx';
import MoveTaskDialogHost, { destinationsOf } from './move-task-dialog.tsx';

const fence = aTask('t1', { name: 'Paint the fence', projectId: 'p1' });
const workspace = aWorkspace({
  projects: [
    aProject('p1', 'Garden', { tasks: [fence] }),
    aProject('p2', 'Kitchen'),
    aProject('p3', 'Garage'),
  ],
});

describe('the Move to… picker', () => {
  afterEach(() => useMoveTaskStore.setState({ task: null, returnTo: null }));

  it('lists the inbox and the open projects, marks where the task is, and filters as one types', async () => {
    const user = userEvent.setup();
    renderWithWorkspace(<MoveTaskDialogHost />, { workspace });
    openMoveDialog({ id: 't1', name: 'Paint the fence', projectId: 'p1' });

    const list = await screen.findByRole('listbox', { name: 'Places' });
    const names = () =>
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent);
    expect(names()).toEqual(['Inbox', 'GardenHere now', 'Kitchen', 'Garage']);
    expect(within(list).getByRole('option', { name: /Garden/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.type(screen.getByRole('combobox', { name: /Where should/ }), 'ga');
    expect(names()).toEqual(['GardenHere now', 'Garage']);
  });

  it('moves with the keyboard: ↓ steps over where the task is, Enter moves, and closes', async () => {
    const user = userEvent.setup();
    const { mutations } = renderWithWorkspace(<MoveTaskDialogHost />, {
      workspace,
      routes: { 'PUT /api/v1/tasks/t1/project': ok },
    });
    openMoveDialog({ id: 't1', name: 'Paint the fence', projectId: 'p1' });
    const field = await screen.findByRole('combobox', { name: /Where should/ });
    await waitFor(() => expect(field).toHaveFocus());

    await user.keyboard('{ArrowDown}{Enter}');

    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() =>
      expect(mutations()).toEqual([
        {
          route: 'PUT /api/v1/tasks/t1/project',
          body: { workspaceId: 'w1', projectId: 'p1', toProjectId: 'p2' },
        },
      ]),
    );
  });

  it('does not move a task to where it already is', async () => {
    const user = userEvent.setup();
    const { mutations } = renderWithWorkspace(<MoveTaskDialogHost />, { workspace });
    openMoveDialog({ id: 't1', name: 'Paint the fence', projectId: 'p1' });
    await user.click(await screen.findByRole('option', { name: /Garden/ }));
    expect(screen.getByRole('dialog')).toBeVisible();
    expect(mutations()).toEqual([]);
  });

  it('leaves archived projects out', () => {
    const archived = aWorkspace({ projects: [aProject('p9', 'Old', { archived: true })] });
    expect(destinationsOf(archived, '').map((each) => each.name)).toEqual(['Inbox']);
  });
});
