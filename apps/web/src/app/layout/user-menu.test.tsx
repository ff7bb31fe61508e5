import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { storeToken } from '../../api/auth-token.ts';
import { readStoredThemePreference } from '../../ui/theme.ts';
import { renderWithRouter, stubApi } from '../../test/render-app.tsx';
import { UserMenu } from './user-menu.tsx';

const EMAIL = 'ada@example.com';

async function openMenu(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: EMAIL }));
  return screen.getByRole('menu', { name: EMAIL });
}

describe('UserMenu', () => {
  it('flips the theme toggle label and keeps the choice', async () => {
    const user = userEvent.setup();
    renderWithRouter(<UserMenu email={EMAIL} featureFlags={[]} />);

    await user.click(within(await openMenu(user)).getByRole('menuitem', { name: 'Dark theme' }));

    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('hustleTheme')).toBe('dark');
    expect(readStoredThemePreference()).toBe('dark');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await user.click(within(await openMenu(user)).getByRole('menuitem', { name: 'Light theme' }));
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(localStorage.getItem('hustleTheme')).toBe('light');
  });

  it('offers Automate and Subscription only for the enabled feature flags', async () => {
    const user = userEvent.setup();
    const { unmount } = renderWithRouter(<UserMenu email={EMAIL} featureFlags={['automation']} />);

    let menu = await openMenu(user);
    expect(within(menu).getByRole('menuitem', { name: 'Automate' })).toHaveAttribute(
      'href',
      '/automation',
    );
    expect(within(menu).queryByRole('menuitem', { name: 'Subscription' })).not.toBeInTheDocument();
    unmount();

    renderWithRouter(<UserMenu email={EMAIL} featureFlags={['automation', 'subscription']} />);
    menu = await openMenu(user);
    await user.click(within(menu).getByRole('menuitem', { name: 'Subscription' }));
    expect(screen.getByTestId('location').textContent).toBe('/subscription');
  });

  it('offers the admin page to an instance admin only', async () => {
    const user = userEvent.setup();
    const { unmount } = renderWithRouter(<UserMenu email={EMAIL} featureFlags={[]} />);
    expect(within(await openMenu(user)).queryByRole('menuitem', { name: 'Admin' })).toBeNull();
    unmount();

    renderWithRouter(<UserMenu email={EMAIL} featureFlags={[]} isAdmin />);
    await user.click(within(await openMenu(user)).getByRole('menuitem', { name: 'Admin' }));
    expect(screen.getByTestId('location').textContent).toBe('/admin');
  });

  it('works from the keyboard and closes on Escape', async () => {
    const user = userEvent.setup();
    renderWithRouter(<UserMenu email={EMAIL} featureFlags={['automation']} />);
    const trigger = screen.getByRole('button', { name: EMAIL });

    trigger.focus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Dark theme');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Automate');
    await user.keyboard('{End}');
    expect(document.activeElement?.textContent).toBe('Logout');
    await user.keyboard('{Escape}');

    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('logs out on the server, forgets the token and goes to /login', async () => {
    storeToken('token-1');
    localStorage.setItem('hustleEnabledFeatureFlags', '["automation"]');
    const calls = stubApi({ 'POST /auth/logout': () => new Response(null, { status: 204 }) });
    const user = userEvent.setup();
    renderWithRouter(<UserMenu email={EMAIL} featureFlags={[]} />, { route: '/plan' });

    await user.click(within(await openMenu(user)).getByRole('menuitem', { name: 'Logout' }));

    // The way out waits for the server's answer: on a busy machine it lands a moment later.
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    expect(calls.map((call) => call.route)).toEqual(['POST /auth/logout']);
    expect(localStorage.getItem('hustleToken')).toBeNull();
    expect(localStorage.getItem('hustleEnabledFeatureFlags')).toBeNull();
  });
});
