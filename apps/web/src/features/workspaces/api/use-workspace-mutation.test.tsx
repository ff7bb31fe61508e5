import type { WorkspaceResponse } from '@hustle/shared/workspace';
import { act, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { api } from '../../../api/api-client.ts';
import {
  aTask,
  aWorkspace,
  failure,
  renderWithWorkspace,
} from '../../../test/workspace-fixture.tsx';
import { applyTaskAction } from '@hustle/shared/commands/workspace-changes';
import { workspaceQueryKey } from './get-workspace.ts';
import { useWorkspaceMutation } from './use-workspace-mutation.ts';

let plan: ((taskId: string) => void) | undefined;
/** A change that needs the server at once (like removing a member), not one for the outbox. */
function Harness() {
  const { mutate } = useWorkspaceMutation<string>({
    mutationFn: (taskId, workspaceId) =>
      api.taskAction({
        params: { id: taskId, action: 'plan' },
        body: { workspaceId, projectId: null, origin: 'workspace' },
      }),
    optimistic: (workspace, taskId) => applyTaskAction(workspace, taskId, 'plan'),
    failureMessage: 'The task could not be planned.',
  });
  useEffect(() => {
    plan = mutate;
  });
  return null;
}

const shown = (queryClient: { getQueryData: (key: readonly unknown[]) => unknown }) =>
  (queryClient.getQueryData(workspaceQueryKey('w1')) as WorkspaceResponse).plannedTasks;

describe('online-only workspace changes', () => {
  it('show at once and roll back with a toast when the call fails', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { queryClient } = renderWithWorkspace(<Harness />, {
      workspace: aWorkspace({ tasks: [aTask('a')], plannedTasks: [] }),
      routes: {
        'PUT /api/v1/workspace/tasks/a/plan': () =>
          new Promise<Response>((resolve) => (answer = resolve)),
      },
    });
    act(() => plan!('a'));
    await waitFor(() => expect(shown(queryClient)).toEqual(['a']));
    answer(failure(500, 'Server hiccup.'));
    await screen.findByText('The task could not be planned. Server hiccup.');
    expect(shown(queryClient)).toEqual([]);
  });
});
