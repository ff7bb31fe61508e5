import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, renderSignedOutApp, stubApi } from '../../test/render-app.tsx';

const EMAIL = 'ada@example.com';
const sentCode = () =>
  json(200, { email: EMAIL, sentAt: '2025-01-01T10:00:00Z', debugCode: 'AB12CD' });
const session = () =>
  json(200, { userId: 'u1', workspaceId: 'w1', email: EMAIL, featureFlags: ['automation'] });

const codeBox = (position: number) =>
  screen.getByLabelText<HTMLInputElement>(`Character ${position} of 6`);
const codeValue = () => [1, 2, 3, 4, 5, 6].map((position) => codeBox(position).value).join('');

async function reachCodeStep(route = '/login') {
  const user = userEvent.setup();
  await renderSignedOutApp(route);
  await user.type(screen.getByLabelText('Email'), `${EMAIL}{Enter}`);
  await screen.findByRole('heading', { name: 'Check your email for a code' });
  return user;
}

describe('Login screen', () => {
  it('enables Continue only once the e-mail is valid', async () => {
    const user = userEvent.setup();
    await renderSignedOutApp('/login');

    expect(screen.getByRole('heading', { name: 'Login / Sign up' })).toBeInTheDocument();
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Continue' });
    expect(button).toBeDisabled();

    await user.type(screen.getByLabelText('Email'), 'ada@example');
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Email'), '.com');
    expect(button).toBeEnabled();
  });

  it('leads to the landing screen and back', async () => {
    const user = userEvent.setup();
    await renderSignedOutApp('/login');
    await user.click(screen.getByRole('link', { name: 'See what it is for' }));
    expect(await screen.findByRole('heading', { name: 'Welcome to Hustle' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Log in with email' }));
    expect(await screen.findByRole('heading', { name: 'Login / Sign up' })).toBeInTheDocument();
  });

  it('says why Continue stays disabled for an e-mail over 100 characters', async () => {
    const user = userEvent.setup();
    await renderSignedOutApp('/login');
    const field = screen.getByLabelText('Email');
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Continue' });

    await user.click(field);
    await user.paste(`${'a'.repeat(88)}@example.com`);
    expect(button).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.type(field, 'x');
    expect(button).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'An e-mail address has at most 100 characters.',
    );
    expect(field).toHaveAccessibleDescription('An e-mail address has at most 100 characters.');
  });

  it('requests a code on Enter and shows the code step with the debug code', async () => {
    const calls = stubApi({ 'POST /auth/code/authorize': sentCode });
    await reachCodeStep();

    expect(calls).toContainEqual({ route: 'POST /auth/code/authorize', body: { email: EMAIL } });
    expect(screen.getByText(EMAIL)).toBeInTheDocument();
    expect(screen.getByText('AB12CD').parentElement?.textContent).toBe('Debug code: AB12CD');
    expect(screen.getByRole('link', { name: 'Open Gmail' })).toHaveAttribute(
      'href',
      'https://mail.google.com/mail/u/0/#inbox',
    );
    expect(screen.getByRole('link', { name: 'Open Outlook' }).getAttribute('target')).toBe(
      '_blank',
    );
    expect(codeBox(1)).toBe(document.activeElement);
  });

  it('shows the server message when code requests are rate limited', async () => {
    stubApi({
      'POST /auth/code/authorize': () =>
        json(429, {
          error: { code: 'RATE_LIMITED', message: 'Wait a minute before asking again.' },
        }),
    });
    const user = userEvent.setup();
    await renderSignedOutApp('/login');

    await user.type(screen.getByLabelText('Email'), `${EMAIL}{Enter}`);

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Wait a minute before asking again.',
    );
  });

  it('clears the code, refocuses it and explains when the code is invalid', async () => {
    stubApi({
      'POST /auth/code/authorize': sentCode,
      'POST /auth/code/login': () =>
        json(400, { error: { code: 'CODE_INVALID', message: 'Invalid code.' } }),
    });
    const user = await reachCodeStep();

    await user.keyboard('zzzzz9');

    expect((await screen.findByRole('alert')).textContent).toBe(
      'That code wasn’t valid. Have another go!',
    );
    expect(codeValue()).toBe('');
    await waitFor(() => expect(codeBox(1)).toBe(document.activeElement));
    expect(localStorage.getItem('hustleToken')).toBeNull();
  });

  it('says so when the code has expired', async () => {
    stubApi({
      'POST /auth/code/authorize': sentCode,
      'POST /auth/code/login': () =>
        json(400, { error: { code: 'CODE_EXPIRED', message: 'Expired.' } }),
    });
    const user = await reachCodeStep();

    await user.keyboard('AB12CD');

    expect((await screen.findByRole('alert')).textContent).toBe(
      'That code’s no longer valid. Request a new code and try again.',
    );
  });

  it('uppercases a pasted code, checks it, stores the token and opens the app', async () => {
    let answerLogin = (_response: Response) => {};
    const calls = stubApi({
      'POST /auth/code/authorize': sentCode,
      'POST /auth/code/login': () => new Promise((resolve) => (answerLogin = resolve)),
      'GET /api/v1/session': session,
    });
    const user = await reachCodeStep();

    await user.paste('ab-12 cd');

    expect(screen.getByRole('status').textContent).toBe('Checking your code…');
    expect(codeValue()).toBe('AB12CD');
    expect(codeBox(1)).toBeDisabled();
    answerLogin(json(200, { accessToken: 'token-1' }));

    expect(await screen.findByRole('heading', { name: 'Execute' })).toBeInTheDocument();
    expect(localStorage.getItem('hustleToken')).toBe('token-1');
    expect(screen.getByTestId('location').textContent).toBe('/execute');
    const login = calls.find((call) => call.route === 'POST /auth/code/login');
    expect(login?.body).toEqual({
      email: EMAIL,
      code: 'AB12CD',
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });

  it('shows why a new address may not sign up here', async () => {
    const message =
      'This Hustle is invite-only: new accounts need an invite link from someone who uses it. Existing accounts sign in as usual.';
    stubApi({
      'POST /auth/code/authorize': () => json(403, { error: { code: 'SIGN_UP_CLOSED', message } }),
    });
    const user = userEvent.setup();
    await renderSignedOutApp('/login');
    await user.type(screen.getByLabelText('Email'), `${EMAIL}{Enter}`);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Login / Sign up' })).toBeInTheDocument();
  });

  it('returns to an invite after logging in from its Log in to join', async () => {
    const calls = stubApi({
      'POST /auth/code/authorize': sentCode,
      'POST /auth/code/login': () => json(200, { accessToken: 'token-1' }),
      'GET /api/v1/session': session,
      'GET /api/v1/invites/abcdefghijkl': () =>
        json(200, {
          name: 'Garden',
          color: '#009379',
          ownerEmail: 'o@example.com',
          isMember: false,
        }),
    });
    const user = userEvent.setup();
    await renderSignedOutApp('/invite/abcdefghijkl');

    await user.click(screen.getByRole('link', { name: 'Log in to join' }));
    expect(screen.getByTestId('location').textContent).toBe(
      '/login?returnTo=%2Finvite%2Fabcdefghijkl',
    );
    await user.type(screen.getByLabelText('Email'), `${EMAIL}{Enter}`);
    await screen.findByRole('heading', { name: 'Check your email for a code' });
    await user.keyboard('AB12CD');

    expect(
      await screen.findByRole('heading', { name: 'Join Garden project!' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/invite/abcdefghijkl');
    // The invite goes along, so an invite-only server lets a new address in (decision 056).
    const sent = calls.filter((call) => call.route.startsWith('POST /auth/code/'));
    expect(sent.map((call) => (call.body as { invite?: string }).invite)).toEqual([
      'abcdefghijkl',
      'abcdefghijkl',
    ]);
  });

  it('ignores a return address that is not an invite', async () => {
    stubApi({
      'POST /auth/code/authorize': sentCode,
      'POST /auth/code/login': () => json(200, { accessToken: 'token-1' }),
      'GET /api/v1/session': session,
    });
    const user = await reachCodeStep('/login?returnTo=%2F%2Fevil.example');

    await user.keyboard('AB12CD');

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/execute'));
  });

  it('goes back to change the e-mail, keeping what was typed', async () => {
    stubApi({ 'POST /auth/code/authorize': sentCode });
    const user = await reachCodeStep();

    await user.click(screen.getByRole('button', { name: 'Use a different email' }));

    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe(EMAIL);
  });
});
