import type { WorkspaceResponse } from '@hustle/shared/workspace';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../api/session.ts';
import { json, renderWithRouter, stubApi } from '../../test/render-app.tsx';
import { ToastViewport } from '../../ui/toast-viewport.tsx';
import { applyTaskAction, idleAllPlanned } from '@hustle/shared/commands/workspace-changes';
import { ExecuteScreen } from './execute-screen.tsx';
import { aDoneTask, aProject, aTask, anAutomationTask, aWorkspace } from './test/fixtures.ts';

const session = { userId: 'u1', workspaceId: 'w1', email: 'ada@example.com', featureFlags: [] };
const ok = () => json(200, { ok: true, version: 2 });

/** The signed-in app renders screens only once the session is known; so does this test. */
function SignedIn({ children }: { children: ReactNode }) {
  return useSession().data ? children : null;
}

type Routes = Parameters<typeof stubApi>[0];

/** The stand-in server keeps its workspace; routes may change it as the real one would. */
function renderScreen(
  workspace: WorkspaceResponse,
  routes: (server: {
    update: (change: (w: WorkspaceResponse) => WorkspaceResponse) => void;
  }) => Routes = () => ({}),
  route = '/execute',
) {
  let stored = workspace;
  const server = {
    update: (change: (w: WorkspaceResponse) => WorkspaceResponse) => {
      stored = change(stored);
    },
  };
  const calls = stubApi({
    'GET /api/v1/session': () => json(200, session),
    'GET /workspaces/w1': () => json(200, stored),
    ...routes(server),
  });
  renderWithRouter(
    <>
      <SignedIn>
        {/* The layout's main region, where the keyboard helpers look for task rows. */}
        <main>
          <ExecuteScreen />
        </main>
      </SignedIn>
      <ToastViewport />
    </>,
    { route },
  );
  return calls;
}

const busyWorkspace = () =>
  aWorkspace({
    projects: [aProject('p1', 'Work', '#3366ff', [aTask('report', { name: 'Write the report' })])],
    tasks: [
      aTask('milk', { name: 'Buy milk' }),
      aDoneTask('call', '2026-01-02T10:00:00Z', { name: 'Call mum' }),
    ],
    automations: [anAutomationTask('rent', { name: 'Pay rent' })],
    plannedTasks: ['report', 'milk', 'rent', 'call'],
  });

