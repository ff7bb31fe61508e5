import type { WorkspaceResponse } from '@hustle/shared/workspace';
import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { eraseLocal } from '../store/local-store.ts';
import { json } from '../../test/render-app.tsx';
import {
  aProject,
  aSession,
  aTask,
  aWorkspace,
  ok,
  refusal,
  renderWithWorkspace,
  signedInQueryClient,
  UUID,
} from '../../test/workspace-fixture.tsx';
import type { ArchivedProject } from '@hustle/shared/projects';
import {
  archivedProjectsKey,
  useUnarchiveProject,
} from '../../features/projects/api/archived-projects.ts';
import { useCreateTask } from '../../features/tasks/api/create-task.ts';
import { useTaskAction } from '../../features/tasks/api/task-action.ts';
import { useWorkspace, workspaceQueryKey } from '../workspace/get-workspace.ts';
import { openOutbox } from './outbox.ts';
import { closeOutbox, useOutboxState } from './outbox-state.ts';

let actions: ReturnType<typeof useTaskAction> | undefined;
let creates: ReturnType<typeof useCreateTask> | undefined;
function Harness() {
  // The screens read the workspace, so a refusal rereads it.
  useWorkspace();
  const taskAction = useTaskAction();
  const createTask = useCreateTask();
  useEffect(() => {
    actions = taskAction;
    creates = createTask;
  });
  return null;
}

const seeded = () => aWorkspace({ tasks: [aTask('a'), aTask('b')], plannedTasks: [] });
const shownIn = (queryClient: { getQueryData: (key: readonly unknown[]) => unknown }) =>
  queryClient.getQueryData(workspaceQueryKey('w1')) as WorkspaceResponse;
const keyOf = (init?: RequestInit) =>
  (init?.headers as Record<string, string> | undefined)?.['Idempotency-Key'];

