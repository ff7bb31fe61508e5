import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, LocationProbe, renderWithRouter } from '../../test/render-app.tsx';
import { stubSystemScheme } from '../../test/system-scheme.ts';
import { aProject, aTask, aWorkspace, renderWithWorkspace } from '../../test/workspace-fixture.tsx';
import { ImportDialogHost } from '../layout/data-actions.tsx';
import { KeyboardLayer } from './keyboard-layer.tsx';

/** A screen as the shortcuts see it: rows with a focusable box, an add-task field, a search. */
function Screen() {
  return (
    <main>
      <input aria-label="Search" />
      <ul>
        {['Alpha', 'Bravo', 'Charlie'].map((name) => (
          <li key={name} data-task-row="" data-task-id={name}>
            <input type="checkbox" aria-label={name} data-row-focus="" />
          </li>
        ))}
      </ul>
      <div inert>
        <div data-task-row="" data-task-id="copy">
          <input type="checkbox" aria-label="Lifted copy" data-row-focus="" />
        </div>
      </div>
      <div data-screen-add-task="execute">
        <textarea aria-label="New task" />
      </div>
    </main>
  );
}

const location = () => screen.getByTestId('location').textContent;

function setup(route = '/execute') {
  const user = userEvent.setup();
  renderWithRouter(
    <>
      <KeyboardLayer featureFlags={[]} />
      <Screen />
    </>,
    { route },
  );
  return user;
}

