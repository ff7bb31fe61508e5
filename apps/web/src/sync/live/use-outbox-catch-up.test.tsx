import type { WorkspaceResponse } from '@hustle/shared/workspace';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../test/render-app.tsx';
import {
  aSession,
  aWorkspace,
  signedInQueryClient,
  someChanges,
} from '../../test/workspace-fixture.tsx';
import { workspaceQuery, workspaceQueryKey } from '../workspace/get-workspace.ts';
import { useOutboxCatchUp } from './use-outbox-catch-up.ts';

const SYNC = 'GET /api/v1/sync?since=4';

/** Version 5 on the server, and the trial ended since the copy was kept: no archives now. */
const laterChanges = () =>
  json(
    200,
    someChanges(5, { access: { ...aWorkspace().access, archives: false, projectsLimit: 3 } }),
  );

function Probe() {
  useOutboxCatchUp('w1');
  return null;
}

const mount = (queryClient: QueryClient) =>
  render(
    <QueryClientProvider client={queryClient}>
      <Probe />
    </QueryClientProvider>,
  );

const shown = (queryClient: QueryClient) =>
  queryClient.getQueryData<WorkspaceResponse>(workspaceQueryKey('w1'));

afterEach(() => vi.restoreAllMocks());

describe('useOutboxCatchUp as the app mounts', () => {
  it('brings a copy restored from the browser up to the server with one catch-up', async () => {
    const calls = stubApi({ [SYNC]: laterChanges });
    const queryClient = signedInQueryClient(aSession());
    // What restoring the browser's copy does: the answer is put in the cache, not read.
    queryClient.setQueryData(workspaceQueryKey('w1'), aWorkspace({ version: 4 }));

    mount(queryClient);

    await waitFor(() => expect(shown(queryClient)?.version).toBe(5));
    expect(shown(queryClient)?.access.archives).toBe(false);
    expect(calls.filter((call) => call.route === SYNC)).toHaveLength(1);
  });

  it('asks nothing more of a workspace read from the server in this visit', async () => {
    const calls = stubApi({
      'GET /workspaces/w1': () => json(200, aWorkspace({ version: 4 })),
      [SYNC]: laterChanges,
    });
    const queryClient = signedInQueryClient(aSession());
    await queryClient.fetchQuery(workspaceQuery('w1'));

    mount(queryClient);
    // The outbox opens after a dynamic import: once it has, the mount's work is done.
    await vi.dynamicImportSettled();

    expect(calls.map((call) => call.route)).toEqual(['GET /workspaces/w1']);
    expect(shown(queryClient)?.version).toBe(4);
  });
});