describe('the outbox', () => {
  afterEach(async () => {
    onlineManager.setOnline(true);
    await eraseLocal();
  });

  it('shows a command at once and sends the commands one after another, in order', async () => {
    let planAnswered = false;
    let idleSentAfterPlanAnswered: boolean | undefined;
    const { queryClient } = renderWithWorkspace(<Harness />, {
      workspace: seeded(),
      routes: {
        'PUT /api/v1/workspace/tasks/a/plan': () =>
          new Promise<Response>((resolve) =>
            setTimeout(() => {
              planAnswered = true;
              resolve(ok());
            }, 30),
          ),
        'PUT /api/v1/workspace/tasks/a/idle': () => {
          idleSentAfterPlanAnswered = planAnswered;
          return ok();
        },
      },
    });
    act(() => actions!.mutate({ taskId: 'a', projectId: null, action: 'plan' }));
    expect(shownIn(queryClient).plannedTasks).toEqual(['a']);
    act(() => actions!.mutate({ taskId: 'a', projectId: null, action: 'idle' }));
    expect(shownIn(queryClient).plannedTasks).toEqual([]);
    await waitFor(() => expect(idleSentAfterPlanAnswered).toBe(true));
    await waitFor(() => expect(useOutboxState.getState().waiting).toBe(0));
  });

  it('keeps commands made offline across a reload and sends each once, with its key, when back online', async () => {
    onlineManager.setOnline(false);
    const sent: { route: string; key?: string; body: unknown }[] = [];
    const record = (route: string) => (init?: RequestInit) => {
      sent.push({ route, key: keyOf(init), body: JSON.parse(String(init?.body)) });
      return route.startsWith('POST') ? json(200, { ...createdAnswer }) : ok();
    };
    const createdAnswer = {
      workspaceId: 'w1',
      projectId: null,
      id: 'x',
      done: false,
      task: aTask('x'),
    };
    const { queryClient } = renderWithWorkspace(<Harness />, {
      workspace: seeded(),
      routes: {
        'POST /api/v1/tasks': record('POST /api/v1/tasks'),
        'PUT /api/v1/workspace/tasks/b/complete': record('PUT /api/v1/workspace/tasks/b/complete'),
      },
    });
    act(() => creates!.mutate({ name: 'Buy bread', planned: true }));
    act(() => actions!.mutate({ taskId: 'b', projectId: null, action: 'complete' }));
    const made = shownIn(queryClient).tasks.find((task) => task.name === 'Buy bread');
    expect(made?.id).toMatch(UUID);
    // Completing a task that is not planned plans it too, as the server does.
    expect(shownIn(queryClient).plannedTasks).toEqual([made?.id, 'b']);
    await waitFor(() => expect(useOutboxState.getState().waiting).toBe(2));
    expect(sent).toEqual([]);

    // The page goes away; a new one reads the outbox back and shows its commands again.
    closeOutbox(queryClient);
    const next = signedInQueryClient(aSession(), seeded());
    const outbox = openOutbox(next, 'u1', 'w1');
    await outbox.start();
    expect(shownIn(next).tasks.map((task) => task.name)).toContain('Buy bread');
    expect(shownIn(next).tasks.find((task) => task.id === 'b')?.completedAt).not.toBeNull();
    expect(useOutboxState.getState().waiting).toBe(2);

    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(useOutboxState.getState().waiting).toBe(0));
    expect(sent.map(({ route }) => route)).toEqual([
      'POST /api/v1/tasks',
      'PUT /api/v1/workspace/tasks/b/complete',
    ]);
    expect(sent[0]?.body).toMatchObject({ id: made?.id, name: 'Buy bread', planned: true });
    expect(sent.every(({ key }) => key && UUID.test(key))).toBe(true);
    closeOutbox(next);
  });

  it('sends the same key again when an answer was lost, so the server applies it once', async () => {
    const keys: (string | undefined)[] = [];
    renderWithWorkspace(<Harness />, {
      workspace: seeded(),
      routes: {
        'PUT /api/v1/workspace/tasks/a/plan': (init) => {
          keys.push(keyOf(init));
          if (keys.length === 1) throw new TypeError('Failed to fetch');
          return ok();
        },
      },
    });
    act(() => actions!.mutate({ taskId: 'a', projectId: null, action: 'plan' }));
    await waitFor(() => expect(keys).toHaveLength(2), { timeout: 4000 });
    expect(keys[1]).toBe(keys[0]);
    await waitFor(() => expect(useOutboxState.getState().waiting).toBe(0));
  });

  it('holds back only what depends on a refused command, sends the rest, and retries it as a new request', async () => {
    const sent: string[] = [];
    const keys: (string | undefined)[] = [];
    let isRefusing = true;
    const record = (route: string) => (init?: RequestInit) => {
      sent.push(route);
      keys.push(keyOf(init));
      return ok();
    };
    const { queryClient } = renderWithWorkspace(<Harness />, {
      workspace: seeded(),
      routes: {
        'PUT /api/v1/workspace/tasks/a/plan': (init) => {
          sent.push('plan a');
          keys.push(keyOf(init));
          return isRefusing ? refusal('The project is archived.') : ok();
        },
        'PUT /api/v1/workspace/tasks/b/plan': record('plan b'),
        'PUT /api/v1/tasks/a/rename': record('rename a'),
      },
    });
    const outbox = openOutbox(queryClient, 'u1', 'w1');
    act(() => {
      actions!.mutate({ taskId: 'a', projectId: null, action: 'plan' });
      outbox.run({ kind: 'renameTask', taskId: 'a', projectId: null, name: 'Call Anna' });
      actions!.mutate({ taskId: 'b', projectId: null, action: 'plan' });
    });
    expect(
      await screen.findByText('Not saved: Plan “a”. The project is archived.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(useOutboxState.getState().refused).toHaveLength(1));
    // An unrelated change goes on; the one on the same task waits behind the refusal.
    await waitFor(() => expect(sent).toEqual(['plan a', 'plan b']));
    expect(useOutboxState.getState().waiting).toBe(2);
    // Neither the refused plan nor the rename held behind it shows as if the server had it.
    await waitFor(() => expect(shownIn(queryClient).plannedTasks).not.toContain('a'));
    expect(shownIn(queryClient).tasks.find((task) => task.id === 'a')?.name).toBe('a');

    isRefusing = false;
    const [refused] = useOutboxState.getState().refused;
    await act(() => outbox.retry(refused!.key));
    await waitFor(() => expect(useOutboxState.getState().waiting).toBe(0));
    expect(sent).toEqual(['plan a', 'plan b', 'plan a', 'rename a']);
    expect(shownIn(queryClient).tasks.find((task) => task.id === 'a')?.name).toBe('Call Anna');
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('drops a command on something deleted elsewhere, saying so in one line', async () => {
    const { queryClient } = renderWithWorkspace(<Harness />, {
      workspace: seeded(),
      routes: {
        'PUT /api/v1/workspace/tasks/a/complete': () =>
          json(404, { error: { code: 'NOT_FOUND', message: 'That was not found.' } }),
      },
    });
    act(() => actions!.mutate({ taskId: 'a', projectId: null, action: 'complete' }));
    expect(
      await screen.findByText('Changed elsewhere: 1 change was for something deleted'),
    ).toBeInTheDocument();
    await waitFor(() => expect(useOutboxState.getState().waiting).toBe(0));
    expect(useOutboxState.getState().refused).toEqual([]);
    closeOutbox(queryClient);
  });

  it('discards a refused command and goes back to what the server holds', async () => {
    const { queryClient } = renderWithWorkspace(<Harness />, {
      workspace: seeded(),
      routes: { 'PUT /api/v1/workspace/tasks/a/plan': () => refusal('No.') },
    });
    act(() => actions!.mutate({ taskId: 'a', projectId: null, action: 'plan' }));
    await waitFor(() => expect(useOutboxState.getState().refused).toHaveLength(1));
    const outbox = openOutbox(queryClient, 'u1', 'w1');
    await act(() => outbox.discard(useOutboxState.getState().refused[0]!.key));
    expect(useOutboxState.getState()).toMatchObject({ waiting: 0, refused: [] });
    await waitFor(() => expect(shownIn(queryClient).plannedTasks).toEqual([]));
  });

  it('brings an archived project back at once, offline, and sends it once with its tasks after', async () => {
    onlineManager.setOnline(false);
    const keys: (string | undefined)[] = [];
    const before = aWorkspace({ archivedProjectsCount: 1 });
    const brought = aProject('p9', 'Old', { tasks: [aTask('t9')] });
    let unarchive: ((project: ArchivedProject) => void) | undefined;
    function BringBack() {
      useWorkspace();
      const run = useUnarchiveProject();
      useEffect(() => {
        unarchive = run;
      });
      return null;
    }
    const { queryClient } = renderWithWorkspace(<BringBack />, {
      workspace: before,
      routes: {
        'GET /workspaces/w1': () =>
          json(
            200,
            keys.length ? { ...before, projects: [brought], archivedProjectsCount: 0 } : before,
          ),
        'POST /api/v1/projects/p9/unarchive': (init) => {
          keys.push(keyOf(init));
          return json(200, brought);
        },
      },
    });
    queryClient.setQueryData(archivedProjectsKey('w1'), [{ id: 'p9', name: 'Old', color: null }]);
    act(() => unarchive!({ id: 'p9', name: 'Old', color: null }));

    expect(shownIn(queryClient).projects.map((p) => p.name)).toEqual(['Old']);
    expect(shownIn(queryClient).archivedProjectsCount).toBe(0);
    expect(queryClient.getQueryData(archivedProjectsKey('w1'))).toEqual([]);
    expect(keys).toEqual([]);

    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(useOutboxState.getState().waiting).toBe(0));
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(UUID);
    await waitFor(() =>
      expect(shownIn(queryClient).projects[0]!.tasks.map((t) => t.id)).toEqual(['t9']),
    );
  });
});
