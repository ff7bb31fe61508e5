import { aWorkspace } from '@hustle/shared/testing/workspace-fixture';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubApi } from '../../test/render-app.tsx';
import { renderSignedIn } from '../../test/render-signed-in.tsx';
import { stubSystemScheme } from '../../test/system-scheme.ts';
import { AccountScreen } from './account-screen.tsx';
import { lastActiveText } from './components/devices-section.tsx';

const SESSIONS = {
  sessions: [
    {
      id: '00000000-0000-4000-8000-000000000001',
      device: 'Firefox on Linux',
      createdAt: '2026-11-20T12:00:00.000Z',
      lastActiveAt: '2026-11-24T12:00:00.000Z',
      isCurrent: true,
    },
    {
      id: '00000000-0000-4000-8000-000000000002',
      device: 'Safari on iPhone',
      createdAt: '2026-11-02T12:00:00.000Z',
      lastActiveAt: '2026-11-21T12:00:00.000Z',
      isCurrent: false,
    },
  ],
};

// The days card reads the workspace copy, as the app has it by the time the page opens.
const renderAccount = () =>
  renderSignedIn({ '/account': <AccountScreen /> }, { route: '/account', workspace: aWorkspace() });

/**
 * The access tokens, calendar feeds and webhooks cards read their lists too; these cases are
 * about the others.
 */
const NO_TOKENS_OR_FEEDS = {
  'GET /api/v1/tokens': () => json(200, { tokens: [] }),
  'GET /api/v1/webhooks': () => json(200, { webhooks: [] }),
  'GET /api/v1/calendar-feeds': () => json(200, { feeds: [] }),
};

