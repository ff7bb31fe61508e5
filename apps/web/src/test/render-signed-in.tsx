import type { WorkspaceResponse } from '@hustle/shared/workspace';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ToastViewport } from '../ui/toast-viewport.tsx';
import { LocationProbe } from './render-app.tsx';
import { aSession, signedInQueryClient } from './workspace-fixture.tsx';

/**
 * Renders screens as signed in to workspace w1 (session known, workspace optionally cached), at
 * `route`, with each path of `screens` routed, the address readable and toasts shown.
 */
export function renderSignedIn(
  screens: Record<string, ReactNode>,
  { route, workspace }: { route: string; workspace?: WorkspaceResponse },
) {
  const queryClient = signedInQueryClient(
    aSession({ featureFlags: ['automation', 'subscription'] }),
    workspace,
  );
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
