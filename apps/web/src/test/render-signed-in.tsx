import type { WorkspaceResponse } from '@hustle/shared/workspace';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { createQueryClient } from '../app/query-client.ts';
import { workspaceQueryKey } from '../features/workspaces/api/get-workspace.ts';
import { ToastViewport } from '../ui/toast-viewport.tsx';

export const SESSION = {
  userId: 'u1',
  workspaceId: 'w1',
  email: 'ada@example.com',
  featureFlags: ['automation', 'subscription'],
};

export const aWorkspaceResponse = (extra: Partial<WorkspaceResponse> = {}): WorkspaceResponse => ({
  workspaceId: 'w1',
  version: 1,
  access: { archives: true, projectSharing: true, projectsLimit: null, automationsLimit: null },
  projects: [],
  tasks: [],
  plannedTasks: [],
  automations: [],
  archivedProjectsCount: 0,
  ...extra,
});

function LocationProbe() {
  const { pathname, search } = useLocation();
  return <div data-testid="location">{pathname + search}</div>;
}

/**
 * Renders screens as signed in to workspace w1 (session known, workspace optionally cached), at
 * `route`, with each path of `screens` routed, the address readable and toasts shown.
 */
export function renderSignedIn(
  screens: Record<string, ReactNode>,
  { route, workspace }: { route: string; workspace?: WorkspaceResponse },
) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(['session'], SESSION);
  if (workspace) queryClient.setQueryData(workspaceQueryKey('w1'), workspace);
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          {Object.entries(screens).map(([path, element]) => (
            <Route key={path} path={path} element={element} />
          ))}
          <Route path="*" element={null} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
      <ToastViewport />
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}
