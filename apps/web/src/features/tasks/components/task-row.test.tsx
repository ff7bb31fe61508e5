import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useWorkspace } from '../../../sync/workspace/get-workspace.ts';
import { json } from '../../../test/render-app.tsx';
import {
  aTask,
  aWorkspace,
  refusal,
  ok,
  renderWithWorkspace,
} from '../../../test/workspace-fixture.tsx';
import { TaskRow } from './task-row.tsx';

/** The inbox as the Plan screen lists it, so optimistic changes show in the rows. */
function Inbox() {
  const { data } = useWorkspace();
  return (
    <ul>
      {data?.tasks.map((task) => (
        <TaskRow key={task.id} task={task} />
      ))}
    </ul>
  );
}

/** jsdom has no PointerEvent; a MouseEvent with a pointer type is all the row reads. */
class TestPointerEvent extends MouseEvent {
  readonly pointerType: string;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerType = init.pointerType ?? 'mouse';
  }
}

beforeEach(() => {
  vi.stubGlobal('PointerEvent', TestPointerEvent);
});

const milk = aTask('t1', { name: 'Buy milk' });

function setup(routes: Parameters<typeof renderWithWorkspace>[1] = {}) {
  const user = userEvent.setup();
  const view = renderWithWorkspace(<Inbox />, {
    workspace: aWorkspace({ tasks: [milk] }),
    ...routes,
  });
  return { user, ...view };
}

async function openRename(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Task actions' }));
  await user.click(screen.getByRole('button', { name: 'Rename' }));
  return screen.getByRole<HTMLInputElement>('textbox', { name: 'Task name' });
}

