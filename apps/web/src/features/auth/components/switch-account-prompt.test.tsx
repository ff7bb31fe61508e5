import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { storeToken } from '../../../api/auth-token.ts';
import { keepPendingSignIn, readPendingSignIn } from '../../../api/pending-sign-in.ts';
import { json } from '../../../test/render-app.tsx';
import { aSession, renderWithWorkspace } from '../../../test/workspace-fixture.tsx';
import { SwitchAccountPrompt } from './switch-account-prompt.tsx';

/** The server: each token is a session of its own account. */
const sessions: Record<string, ReturnType<typeof aSession>> = {
  'Bearer mine': aSession(),
  'Bearer theirs': aSession({ userId: 'u9', workspaceId: 'w9', email: 'mallory@example.com' }),
};
const routes = {
  'GET /api/v1/session': (init?: RequestInit) => {
    const auth = (init?.headers as Record<string, string>).Authorization!;
    return sessions[auth]
      ? json(200, sessions[auth])
      : json(401, { error: { code: 'UNAUTHORIZED', message: 'Sign in again.' } });
  },
};

function showPrompt(pending: string) {
  storeToken('mine');
  keepPendingSignIn(pending);
  return renderWithWorkspace(<SwitchAccountPrompt session={aSession()} />, { routes });
}

afterEach(() => sessionStorage.clear());

describe('a sign-in link opened while another account is signed in (issue 28)', () => {
  it('says whose account it opens, and staying changes nothing', async () => {
    showPrompt('theirs');
    const dialog = await screen.findByRole('dialog', { name: 'Switch accounts?' });
    expect(dialog).toHaveTextContent(
      'This link signs in as mallory@example.com. You are signed in as ada@example.com in this browser.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem('hustleToken')).toBe('mine');
    expect(readPendingSignIn()).toBeNull();
  });

  it('switches only when asked to', async () => {
    showPrompt('theirs');
    await userEvent.click(await screen.findByRole('button', { name: 'Switch account' }));
    expect(localStorage.getItem('hustleToken')).toBe('theirs');
    expect(readPendingSignIn()).toBeNull();
  });

  it('asks nothing for a link to the same account', async () => {
    showPrompt('mine');
    await waitFor(() => expect(readPendingSignIn()).toBeNull());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem('hustleToken')).toBe('mine');
  });

  it('keeps the session when the link is no longer valid, and says so', async () => {
    showPrompt('expired');
    await waitFor(() => expect(readPendingSignIn()).toBeNull());
    expect(screen.getByRole('alert')).toHaveTextContent(
      'That sign-in link has expired or was already used. You are still signed in.',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem('hustleToken')).toBe('mine');
  });
});
