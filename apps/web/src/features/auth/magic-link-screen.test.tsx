import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderSignedOutApp } from '../../test/render-app.tsx';

describe('Magic-link login', () => {
  it('links to the server with the e-mail once it is valid', async () => {
    const user = userEvent.setup();
    await renderSignedOutApp('/magic-link');
    const send = screen.getByRole('link', { name: 'Send me the link' });

    expect(send).toHaveAttribute('aria-disabled', 'true');
    expect(send.hasAttribute('href')).toBe(false);

    await user.type(screen.getByLabelText('Email'), ' Ada+x@Example.com');

    expect(send).toHaveAttribute('aria-disabled', 'false');
    const href = new URL(send.getAttribute('href') ?? '', window.location.origin);
    expect(href.pathname).toBe('/auth/magic/authorize');
    expect(href.searchParams.get('email')).toBe('ada+x@example.com');
    expect(href.searchParams.get('callback')).toBe(window.location.origin);
  });

  it('shows the error the server sent back', async () => {
    await renderSignedOutApp('/magic-link?error=This%20link%20has%20expired.');
    expect(screen.getByRole('alert').textContent).toBe('This link has expired.');
  });

  it('is reached from the login screen', async () => {
    const user = userEvent.setup();
    await renderSignedOutApp('/login');

    await user.click(screen.getByRole('link', { name: 'Email me a magic link' }));

    expect(screen.getByRole('heading', { name: 'Log in with a magic link' })).toBeInTheDocument();
  });

  it('carries an invite to return to from the login screen into the link', async () => {
    const user = userEvent.setup();
    const invite = '/invite/abcdefghijklmnopqrstu';
    await renderSignedOutApp(`/login?returnTo=${encodeURIComponent(invite)}`);

    await user.click(screen.getByRole('link', { name: 'Email me a magic link' }));
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');

    const send = screen.getByRole('link', { name: 'Send me the link' });
    const href = new URL(send.getAttribute('href') ?? '', window.location.origin);
    expect(href.searchParams.get('returnTo')).toBe(invite);
  });

  it('never carries anything but an invite', async () => {
    const user = userEvent.setup();
    await renderSignedOutApp('/magic-link?returnTo=https%3A%2F%2Fevil.example');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    const send = screen.getByRole('link', { name: 'Send me the link' });
    expect(
      new URL(send.getAttribute('href') ?? '', window.location.origin).searchParams.has('returnTo'),
    ).toBe(false);
  });
});

describe('Magic-link sent screen', () => {
  it('names the address and shows the debug link', async () => {
    const debugLink = 'http://localhost:3000/auth/magic/confirm?token=t0k3n';
    await renderSignedOutApp(
      `/magic-link/sent?email=ada%40example.com&debugLink=${encodeURIComponent(debugLink)}`,
    );

    expect(
      screen.getByRole('heading', { name: 'Check your email for a link' }),
    ).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: debugLink }).getAttribute('href')).toBe(debugLink);
  });

  it('shows no debug link without the parameter, nor for a script address', async () => {
    await renderSignedOutApp(
      '/magic-link/sent?email=ada%40example.com&debugLink=javascript%3Aalert(1)',
    );

    expect(screen.queryByText(/Debug link/)).not.toBeInTheDocument();
  });
});
