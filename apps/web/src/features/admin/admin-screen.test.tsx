import type { AdminUser } from '@hustle/shared/admin';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubApi } from '../../test/render-app.tsx';
import { renderSignedIn } from '../../test/render-signed-in.tsx';
import { AdminScreen } from './admin-screen.tsx';
import { formatBytes } from './components/figures-section.tsx';

const ADA_ID = '00000000-0000-4000-8000-0000000000a1';

const ada = (changes: Partial<AdminUser> = {}): AdminUser => ({
  id: ADA_ID,
  email: 'ada@example.com',
  plan: 'PREMIUM',
  isTrial: true,
  createdAt: '2026-11-01T08:00:00.000Z',
  lastSeenAt: '2026-11-24T08:00:00.000Z',
  tasks: 12,
  disabledAt: null,
  featureFlags: null,
  effectiveFeatureFlags: ['automation', 'subscription'],
  isAdmin: false,
  ...changes,
});

const OVERVIEW = {
  users: 2,
  disabledUsers: 0,
  tasks: 12,
  databaseBytes: 3_400_000,
  defaultFeatureFlags: ['automation', 'subscription'],
};

describe('AdminScreen', () => {
  it('shows the figures, finds an account, sets its features and disables it', async () => {
    let user = ada();
    const actions: unknown[] = [];
    const calls = stubApi({
      'GET /api/v1/admin/overview': () => json(200, OVERVIEW),
      'GET /api/v1/admin/users': () => json(200, { users: [user], matching: 1 }),
      'GET /api/v1/admin/users?q=ada': () => json(200, { users: [user], matching: 1 }),
      'GET /api/v1/admin/actions': () => json(200, { actions }),
      [`PUT /api/v1/admin/users/${ADA_ID}/feature-flags`]: () => {
        user = ada({ featureFlags: ['automation'], effectiveFeatureFlags: ['automation'] });
        return json(200, { user });
      },
      [`POST /api/v1/admin/users/${ADA_ID}/disable`]: () => {
        user = { ...user, disabledAt: '2026-11-27T10:00:00.000Z' };
        actions.push({
          id: '00000000-0000-4000-8000-0000000000f1',
          at: '2026-11-27T10:00:00.000Z',
          adminEmail: 'admin@example.com',
          kind: 'disable',
          targetEmail: 'ada@example.com',
          featureFlags: null,
        });
        return json(200, { user });
      },
    });
    renderSignedIn({ '/admin': <AdminScreen /> }, { route: '/admin' });

    expect(await screen.findByText('3.4 MB')).toBeInTheDocument();
    expect(screen.getByText('No admin has changed anything yet.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Find an account'), 'ada');
    await waitFor(() =>
      expect(calls.map((c) => c.route)).toContain('GET /api/v1/admin/users?q=ada'),
    );
    const row = within(await screen.findByRole('list', { name: 'Accounts' })).getByRole('listitem');
    expect(
      within(row).getByText(/Premium trial · 12 tasks · Last seen 24 November 2026/),
    ).toBeInTheDocument();

    const features = within(row).getByRole('combobox', { name: 'Features of ada@example.com' });
    expect(features).toHaveValue('default');
    await userEvent.selectOptions(features, 'Automation only');
    expect(await screen.findByText('ada@example.com: Automation only.')).toBeInTheDocument();
    expect(calls.find((c) => c.route.endsWith('/feature-flags'))?.body).toEqual({
      featureFlags: ['automation'],
    });
    await waitFor(() => expect(features).toHaveValue('automation'));

    await userEvent.click(within(row).getByRole('button', { name: 'Disable ada@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable this account?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(
      await screen.findByText('ada@example.com is disabled and signed out.'),
    ).toBeInTheDocument();
    expect(await within(row).findByText('Disabled')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Enable ada@example.com' })).toBeInTheDocument();
    const log = await screen.findByRole('list', { name: 'Admin actions' });
    expect(within(log).getByText('Disabled ada@example.com')).toBeInTheDocument();
    expect(within(log).getByText(/by admin@example.com/)).toBeInTheDocument();
  });

  it('offers no disabling of an admin, and says when nothing matches', async () => {
    let search = '';
    stubApi({
      'GET /api/v1/admin/overview': () => json(200, OVERVIEW),
      'GET /api/v1/admin/users': () =>
        json(200, { users: [ada({ email: 'admin@example.com', isAdmin: true })], matching: 1 }),
      'GET /api/v1/admin/users?q=zed': () => {
        search = 'zed';
        return json(200, { users: [], matching: 0 });
      },
      'GET /api/v1/admin/actions': () => json(200, { actions: [] }),
    });
    renderSignedIn({ '/admin': <AdminScreen /> }, { route: '/admin' });
    const row = within(await screen.findByRole('list', { name: 'Accounts' })).getByRole('listitem');
    expect(within(row).getByText('Admin')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Disable/ })).toBeNull();
    await userEvent.type(screen.getByLabelText('Find an account'), 'zed');
    expect(await screen.findByText('No account’s address holds “zed”.')).toBeInTheDocument();
    expect(search).toBe('zed');
  });

  it('writes sizes as a person reads them', () => {
    expect(formatBytes(4096)).toBe('4 kB');
    expect(formatBytes(3_400_000)).toBe('3.4 MB');
    expect(formatBytes(1_250_000_000)).toBe('1.3 GB');
  });
});