describe('ExecuteScreen', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'Audio',
      class {
        play() {
          return Promise.resolve();
        }
      },
    );
  });

  it('shows the spec empty state when nothing is planned or completed', async () => {
    renderScreen(aWorkspace());
    expect(await screen.findByRole('heading', { name: 'Ready to execute!' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'No planned tasks yet. Time to relax! Add tasks from your planning workspace or use Quick Add above.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Use Quick Add above to get started')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '+ Quick Add' })).toBeInTheDocument();
  });

  it('lists planned tasks in order under their labels, completed ones apart', async () => {
    renderScreen(busyWorkspace());
    const planned = await screen.findByRole('list', { name: 'Planned tasks' });
    expect(
      within(planned)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('aria-label')),
    ).toEqual(['Write the report', 'Buy milk', 'Pay rent']);
    expect(within(planned).getByText('Work')).toBeInTheDocument();
    expect(within(planned).getByText('New task')).toBeInTheDocument();
    expect(within(planned).getByText('Automation')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Completed tasks (1)' })).toBeInTheDocument();
    const done = screen.getByRole('list', { name: 'Completed tasks' });
    expect(
      within(done).getByRole('checkbox', { name: 'Call mum' }).getAttribute('aria-checked'),
    ).toBe('true');
  });

  it('counts the whole list and brings its next page (decision 029)', async () => {
    const cursor = 'a1.00000000-0000-4000-8000-000000000001';
    const calls = renderScreen(
      aWorkspace({
        tasks: [
          aTask('milk', { name: 'Buy milk' }),
          aDoneTask('tea', '2026-01-01T10:00:00Z', { name: 'Make tea' }),
        ],
        plannedTasks: ['milk', 'tea'],
        plannedCounts: { open: 120, completed: 30 },
        more: { planned: cursor, inbox: null },
      }),
      () => ({
        [`GET /api/v1/workspaces/w1/pages/planned?after=${encodeURIComponent(cursor)}`]: () =>
          json(200, {
            list: 'planned',
            plannedTasks: ['eggs', 'call'],
            projectTasks: [],
            tasks: [
              aTask('eggs', { name: 'Buy eggs' }),
              aDoneTask('call', '2026-01-02T10:00:00Z', { name: 'Call mum' }),
            ],
            automations: [],
            next: null,
          }),
      }),
    );
    expect(await screen.findByText('120 tasks to go · 30 done')).toBeInTheDocument();
    // Each row's place is told out of the whole list, not out of the rows loaded so far.
    const rowOf = (name: string) => screen.getByRole('checkbox', { name }).closest('li');
    expect(rowOf('Buy milk')).toHaveAttribute('aria-setsize', '120');
    expect(rowOf('Make tea')).toHaveAttribute('aria-setsize', '30');
    fireEvent.click(screen.getByRole('button', { name: 'Show more tasks' }));
    const planned = screen.getByRole('list', { name: 'Planned tasks' });
    expect(await within(planned).findByRole('checkbox', { name: 'Buy eggs' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Call mum' })).toBeInTheDocument();
    // The whole list is here now: the rows count, and nothing more is offered.
    expect(screen.getByText('2 tasks to go · 2 done')).toBeInTheDocument();
    expect(rowOf('Call mum')).toHaveAttribute('aria-setsize', '2');
    expect(screen.queryByRole('button', { name: 'Show more tasks' })).toBeNull();
    expect(calls.filter((call) => call.route.includes('/pages/'))).toHaveLength(1);
  });

  it('puts a refused completion back on the list and says so', async () => {
    const calls = renderScreen(busyWorkspace(), () => ({
      'PUT /api/v1/workspace/tasks/milk/complete': () =>
        json(409, { error: { code: 'PROJECT_ARCHIVED', message: 'Something broke.' } }),
    }));
    const box = await screen.findByRole('checkbox', { name: 'Buy milk' });
    fireEvent.click(box);
    expect(box).toHaveAttribute('aria-checked', 'true');

    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Not saved: Complete “Buy milk”.');
    const planned = screen.getByRole('list', { name: 'Planned tasks' });
    await waitFor(() =>
      expect(
        within(planned).getByRole('checkbox', { name: 'Buy milk' }).getAttribute('aria-checked'),
      ).toBe('false'),
    );
    expect(screen.getByRole('heading', { name: 'Completed tasks (1)' })).toBeInTheDocument();
    expect(calls.some((call) => call.route === 'PUT /api/v1/workspace/tasks/milk/complete')).toBe(
      true,
    );
  });

  it('moves a completed task to the completed section', async () => {
    const calls = renderScreen(busyWorkspace(), (server) => ({
      'PUT /api/v1/workspace/tasks/report/complete': () => {
        server.update((w) => applyTaskAction(w, 'report', 'complete'));
        return ok();
      },
    }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Write the report' }));
    expect(await screen.findByRole('heading', { name: 'Completed tasks (2)' })).toBeInTheDocument();
    const call = calls.find(
      (entry) => entry.route === 'PUT /api/v1/workspace/tasks/report/complete',
    );
    expect(call?.body).toEqual({ workspaceId: 'w1', projectId: 'p1', origin: 'workspace' });
  });

  it('moves a focused task one place with Alt+arrows and says where it went', async () => {
    const calls = renderScreen(busyWorkspace(), () => ({
      'PUT /api/v1/workspace/tasks/report/reorder': ok,
    }));
    const box = await screen.findByRole('checkbox', { name: 'Write the report' });
    box.focus();
    fireEvent.keyDown(box, { key: 'ArrowDown', altKey: true });

    const planned = screen.getByRole('list', { name: 'Planned tasks' });
    expect(
      within(planned)
        .getAllByRole('checkbox')
        .map((entry) => entry.getAttribute('aria-label')),
    ).toEqual(['Buy milk', 'Write the report', 'Pay rent']);
    expect(screen.getByText('Write the report moved to position 2 of 3.')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        calls.find((call) => call.route === 'PUT /api/v1/workspace/tasks/report/reorder')?.body,
      ).toEqual({ workspaceId: 'w1', afterTaskId: 'milk' }),
    );
    // Nothing is above the top: Alt+↑ on the first row sends nothing.
    fireEvent.keyDown(screen.getByRole('checkbox', { name: 'Buy milk' }), {
      key: 'ArrowUp',
      altKey: true,
    });
    expect(calls.filter((call) => call.route.includes('/put-to-front'))).toEqual([]);
  });

  it('completes a focused task with x', async () => {
    const calls = renderScreen(busyWorkspace(), (server) => ({
      'PUT /api/v1/workspace/tasks/milk/complete': () => {
        server.update((w) => applyTaskAction(w, 'milk', 'complete'));
        return ok();
      },
    }));
    const box = await screen.findByRole('checkbox', { name: 'Buy milk' });
    fireEvent.keyDown(box, { key: 'x' });
    expect(box).toHaveAttribute('aria-checked', 'true');
    expect(await screen.findByRole('heading', { name: 'Completed tasks (2)' })).toBeInTheDocument();
    expect(calls.some((call) => call.route === 'PUT /api/v1/workspace/tasks/milk/complete')).toBe(
      true,
    );
  });

  it('offers to move every task back to planning', async () => {
    const calls = renderScreen(busyWorkspace(), (server) => ({
      'POST /api/v1/workspace/idle-all-planned': () => {
        server.update(idleAllPlanned);
        return ok();
      },
    }));
    fireEvent.click(await screen.findByRole('button', { name: 'Planned list options' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Move all tasks to planning' }));
    await waitFor(() =>
      expect(screen.queryByRole('list', { name: 'Planned tasks' })).not.toBeInTheDocument(),
    );
    // spec §4: the planned list is emptied, completed tasks included.
    expect(screen.getByRole('heading', { name: 'Ready to execute!' })).toBeInTheDocument();
    expect(calls.some((call) => call.route === 'POST /api/v1/workspace/idle-all-planned')).toBe(
      true,
    );
  });
});

describe('a link to one task (decision 026)', () => {
  it('focuses the linked task’s row and keeps the parameter, which opens its details', async () => {
    renderScreen(busyWorkspace(), () => ({}), '/execute?task=rent');
    const row = (await screen.findByText('Pay rent')).closest<HTMLElement>('[data-task-row]')!;
    await waitFor(() => expect(row.contains(document.activeElement)).toBe(true));
    expect(screen.getByTestId('location').textContent).toBe('/execute?task=rent');
  });
});
