import type { SessionResponse } from '@hustle/shared/auth';
import type { WorkspaceResponse } from '@hustle/shared/workspace';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { workspaceQueryKey } from '../sync/workspace/get-workspace.ts';
import { ToastViewport } from '../ui/toast-viewport.tsx';
import { createTestQueryClient } from './query-client.ts';
import { json, stubApi } from './render-app.tsx';

import { aProject, aTask, aWorkspace, someChanges } from '@hustle/shared/testing/workspace-fixture';

export { aProject, aTask, aWorkspace, someChanges };

export const aSession = (extra: Partial<SessionResponse> = {}): SessionResponse => ({
  userId: 'u1',
  workspaceId: 'w1',
  email: 'ada@example.com',
  featureFlags: [],
  ...extra,
});

/** A query client that already holds the session and, when given, workspace w1. */
export function signedInQueryClient(session: SessionResponse, workspace?: WorkspaceResponse) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(['session'], session);
  if (workspace) queryClient.setQueryData(workspaceQueryKey('w1'), workspace);
  return queryClient;
}

/** A command's answer; undoable ones carry their undo ticket (none here), others drop it. */
export const ok = () => json(200, { ok: true, version: 2, undo: null });

/** The server refusing a command for a reason the user can act on (decision 021). */
export const refusal = (message: string) =>
  json(409, { error: { code: 'PROJECT_ARCHIVED', message } });

/** A lower-case UUID, as the browser makes for new tasks and projects (decision 021). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

type Handler = Parameters<typeof stubApi>[0][string];

/**
 * Renders UI as signed in to workspace w1 holding `workspace`; the API answers with `routes`, and
 * the workspace reloads (after every change) as `workspace` unless a route says otherwise.
 */
export function renderWithWorkspace(
  ui: ReactNode,
  {
    workspace = aWorkspace(),
    routes = {},
    entry = '/',
  }: {
    workspace?: WorkspaceResponse;
    routes?: Record<string, Handler>;
    /** Where the router starts, with the navigation's state when it matters. */
    entry?: string | { pathname: string; state: unknown };
  } = {},
) {
  const queryClient = signedInQueryClient(aSession(), workspace);
  const calls = stubApi({ 'GET /workspaces/w1': () => json(200, workspace), ...routes });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[entry]}>
        {ui}
        <ToastViewport />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const mutations = () => calls.filter((call) => !call.route.startsWith('GET '));
  return { ...view, queryClient, calls, mutations };
}
