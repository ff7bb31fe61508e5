import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { expect, vi } from 'vitest';
import { AppRoutes } from '../app/app.tsx';
import { createTestQueryClient } from './query-client.ts';

/** Shows the router's current address, for tests to read where the app went. */
export function LocationProbe() {
  const { pathname, search } = useLocation();
  return <div data-testid="location">{pathname + search}</div>;
}

/** Renders UI inside the app's providers, at a route, with the current address readable. */
export function renderWithRouter(ui: ReactNode, { route = '/' } = {}) {
  return render(
    <QueryClientProvider client={createTestQueryClient()}>
      <MemoryRouter initialEntries={[route]}>
        {ui}
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/**
 * Renders the whole app signed out at `route`, once the signed-out screens' script has loaded
 * (it loads apart from the app's first script, decision 016).
 */
export async function renderSignedOutApp(route: string) {
  const view = renderWithRouter(<AppRoutes />, { route });
  await waitFor(() => expect(screen.queryByRole('status', { busy: true })).toBeNull());
  return view;
}

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;

/** Stands in for the API: each "METHOD /path" answers with its handler, anything else 404s. */
export function stubApi(routes: Record<string, Handler>) {
  const calls: { route: string; body: unknown }[] = [];
  const fetchStub: typeof fetch = async (input, init) => {
    const route = `${init?.method ?? 'GET'} ${input.toString()}`;
    calls.push({ route, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    const handler = routes[route];
    return handler
      ? handler(init)
      : json(404, { error: { code: 'NOT_FOUND', message: `No stub for ${route}` } });
  };
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
