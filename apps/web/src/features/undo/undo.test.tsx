import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/render-app.tsx';
import { aTask, aWorkspace, renderWithWorkspace } from '../../test/workspace-fixture.tsx';
import { useToastStore } from '../../ui/toast-store.ts';
import { TaskRow } from '../tasks/components/task-row.tsx';
import type { WorkspaceResponse } from '@hustle/shared/workspace';
import { useWorkspace, workspaceQueryKey } from '../../sync/workspace/get-workspace.ts';
import { runCommand } from '../../sync/outbox/run-command.ts';
import { useUndoLatest } from './api/undo.ts';
import { useUndoOffers } from './hooks/use-undo-offers.ts';
import { useUndoStack } from './model/undo-stack.ts';

const TOKEN = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
const milk = aTask('t1', { name: 'Buy milk' });

function Inbox() {
  const { data } = useWorkspace();
  const undoLatest = useUndoLatest();
  // As the app layout does: commands sent by the outbox offer their undo (decision 028).
  useUndoOffers();
  return (
    <>
      <ul>
        {data?.tasks.map((task) => (
          <TaskRow key={task.id} task={task} />
        ))}
      </ul>
      <button type="button" onClick={undoLatest}>
        Undo latest
      </button>
    </>
  );
}

/** The server: deleting answers a ticket; undoing it brings the task back on the next read. */
function setup() {
  let tasks = [milk];
  const ticket = (minutes = 10) => ({
    token: TOKEN,
    kind: 'deleteTask',
    expiresAt: new Date(Date.now() + minutes * 60_000).toISOString(),
  });
  const view = renderWithWorkspace(<Inbox />, {
    workspace: aWorkspace({ tasks }),
    routes: {
      'GET /workspaces/w1': () => json(200, aWorkspace({ tasks })),
      'POST /api/v1/tasks/t1/delete': () => {
        tasks = [];
        return json(200, { ok: true, version: 2, undo: ticket() });
      },
      'PUT /api/v1/workspace/tasks/t1/complete': () => json(200, { ok: true, version: 2 }),
      'PUT /api/v1/workspace/tasks/t1/revert': () => json(200, { ok: true, version: 3 }),
      'PUT /api/v1/workspace/tasks/t1/idle': () => json(200, { ok: true, version: 4 }),
      [`POST /api/v1/undo/${TOKEN}`]: () => {
        tasks = [milk];
        return json(200, { ok: true, version: 3, kind: 'deleteTask' });
      },
    },
  });
  return { user: userEvent.setup(), ...view };
}

async function deleteMilk(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Task actions' }));
  await user.click(screen.getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'Buy milk' })).toBeNull());
}

afterEach(() => {
  useUndoStack.setState({ entries: [] });
  useToastStore.setState({ toasts: [] });
  vi.useRealTimers();
});

describe('undo', () => {
  it('offers Undo in a polite toast, and the task comes back from the server', async () => {
    const { user, mutations } = setup();
    await deleteMilk(user);
    const toast = await screen.findByRole('status');
    expect(toast).toHaveTextContent('Task deleted.');

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('checkbox', { name: 'Buy milk' })).toBeInTheDocument();
    expect(mutations().map((call) => call.route)).toEqual([
      'POST /api/v1/tasks/t1/delete',
      `POST /api/v1/undo/${TOKEN}`,
    ]);
    expect(await screen.findByText('Undone.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
  });

  it('undoes the newest action from the stack once, then says there is nothing to undo', async () => {
    const { user, mutations } = setup();
    await deleteMilk(user);
    await screen.findByRole('button', { name: 'Undo' });

    await user.click(screen.getByRole('button', { name: 'Undo latest' }));
    expect(await screen.findByRole('checkbox', { name: 'Buy milk' })).toBeInTheDocument();
    // Its toast went with it, so its Undo cannot run a second time.
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo latest' }));
    expect(await screen.findByText('Nothing to undo.')).toBeInTheDocument();
    expect(mutations().filter((call) => call.route.includes('/undo/'))).toHaveLength(1);
  });

  it('takes a completion back with Ctrl/⌘+Z: reopened and back where it was (issue 28)', async () => {
    const { user, mutations, queryClient } = setup();
    const milkNow = () =>
      queryClient.getQueryData<WorkspaceResponse>(workspaceQueryKey('w1'))?.tasks[0];
    act(() =>
      runCommand(queryClient, {
        kind: 'taskAction',
        taskId: 't1',
        projectId: null,
        action: 'complete',
        isAutomation: false,
        at: new Date().toISOString(),
      }),
    );
    expect(await screen.findByText('Task completed.')).toBeInTheDocument();
    expect(milkNow()?.state).toBe('DONE');

    await user.click(screen.getByRole('button', { name: 'Undo latest' }));
    expect(await screen.findByText('Undone.')).toBeInTheDocument();
    // It was not planned: completing planned it, and the undo takes it back to idle too.
    expect(milkNow()?.state).toBe('IDLE');
    await waitFor(() =>
      expect(mutations().map((call) => call.route)).toEqual([
        'PUT /api/v1/workspace/tasks/t1/complete',
        'PUT /api/v1/workspace/tasks/t1/revert',
        'PUT /api/v1/workspace/tasks/t1/idle',
      ]),
    );
    // The undo itself offers no undo.
    await user.click(screen.getByRole('button', { name: 'Undo latest' }));
    expect(await screen.findByText('Nothing to undo.')).toBeInTheDocument();
  });

  it('keeps an Undo toast past 5 s, and longer while the pointer rests on it', () => {
    vi.useFakeTimers();
    renderWithWorkspace(<span />);
    act(() => {
      useToastStore.getState().addToast({
        message: 'Task deleted.',
        action: { label: 'Undo', onAction: () => {} },
      });
    });
    act(() => vi.advanceTimersByTime(6000));
    const toast = screen.getByRole('status');
    fireEvent.pointerEnter(toast);
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    fireEvent.pointerLeave(toast);
    act(() => vi.advanceTimersByTime(2100));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('drops expired entries: Ctrl/⌘+Z never reaches past the undo window', () => {
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 24, 9, minutes)).toISOString();
    const entry = (token: string, expiresAt: string) => ({
      ticket: { token, kind: 'deleteTask' as const, expiresAt },
      message: token,
      toastId: token,
    });
    const stack = useUndoStack.getState();
    stack.push(entry('old', at(20)));
    stack.push(entry('newest-expired', at(5)));
    expect(stack.takeLatest(new Date(at(10)))?.ticket.token).toBe('old');
    expect(useUndoStack.getState().takeLatest(new Date(at(10)))).toBeUndefined();
  });
});