describe('TaskRow', () => {
  it('plans the task from its box, and from its name', async () => {
    // The server plans it too, so the reload after the change agrees.
    let server = aWorkspace({ tasks: [milk] });
    const { user, mutations } = setup({
      routes: {
        'GET /workspaces/w1': () => json(200, server),
        'PUT /api/v1/workspace/tasks/t1/plan': () => {
          server = aWorkspace({
            tasks: [{ ...milk, state: 'PLANNED', planned: true }],
            plannedTasks: ['t1'],
          });
          return ok();
        },
      },
    });
    const box = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Buy milk' });
    expect(box).not.toBeChecked();

    await user.click(screen.getByText('Buy milk'));

    await waitFor(() => expect(box).toBeChecked());
    expect(mutations()).toEqual([
      {
        route: 'PUT /api/v1/workspace/tasks/t1/plan',
        body: { workspaceId: 'w1', projectId: null, origin: 'workspace' },
      },
    ]);
  });

  it('shows the time spent beside the estimate', () => {
    renderWithWorkspace(<Inbox />, {
      workspace: aWorkspace({
        tasks: [aTask('t2', { name: 'Sand the door', estimate: 60, actualSeconds: 1500 })],
      }),
    });
    expect(screen.getByText('25 min of 1 h')).toBeInTheDocument();
  });

  it('shows a reminder as a chip in the user’s time zone, and none once the task is done', () => {
    renderWithWorkspace(<Inbox />, {
      workspace: aWorkspace({
        tasks: [
          aTask('t2', { name: 'Call Anna', remindAt: '2099-06-01T07:30:00.000Z' }),
          aTask('t3', {
            name: 'Pay rent',
            remindAt: '2099-06-01T08:00:00.000Z',
            completedAt: '2026-11-27T10:00:00.000Z',
            done: true,
            state: 'DONE',
          }),
        ],
        days: { ...aWorkspace().days, timeZone: 'Europe/Warsaw' },
      }),
    });
    expect(screen.getByText('Mon 1 Jun 09:30')).toBeInTheDocument();
    expect(screen.getByText('Reminder, Monday 1 June, 09:30')).toBeInTheDocument();
    expect(screen.getAllByText(/^Reminder,/)).toHaveLength(1);
  });

  it('moves a planned task back to idle', async () => {
    const planned = aTask('t1', { name: 'Buy milk', state: 'PLANNED', planned: true });
    let server = aWorkspace({ tasks: [planned], plannedTasks: ['t1'] });
    const user = userEvent.setup();
    const { mutations } = renderWithWorkspace(<Inbox />, {
      workspace: server,
      routes: {
        'GET /workspaces/w1': () => json(200, server),
        'PUT /api/v1/workspace/tasks/t1/idle': () => {
          server = aWorkspace({ tasks: [milk] });
          return ok();
        },
      },
    });
    const box = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Buy milk' });
    expect(box).toBeChecked();

    await user.click(box);
    await waitFor(() => expect(box).not.toBeChecked());
    expect(mutations()[0]?.route).toBe('PUT /api/v1/workspace/tasks/t1/idle');
  });

  it('rolls the box back and says so when the server refuses the plan', async () => {
    const { user } = setup({
      routes: { 'PUT /api/v1/workspace/tasks/t1/plan': () => refusal('Completed meanwhile.') },
    });
    const box = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Buy milk' });

    await user.click(box);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Not saved: Plan “Buy milk”. Completed meanwhile.',
    );
    await waitFor(() => expect(box).not.toBeChecked());
  });

  it('renames through the slide-out menu, trimming the name', async () => {
    const { user, mutations } = setup({ routes: { 'PUT /api/v1/tasks/t1/rename': ok } });
    const field = await openRename(user);
    expect(field.placeholder).toBe('Enter task name');
    expect(field.value).toBe('Buy milk');
    expect(field.maxLength).toBe(200);

    await user.clear(field);
    await user.type(field, '  Buy oat milk {Enter}');

    expect(screen.getByRole('checkbox', { name: 'Buy oat milk' })).toBeInTheDocument();
    expect(mutations()).toEqual([
      {
        route: 'PUT /api/v1/tasks/t1/rename',
        body: { workspaceId: 'w1', projectId: null, name: 'Buy oat milk' },
      },
    ]);
  });

  it('keeps the old name when the new one is empty, unchanged or cancelled', async () => {
    const { user, mutations } = setup();

    let field = await openRename(user);
    await user.clear(field);
    await user.keyboard('{Enter}');
    expect(screen.getByRole('checkbox', { name: 'Buy milk' })).toBeInTheDocument();

    field = await openRename(user);
    await user.type(field, '{Enter}');

    field = await openRename(user);
    await user.type(field, ' else{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Task name' })).not.toBeInTheDocument();

    field = await openRename(user);
    await user.clear(field);
    await user.type(field, 'Buy milk ');
    await user.click(document.body);

    expect(screen.getByRole('checkbox', { name: 'Buy milk' })).toBeInTheDocument();
    expect(mutations()).toEqual([]);
  });

  it('puts the old name back when the server refuses the rename', async () => {
    const { user } = setup({
      routes: { 'PUT /api/v1/tasks/t1/rename': () => refusal('The project is archived.') },
    });
    const field = await openRename(user);
    await user.clear(field);
    await user.type(field, 'Buy bread{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Not saved: Rename a task to “Buy bread”. The project is archived.',
    );
    expect(await screen.findByRole('checkbox', { name: 'Buy milk' })).toBeInTheDocument();
  });

  it('deletes through the slide-out menu', async () => {
    const { user, mutations } = setup({
      routes: {
        'POST /api/v1/tasks/t1/delete': ok,
      },
    });
    await user.click(screen.getByRole('button', { name: 'Task actions' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));

    expect(screen.queryByRole('checkbox', { name: 'Buy milk' })).not.toBeInTheDocument();
    expect(mutations()).toEqual([
      {
        route: 'POST /api/v1/tasks/t1/delete',
        body: { workspaceId: 'w1', projectId: null, origin: 'workspace' },
      },
    ]);
  });

  it('opens the menu on a swipe left of more than 50 px and closes it on a swipe right', async () => {
    const { mutations } = setup();
    const row = screen.getByRole('listitem');
    const swipe = (from: number, to: number) => {
      fireEvent.pointerDown(row, { clientX: from, clientY: 10, pointerType: 'touch' });
      fireEvent.pointerMove(row, { clientX: to, clientY: 12, pointerType: 'touch' });
      fireEvent.pointerUp(row, { clientX: to, clientY: 12, pointerType: 'touch' });
    };

    swipe(200, 160);
    expect(screen.queryByRole('button', { name: 'Rename' })).not.toBeInTheDocument();

    swipe(200, 140);
    expect(screen.getByRole('button', { name: 'Rename' })).toBeInTheDocument();
    // The click that ends the swipe does not plan the task.
    fireEvent.click(screen.getByText('Buy milk'));
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Buy milk' })).not.toBeChecked();

    swipe(100, 160);
    expect(screen.queryByRole('button', { name: 'Rename' })).not.toBeInTheDocument();
    expect(mutations()).toEqual([]);
  });

  it('changes nothing after a drag short of a swipe (issue 16: it used to un-plan)', () => {
    const planned = aTask('t1', { name: 'Buy milk', state: 'PLANNED', planned: true });
    const { mutations } = renderWithWorkspace(<Inbox />, {
      workspace: aWorkspace({ tasks: [planned], plannedTasks: ['t1'] }),
    });
    const name = screen.getByText('Buy milk');
    fireEvent.pointerDown(name, { clientX: 200, clientY: 10, pointerType: 'mouse', button: 0 });
    fireEvent.pointerMove(name, { clientX: 155, clientY: 10, pointerType: 'mouse' });
    fireEvent.pointerUp(name, { clientX: 155, clientY: 10, pointerType: 'mouse' });
    fireEvent.click(name);

    expect(screen.getByRole('checkbox', { name: 'Buy milk' })).toBeChecked();
    expect(screen.queryByRole('button', { name: 'Rename' })).not.toBeInTheDocument();
    expect(mutations()).toEqual([]);
  });

  it('answers x, e and Delete while its box has focus', async () => {
    const { user, mutations } = setup({
      routes: {
        'PUT /api/v1/workspace/tasks/t1/plan': ok,
        'PUT /api/v1/tasks/t1/rename': ok,
        'POST /api/v1/tasks/t1/delete': ok,
      },
    });
    screen.getByRole('checkbox', { name: 'Buy milk' }).focus();

    await user.keyboard('x');
    await waitFor(() =>
      expect(mutations().map((call) => call.route)).toEqual([
        'PUT /api/v1/workspace/tasks/t1/plan',
      ]),
    );

    await user.keyboard('e');
    const field = screen.getByRole<HTMLInputElement>('textbox', { name: 'Task name' });
    expect(field).toHaveFocus();
    // Typing a name is not a shortcut: the e and x in it stay in the field.
    await user.keyboard('{Control>}a{/Control}Fix the box{Enter}');
    const box = await screen.findByRole('checkbox', { name: 'Fix the box' });
    await waitFor(() => expect(box).toHaveFocus());

    await user.keyboard('{Delete}');
    expect(screen.queryByRole('checkbox', { name: 'Fix the box' })).not.toBeInTheDocument();
    expect(mutations().map((call) => call.route)).toEqual([
      'PUT /api/v1/workspace/tasks/t1/plan',
      'PUT /api/v1/tasks/t1/rename',
      'POST /api/v1/tasks/t1/delete',
    ]);
  });

  it('closes the menu on Escape and returns focus to its button', async () => {
    const { user } = setup();
    const more = screen.getByRole('button', { name: 'Task actions' });
    await user.click(more);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Rename' })).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('button', { name: 'Rename' })).not.toBeInTheDocument();
    expect(more).toHaveFocus();
  });
});