describe('AccountScreen', () => {
  it('lists the devices, marks this one, and signs the others out', async () => {
    let sessions = SESSIONS;
    const calls = stubApi({
      ...NO_TOKENS_OR_FEEDS,
      'GET /api/v1/account/sessions': () => json(200, sessions),
      'POST /api/v1/account/sessions/revoke-others': () => {
        sessions = { sessions: [SESSIONS.sessions[0]!] };
        return json(200, { ok: true, version: 7, signedOut: 1 });
      },
    });
    renderAccount();
    const list = await screen.findByRole('list');
    expect(within(list).getByText('Firefox on Linux')).toBeInTheDocument();
    expect(within(list).getByText('This device')).toBeInTheDocument();
    expect(within(list).getByText(/Signed in 2 November 2026/)).toBeInTheDocument();
    // Only the other device has a Sign out of its own.
    expect(within(list).getAllByRole('button', { name: /^Sign out/ })).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByText('Signed out of 1 other device.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Safari on iPhone')).not.toBeInTheDocument());
    expect(screen.getByText('You are signed in on this device only.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).toBeNull();
    expect(calls.map((call) => call.route)).toContain(
      'POST /api/v1/account/sessions/revoke-others',
    );
  });

  it('signs one other device out, naming it', async () => {
    let sessions = SESSIONS;
    const calls = stubApi({
      ...NO_TOKENS_OR_FEEDS,
      'GET /api/v1/account/sessions': () => json(200, sessions),
      [`POST /api/v1/account/sessions/${SESSIONS.sessions[1]!.id}/revoke`]: () => {
        sessions = { sessions: [SESSIONS.sessions[0]!] };
        return json(200, { ok: true, version: 8 });
      },
    });
    renderAccount();
    await userEvent.click(
      await screen.findByRole('button', {
        name: 'Sign out Safari on iPhone, signed in 2 November 2026',
      }),
    );
    expect(await screen.findByText('Safari on iPhone is signed out.')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Your signed-in devices' })).getAllByRole(
          'listitem',
        ),
      ).toHaveLength(1),
    );
    expect(calls.map((call) => call.route)).toContain(
      `POST /api/v1/account/sessions/${SESSIONS.sessions[1]!.id}/revoke`,
    );
    expect(
      within(screen.getByRole('list', { name: 'Your signed-in devices' })).queryByText(
        'Safari on iPhone',
      ),
    ).toBeNull();
  });

  it('says why the devices could not load, and tries again', async () => {
    let fails = true;
    stubApi({
      ...NO_TOKENS_OR_FEEDS,
      'GET /api/v1/account/sessions': () =>
        fails
          ? json(500, { error: { code: 'INTERNAL', message: 'Something went wrong.' } })
          : json(200, SESSIONS),
    });
    renderAccount();
    expect(await screen.findByText('Something went wrong.')).toBeInTheDocument();
    fails = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Safari on iPhone')).toBeInTheDocument();
  });

  it('changes the address with the code mailed to it', async () => {
    const calls = stubApi({
      ...NO_TOKENS_OR_FEEDS,
      'GET /api/v1/account/sessions': () => json(200, SESSIONS),
      'POST /api/v1/account/email/request-code': () =>
        json(200, { email: 'ada.new@example.com', sentAt: '2026-11-24T12:00:00.000Z' }),
      'POST /api/v1/account/email/confirm': (init) =>
        JSON.parse(String(init?.body)).code === 'ABC123'
          ? json(200, { email: 'ada.new@example.com' })
          : json(400, { error: { code: 'CODE_INVALID', message: 'Not valid.' } }),
    });
    renderAccount();
    await userEvent.click(await screen.findByRole('button', { name: 'Change e-mail' }));
    const field = screen.getByLabelText('New e-mail address');
    const send = screen.getByRole('button', { name: 'Send code' });
    expect(send).toBeDisabled();
    await userEvent.type(field, 'ada.new@example.com');
    await userEvent.click(send);

    expect(await screen.findByText(/We sent a code to/)).toHaveTextContent('ada.new@example.com');
    const boxes = screen.getByRole('group', { name: 'Code from the e-mail' });
    await userEvent.click(within(boxes).getAllByRole('textbox')[0]!);
    await userEvent.keyboard('ZZZ999');
    expect(await screen.findByRole('alert')).toHaveTextContent('That code wasn’t valid.');
    await userEvent.keyboard('abc123');
    expect(
      await screen.findByText('You now sign in with ada.new@example.com.'),
    ).toBeInTheDocument();
    expect(screen.getByText('ada.new@example.com', { selector: 'strong' })).toBeInTheDocument();
    expect(
      calls.filter((call) => call.route === 'POST /api/v1/account/email/confirm'),
    ).toHaveLength(2);
  });

  it('deletes the account only once its address is typed', async () => {
    const calls = stubApi({
      ...NO_TOKENS_OR_FEEDS,
      'GET /api/v1/account/sessions': () => json(200, SESSIONS),
      'POST /api/v1/account/delete': () => new Response(null, { status: 204 }),
    });
    renderAccount();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete account…' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    expect(within(dialog).getByRole('button', { name: /Export data/ })).toBeInTheDocument();
    const erase = within(dialog).getByRole('button', { name: 'Delete account' });
    expect(erase).toBeDisabled();
    const email = within(dialog).getByLabelText('Type ada@example.com to confirm');
    await userEvent.type(email, 'ada@example');
    expect(erase).toBeDisabled();
    await userEvent.type(email, '.com');
    expect(erase).toBeEnabled();
    await userEvent.click(erase);
    await waitFor(() =>
      expect(calls.map((call) => call.route)).toContain('POST /api/v1/account/delete'),
    );
    expect(localStorage.getItem('hustleToken')).toBeNull();
  });
});

describe('lastActiveText', () => {
  const now = new Date('2026-11-24T12:00:00.000Z').getTime();
  it.each([
    ['2026-11-24T11:59:00.000Z', 'Active now'],
    ['2026-11-24T11:45:00.000Z', 'Active 15 min ago'],
    ['2026-11-24T09:00:00.000Z', 'Active 3 h ago'],
    ['2026-11-20T12:00:00.000Z', 'Active 20 November 2026'],
  ])('%s reads %s', (at, text) => {
    expect(lastActiveText(at, now)).toBe(text);
  });

  it('matches the system theme when chosen, following it, until another theme is picked', async () => {
    stubApi({ 'GET /api/v1/account/sessions': () => json(200, SESSIONS) });
    const system = stubSystemScheme('dark');
    const user = userEvent.setup();
    renderAccount();
    const theme = screen.getByRole('group', { name: /Match the system follows/ });
    expect(within(theme).getByRole('radio', { name: 'Light' })).toBeChecked();

    await user.click(within(theme).getByRole('radio', { name: 'Match the system' }));
    expect(within(theme).getByRole('radio', { name: 'Match the system' })).toBeChecked();
    expect(document.documentElement.dataset.theme).toBe('dark');
    system.set('light');
    expect(document.documentElement.dataset.theme).toBe('light');

    await user.click(within(theme).getByRole('radio', { name: 'Dark' }));
    expect(localStorage.getItem('hustleTheme')).toBe('dark');
    system.set('light');
    expect(document.documentElement.dataset.theme).toBe('dark');
  });
});
