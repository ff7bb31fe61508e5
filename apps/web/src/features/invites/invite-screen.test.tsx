import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, renderWithRouter, stubApi } from '../../test/render-app.tsx';
import { renderSignedIn } from '../../test/render-signed-in.tsx';
import { InviteScreen } from './invite-screen.tsx';
import { InviteTeaser } from './invite-teaser.tsx';
import { Route, Routes, useLocation } from 'react-router';
import { projectInViewOf } from '../projects/model/project-in-view.ts';

const TOKEN = 'abcdefghijkl';
const INVITE = {
  name: 'Garden',
  color: '#ffdf90',
  ownerEmail: 'owner@example.com',
  isMember: false,
};
const READ = `GET /api/v1/invites/${TOKEN}`;
const JOIN = `POST /api/v1/invites/${TOKEN}/join`;

const renderInvite = (route = `/invite/${TOKEN}`) =>
  renderSignedIn(
    {
      '/invite/:inviteToken?': <InviteScreen />,
      '/': <h1>Home</h1>,
      '/plan': <PlanProbe />,
    },
    { route },
  );

/** Plan, as far as the invite hands over to it: the project it is to show. */
function PlanProbe() {
  const { state } = useLocation();
  return <h1>Plan showing {projectInViewOf(state) ?? 'nothing'}</h1>;
}

describe('InviteScreen', () => {
  it.each(['/invite/abcdefghij', '/invite'])(
    'calls %s an invalid token without asking',
    (route) => {
      const calls = stubApi({});
      renderInvite(route);
      expect(screen.getByRole('heading', { name: 'Invalid invite token' })).toBeInTheDocument();
      expect(calls).toEqual([]);
    },
  );

  it('loads the invite, shows the project in its colour and joins it', async () => {
    let answerJoin = (_response: Response) => {};
    const calls = stubApi({
      [READ]: () => json(200, INVITE),
      [JOIN]: () => new Promise((resolve) => (answerJoin = resolve)),
    });
    const user = userEvent.setup();
    const { queryClient } = renderInvite();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');

    expect(screen.getByRole('status').textContent).toBe('Loading invite...');
    const heading = await screen.findByRole('heading', { name: 'Join Garden project!' });
    const name = within(heading).getByText('Garden');
    // The pale yellow is darkened just enough to read on white, keeping its hue.
    expect(name.style.color).not.toBe('');
    expect(screen.getByText('owner@example.com')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Join the project' }));
    expect(screen.getByRole('heading', { name: 'Joining Garden' })).toBeInTheDocument();
    answerJoin(json(200, { projectId: 'p1', workspaceId: 'w1' }));

    // Plan with the joined project in view, not an Execute list without it (issue 28).
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/plan'));
    expect(screen.getByRole('heading', { name: 'Plan showing p1' })).toBeInTheDocument();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['workspace', 'w1'], refetchType: 'all' });
    expect(screen.getByText('You joined Garden.')).toBeInTheDocument();
    expect(calls.filter((call) => call.route === JOIN)).toHaveLength(1);
  });

  it('shows why the project could not be joined', async () => {
    stubApi({
      [READ]: () => json(200, INVITE),
      [JOIN]: () =>
        json(403, {
          error: {
            code: 'SHARING_NOT_AVAILABLE',
            message: "The owner's plan no longer allows sharing this project.",
          },
        }),
    });
    const user = userEvent.setup();
    renderInvite();

    await user.click(await screen.findByRole('button', { name: 'Join the project' }));

    expect(
      await screen.findByRole('heading', { name: 'Could not join the project.' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText("The owner's plan no longer allows sharing this project."),
    ).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe(`/invite/${TOKEN}`);
  });

  it('says the invite cannot be read, with the server’s reason', async () => {
    stubApi({
      [READ]: () =>
        json(404, {
          error: { code: 'NOT_FOUND', message: 'This invite link is not valid anymore.' },
        }),
    });
    renderInvite();

    expect(await screen.findByRole('heading', { name: 'Cannot read invite' })).toBeInTheDocument();
    expect(screen.getByText('This invite link is not valid anymore.')).toBeInTheDocument();
  });

  it('says the answer was unparsable when it does not fit the contract', async () => {
    stubApi({ [READ]: () => json(200, { title: 'Garden' }) });
    renderInvite();

    expect(await screen.findByRole('heading', { name: 'Unparsable response' })).toBeInTheDocument();
  });

  it('tells a member they are in already and offers the Plan screen', async () => {
    stubApi({ [READ]: () => json(200, { ...INVITE, isMember: true }) });
    renderInvite();

    expect(
      await screen.findByRole('heading', { name: 'You’re already in Garden' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join the project' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Plan' })).toHaveAttribute('href', '/plan');
  });
});

describe('InviteTeaser (signed out)', () => {
  it('offers Log in to join, which comes back to the invite', () => {
    renderWithRouter(
      <Routes>
        <Route path="/invite/:inviteToken?" element={<InviteTeaser />} />
      </Routes>,
      { route: `/invite/${TOKEN}` },
    );

    expect(screen.getByRole('link', { name: 'Log in to join' }).getAttribute('href')).toBe(
      `/login?returnTo=${encodeURIComponent(`/invite/${TOKEN}`)}`,
    );
  });

  it('calls a short token invalid', () => {
    renderWithRouter(
      <Routes>
        <Route path="/invite/:inviteToken?" element={<InviteTeaser />} />
      </Routes>,
      { route: '/invite/short' },
    );

    expect(screen.getByRole('heading', { name: 'Invalid invite token' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Log in to join' })).not.toBeInTheDocument();
  });
});
