import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubApi } from '../../../test/render-app.tsx';
import { renderSignedIn } from '../../../test/render-signed-in.tsx';
import { TokensSection } from './tokens-section.tsx';

const token = (id: string, name: string, extra: object = {}) => ({
  id,
  name,
  scopes: ['read'],
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: null,
  lastUsedAt: null,
  ...extra,
});

const render = () => renderSignedIn({ '/account': <TokensSection /> }, { route: '/account' });

describe('TokensSection', () => {
  it('makes a token with the chosen scopes and shows its secret once', async () => {
    let tokens: object[] = [];
    const calls = stubApi({
      'GET /api/v1/tokens': () => json(200, { tokens }),
      'POST /api/v1/tokens': () => {
        const made = { ...token('t1', 'Shortcuts', { scopes: ['read', 'write'] }) };
        tokens = [made];
        return json(201, { ...made, secret: 'hst_secret-value' });
      },
    });
    const user = userEvent.setup();
    render();
    expect(await screen.findByText('No tokens yet.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New token' }));
    const form = screen.getByRole('form', { name: 'New access token' });
    await user.click(within(form).getByRole('button', { name: 'Make token' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Give the token a name');
    expect(calls.filter((call) => call.route.startsWith('POST'))).toHaveLength(0);

    await user.type(within(form).getByLabelText(/Name/), 'Shortcuts');
    await user.click(within(form).getByRole('checkbox', { name: /Write/ }));
    await user.click(within(form).getByRole('radio', { name: '1 year' }));
    await user.click(within(form).getByRole('button', { name: 'Make token' }));

    const secret = await screen.findByRole('textbox', { name: 'Your new access token' });
    expect(calls.find((call) => call.route === 'POST /api/v1/tokens')?.body).toEqual({
      name: 'Shortcuts',
      scopes: ['read', 'write'],
      expiresInDays: 365,
    });
    expect(secret).toHaveValue('hst_secret-value');
    await user.click(screen.getByRole('button', { name: 'Copy the token' }));
    expect(await navigator.clipboard.readText()).toBe('hst_secret-value');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('textbox', { name: 'Your new access token' })).toBeNull();
    const list = await screen.findByRole('list', { name: 'Your access tokens' });
    expect(within(list).getByText('Shortcuts')).toBeInTheDocument();
    expect(within(list).queryByText(/hst_/)).toBeNull();
  });

  it('revokes a token after a confirmation', async () => {
    let tokens = [
      token('t1', 'Old script'),
      token('t2', 'Calendar', { lastUsedAt: '2026-11-25T08:00:00.000Z' }),
    ];
    const calls = stubApi({
      'GET /api/v1/tokens': () => json(200, { tokens }),
      'POST /api/v1/tokens/t1/revoke': () => {
        tokens = tokens.slice(1);
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    render();
    const list = await screen.findByRole('list', { name: 'Your access tokens' });
    expect(within(list).getByText(/Last used 25 November 2026/)).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Revoke Old script' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke Old script?' });
    expect(calls.some((call) => call.route.includes('revoke'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(within(list).queryByText('Old script')).toBeNull());
    expect(within(list).getByText('Calendar')).toBeInTheDocument();
    expect(await screen.findByText('Old script is revoked.')).toBeInTheDocument();
  });

  it('says when the tokens cannot be loaded, and tries again', async () => {
    let fails = true;
    stubApi({
      'GET /api/v1/tokens': () =>
        fails
          ? json(500, { error: { code: 'INTERNAL', message: 'Server hiccup.' } })
          : json(200, { tokens: [token('t1', 'Back again')] }),
    });
    const user = userEvent.setup();
    render();
    expect(await screen.findByText(/Could not load your tokens/)).toBeInTheDocument();
    fails = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Back again')).toBeInTheDocument();
  });
});