describe('page-wide shortcuts', () => {
  it('go to /plan on 1 and to /execute on 2', async () => {
    const user = setup();
    await user.keyboard('1');
    expect(location()).toBe('/plan');
    await user.keyboard('2');
    expect(location()).toBe('/execute');
  });

  it('go to the search on /', async () => {
    const user = setup();
    await user.keyboard('/');
    expect(location()).toBe('/search');
  });

  it('move focus through the task rows with j/k and the arrows, skipping lifted copies', async () => {
    const user = setup();
    await user.keyboard('j');
    expect(screen.getByLabelText('Alpha')).toHaveFocus();
    await user.keyboard('j{ArrowDown}{ArrowDown}');
    expect(screen.getByLabelText('Charlie')).toHaveFocus();
    await user.keyboard('k{ArrowUp}');
    expect(screen.getByLabelText('Alpha')).toHaveFocus();
  });

  it("focus the screen's add-task field on n without typing the n", async () => {
    const user = setup();
    await user.keyboard('n');
    expect(screen.getByLabelText('New task')).toHaveFocus();
    expect(screen.getByLabelText<HTMLTextAreaElement>('New task').value).toBe('');
  });

  it('never fire while typing', async () => {
    const user = setup();
    await user.type(screen.getByLabelText('Search'), '1jn?');
    expect(location()).toBe('/execute');
    expect(screen.getByLabelText('Search')).toHaveFocus();
    expect(screen.getByLabelText<HTMLInputElement>('Search').value).toBe('1jn?');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('open the shortcut sheet on ?, and leave every key to it while it is open', async () => {
    const user = setup();
    await user.keyboard('?');
    const sheet = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(sheet).getByText('Focus the next task')).toBeInTheDocument();
    // Alt+↑/↓ orders every list that keeps its own order, not only Execute (issue 31).
    expect(
      within(sheet).getByText(
        'Move it up or down the Execute list, a Plan project card, the project window or a checklist, or a day on Upcoming',
      ),
    ).toBeInTheDocument();

    await user.keyboard('1j');
    expect(location()).toBe('/execute');
    expect(screen.getByLabelText('Alpha')).not.toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('command palette', () => {
  // jsdom lays nothing out; the palette's list measures itself and scrolls to the selection.
  beforeEach(() => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    Element.prototype.scrollIntoView = () => {};
  });

  const workspace = aWorkspace({
    tasks: [aTask('t1', { name: 'Buy milk' })],
    projects: [aProject('p1', 'Garden', { tasks: [aTask('t2', { name: 'Mow the lawn' })] })],
  });

  it('opens on Ctrl+K and finds tasks and projects by name', async () => {
    const user = userEvent.setup();
    renderWithWorkspace(<KeyboardLayer featureFlags={['automation']} />, { workspace });

    await user.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog', { name: 'Command palette' });
    const search = within(palette).getByRole('combobox');
    await waitFor(() => expect(search).toHaveFocus());
    expect(within(palette).getByRole('option', { name: /Go to Automation/ })).toBeInTheDocument();
    expect(within(palette).queryByRole('option', { name: /Go to Subscription/ })).toBeNull();

    await user.type(search, 'gard');
    expect(within(palette).getByRole('option', { name: 'Garden' })).toBeInTheDocument();
    expect(within(palette).queryByRole('option', { name: /Buy milk/ })).toBeNull();

    await user.clear(search);
    await user.type(search, 'milk');
    expect(within(palette).getByRole('option', { name: /Buy milk/ })).toHaveTextContent('Inbox');

    await user.clear(search);
    await user.type(search, 'zzz');
    // Not while typing pauses or the server's search of notes and checklists is on its way: only
    // once it has answered too.
    expect(within(palette).getByText('Looking in notes and checklists…')).toBeInTheDocument();
    expect(within(palette).queryByText('Nothing matches “zzz”.')).toBeNull();
    expect(await within(palette).findByText('Nothing matches “zzz”.')).toBeInTheDocument();
  });

  it("finds a task by a word of its notes through the server's search, and opens it", async () => {
    const user = userEvent.setup();
    const found = {
      taskId: '00000000-0000-4000-8000-000000000031',
      name: 'Paint the door',
      state: 'DONE',
      place: { kind: 'project', projectId: null, name: 'Shed', color: null, isArchived: true },
      matchedIn: 'notes',
      excerpt: 'Two coats of the green varnish',
    };
    const { calls } = renderWithWorkspace(
      <>
        <KeyboardLayer featureFlags={[]} />
        <LocationProbe />
      </>,
      {
        workspace,
        entry: '/plan',
        routes: {
          'GET /api/v1/search?q=varnish': () => json(200, { results: [found], next: null }),
        },
      },
    );

    await user.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog', { name: 'Command palette' });
    await user.type(within(palette).getByRole('combobox'), 'varnish');
    const option = await within(palette).findByRole('option', { name: /Paint the door/ });
    expect(option).toHaveTextContent('Shed · Done · Archived project');
    // Typing pauses before it asks: one request for the word, none per key.
    expect(calls.filter((call) => call.route.startsWith('GET /api/v1/search')).length).toBe(1);

    await user.click(option);
    await waitFor(() => expect(location()).toBe(`/plan?task=${found.taskId}`));
    expect(screen.queryByRole('dialog', { name: 'Command palette' })).toBeNull();
  });

  it('offers to search all tasks, on the search screen', async () => {
    const user = userEvent.setup();
    renderWithWorkspace(
      <>
        <KeyboardLayer featureFlags={[]} />
        <LocationProbe />
      </>,
      { workspace, entry: '/plan' },
    );
    await user.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog', { name: 'Command palette' });
    await user.type(within(palette).getByRole('combobox'), 'fence post');
    await user.click(within(palette).getByRole('option', { name: /Search all tasks for/ }));
    await waitFor(() => expect(location()).toBe('/search?q=fence+post'));
  });

  it('runs a command with Enter and closes', async () => {
    const user = userEvent.setup();
    renderWithWorkspace(<KeyboardLayer featureFlags={[]} />, { workspace });

    await user.keyboard('{Meta>}k{/Meta}');
    const palette = await screen.findByRole('dialog', { name: 'Command palette' });
    await user.type(within(palette).getByRole('combobox'), 'shortcuts{Enter}');

    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Command palette' })).toBeNull();
  });

  it('offers export and import, and opens the import dialog', async () => {
    const user = userEvent.setup();
    renderWithWorkspace(
      <>
        <KeyboardLayer featureFlags={[]} />
        <ImportDialogHost />
      </>,
      { workspace },
    );

    await user.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog', { name: 'Command palette' });
    expect(within(palette).getByRole('option', { name: 'Export data' })).toBeInTheDocument();
    await user.type(within(palette).getByRole('combobox'), 'import data{Enter}');

    expect(await screen.findByRole('dialog', { name: 'Import data' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Command palette' })).toBeNull();
  });

  it('matches the system theme on request, then offers only the toggle', async () => {
    stubSystemScheme('dark');
    const user = userEvent.setup();
    renderWithWorkspace(<KeyboardLayer featureFlags={[]} />, { workspace });

    await user.keyboard('{Control>}k{/Control}');
    let palette = await screen.findByRole('dialog', { name: 'Command palette' });
    await user.type(within(palette).getByRole('combobox'), 'match the system{Enter}');

    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('dark'));
    expect(localStorage.getItem('hustleTheme')).toBe('system');
    await user.keyboard('{Control>}k{/Control}');
    palette = await screen.findByRole('dialog', { name: 'Command palette' });
    expect(within(palette).queryByRole('option', { name: 'Match the system theme' })).toBeNull();
    expect(
      within(palette).getByRole('option', { name: 'Switch to the light theme' }),
    ).toBeInTheDocument();
  });
});
