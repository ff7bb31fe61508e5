import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeToken } from '../api/auth-token.ts';
import { json, renderSignedOutApp, renderWithRouter, stubApi } from '../test/render-app.tsx';
import { AppRoutes } from './app.tsx';

const session = {
  userId: 'u1',
  workspaceId: 'w1',
  email: 'ada@example.com',
  featureFlags: ['automation', 'subscription'],
};

describe('the app shell', () => {
  it('shows only the login screen when signed out, keeping the address', async () => {
    await renderSignedOutApp('/plan');

    expect(screen.getByRole('heading', { name: 'Login / Sign up' })).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/plan');
  });

  it('loads the session, caches the feature flags and opens /execute', async () => {
    storeToken('token-1');
    stubApi({ 'GET /api/v1/session': () => json(200, session) });
    renderWithRouter(<AppRoutes />, { route: '/' });

    expect(screen.getByRole('status').textContent).toMatch(/…$/);
    expect(await screen.findByRole('heading', { name: 'Execute' })).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/execute');
    expect(localStorage.getItem('hustleEnabledFeatureFlags')).toBe('["automation","subscription"]');
    expect(screen.getByText('v0.0.4')).toBeInTheDocument();

    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Execute' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('button', { name: 'ada@example.com' })).toBeInTheDocument();
  });

  it('sends unknown signed-in paths to /execute', async () => {
    storeToken('token-1');
    stubApi({ 'GET /api/v1/session': () => json(200, session) });
    renderWithRouter(<AppRoutes />, { route: '/nowhere' });

    expect(await screen.findByRole('heading', { name: 'Execute' })).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/execute');
  });

  it('shows the startup error with a Logout button when the session cannot load', async () => {
    storeToken('token-1');
    stubApi({
      'GET /api/v1/session': () =>
        json(403, { error: { code: 'FORBIDDEN', message: 'Account disabled.' } }),
    });
    renderWithRouter(<AppRoutes />, { route: '/plan' });

    expect((await screen.findByRole('alert')).textContent).toBe('App error: Account disabled.');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('returns to the login screen when the server rejects the token', async () => {
    storeToken('stale');
    stubApi({
      'GET /api/v1/session': () =>
        json(401, { error: { code: 'UNAUTHORIZED', message: 'Log in again.' } }),
    });
    renderWithRouter(<AppRoutes />, { route: '/plan' });

    expect(await screen.findByRole('heading', { name: 'Login / Sign up' })).toBeInTheDocument();
    expect(localStorage.getItem('hustleToken')).toBeNull();
  });
});
