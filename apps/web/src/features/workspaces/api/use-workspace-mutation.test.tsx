import type { WorkspaceResponse } from '@hustle/shared/workspace';
import { act, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import {
  aTask,
  aWorkspace,
  failure,
  ok,
  renderWithWorkspace,
} from '../../../test/workspace-fixture.tsx';
import { useTaskAction } from '../../tasks/api/task-action.ts';
import { workspaceQueryKey } from './get-workspace.ts';

let actions: ReturnType<typeof useTaskAction> | undefined;
function Harness() {
  const taskAction = useTaskAction();
  useEffect(() => {
    actions = taskAction;
  });
  return null;
}

const seeded = () => aWorkspace({ tasks: [aTask('a'), aTask('b')], plannedTasks: [] });
const shown = (queryClient: { getQueryData: (key: readonly unknown[]) => unknown }) =>
  (queryClient.getQueryData(workspaceQueryKey('w1')) as WorkspaceResponse).plannedTasks;

describe('workspace changes', () => {
  it('show at once and roll back with a toast when the call fails', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { queryClient } = renderWithWorkspace(<Harness />, {
      workspace: seeded(),
      routes: {
        'PUT /api/v1/workspace/tasks/a/plan': () =>
          new Promise<Response>((resolve) => (answer = resolve)),
      },
    });
    act(() => actions!.mutate({ taskId: 'a', projectId: null, action: 'plan' }));
    await waitFor(() => expect(shown(queryClient)).toEqual(['a']));
    answer(failure(500, 'Server hiccup.'));
    await screen.findByText('The task could not be planned. Server hiccup.');
    expect(shown(queryClient)).toEqual([]);
  });

  it('reach the server one after another, in the order they were made', async () => {
    let planAnswered = false;
    let idleSentAfterPlanAnswered: boolean | undefined;
    renderWithWorkspace(<Harness />, {
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
    act(() => {
      actions!.mutate({ taskId: 'a', projectId: null, action: 'plan' });
      actions!.mutate({ taskId: 'a', projectId: null, action: 'idle' });
    });
    await waitFor(() => expect(idleSentAfterPlanAnswered).toBe(true));
  });
});
