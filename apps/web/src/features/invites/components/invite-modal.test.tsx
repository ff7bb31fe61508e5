import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../../test/render-app.tsx';
import { renderSignedIn } from '../../../test/render-signed-in.tsx';
import { aProject, aWorkspace } from '../../../test/workspace-fixture.tsx';
import { useWorkspace } from '../../../sync/workspace/get-workspace.ts';
import { InviteModal } from './invite-modal.tsx';

const LINK_ROUTE = 'GET /api/v1/projects/p1/invite-link';
const MEMBERS_ROUTE = 'GET /api/v1/projects/p1/members';
const LINK_STUB = { [LINK_ROUTE]: () => json(200, { inviteLink: '/invite/abcdefghijkl' }) };
const member = (email: string, workspaceId: string) => ({
  workspaceId,
  email,
  joinedAt: '2026-11-20T10:00:00.000Z',
});
const onClose = vi.fn();

/** The card's count, as Plan shows it beside the modal. */
function MemberCount() {
  const count = useWorkspace().data?.projects[0]?.memberCount;
  return <p>Shared with {count}</p>;
}

const renderModal = () =>
  renderSignedIn(
    {
      '/plan': (
        <>
          <InviteModal projectId="p1" projectName="Website" onClose={onClose} />
          <MemberCount />
        </>
      ),
    },
    {
      route: '/plan',
      workspace: aWorkspace({ projects: [aProject('p1', 'Website', { memberCount: 2 })] }),
    },
  );

function setShare(share: ((data: ShareData) => Promise<void>) | undefined) {
  Object.defineProperty(navigator, 'share', { value: share, configurable: true, writable: true });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'share');
  onClose.mockReset();
});

describe('InviteModal', () => {
  it('shows the link made absolute and copies it where the browser cannot share', async () => {
    stubApi({ [LINK_ROUTE]: () => json(200, { inviteLink: '/invite/abcdefghijkl' }) });
    const user = userEvent.setup();
    renderModal();
    const dialog = screen.getByRole('dialog', { name: 'Invite others' });

    const field = await within(dialog).findByLabelText<HTMLTextAreaElement>('Send link to users:');
    expect(field.value).toBe(`${window.location.origin}/invite/abcdefghijkl`);
    expect(within(dialog).queryByRole('button', { name: 'Share link' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Copy to Clipboard' }));

    expect(await within(dialog).findByText('Coppied to clipboard!')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(field.value);
  });

  it('offers Share link where the browser can share, and shares the absolute link', async () => {
    const share = vi.fn(async (_data: ShareData) => {});
    setShare(share);
    stubApi({ [LINK_ROUTE]: () => json(200, { inviteLink: '/invite/abcdefghijkl' }) });
    const user = userEvent.setup();
    renderModal();

    await user.click(await screen.findByRole('button', { name: 'Share link' }));

    expect(screen.queryByRole('button', { name: 'Copy to Clipboard' })).not.toBeInTheDocument();
    expect(share).toHaveBeenCalledWith({
      title: 'Join Website on Hustle',
      url: `${window.location.origin}/invite/abcdefghijkl`,
    });
  });

  it('says the link could not be fetched, with the reason, and tries again', async () => {
    let isUp = false;
    stubApi({
      [LINK_ROUTE]: () =>
        isUp
          ? json(200, { inviteLink: '/invite/abcdefghijkl' })
          : json(409, { error: { code: 'CONFLICT', message: 'Bring the project back first.' } }),
    });
    const user = userEvent.setup();
    renderModal();

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error fetching link, try again later.')).toBeInTheDocument();
    expect(within(alert).getByText('Bring the project back first.')).toBeInTheDocument();

    isUp = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Send link to users:')).toBeInTheDocument();
  });

  it('says so when the answer has no inviteLink', async () => {
    stubApi({ [LINK_ROUTE]: () => json(200, { link: '/invite/abcdefghijkl' }) });
    renderModal();

    expect(
      await screen.findByText('Unparsable response, expecting inviteLink'),
    ).toBeInTheDocument();
  });

  it('points a Free owner to Premium instead of a link', async () => {
    stubApi({
      [LINK_ROUTE]: () =>
        json(403, {
          error: {
            code: 'SHARING_NOT_AVAILABLE',
            message: 'Sharing projects is part of Premium. Upgrade to invite others.',
          },
        }),
    });
    renderModal();

    expect(
      await screen.findByText('Sharing projects is part of Premium. Upgrade to invite others.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See Premium' })).toHaveAttribute(
      'href',
      '/subscription?reason=sharing',
    );
  });

  it('makes a new link after a confirmation, replacing the old one', async () => {
    const calls = stubApi({
      [LINK_ROUTE]: () => json(200, { inviteLink: '/invite/old-token-12345' }),
      'POST /api/v1/projects/p1/invite-link/regenerate': () =>
        json(200, { inviteLink: '/invite/new-token-67890' }),
    });
    const user = userEvent.setup();
    renderModal();
    const field = await screen.findByLabelText<HTMLTextAreaElement>('Send link to users:');

    await user.click(screen.getByRole('button', { name: 'New link' }));
    expect(screen.getByText(/The current one stops working/)).toBeInTheDocument();
    expect(calls.some((call) => call.route.startsWith('POST'))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Make new link' }));

    await waitFor(() =>
      expect(field.value).toBe(`${window.location.origin}/invite/new-token-67890`),
    );
    expect(screen.getByText('New link ready. The old one no longer works.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('lists who the project is shared with, and says so when no one is', async () => {
    stubApi({ ...LINK_STUB, [MEMBERS_ROUTE]: () => json(200, []) });
    renderModal();
    const section = await screen.findByRole('region', { name: 'Shared with' });
    expect(
      await within(section).findByText('No one yet. Send the link above to invite someone.'),
    ).toBeInTheDocument();
  });

  it('removes a member after a confirmation at once, and the card count follows the server', async () => {
    let members = [member('bob@example.com', 'w2'), member('cy@example.com', 'w3')];
    const calls = stubApi({
      ...LINK_STUB,
      [MEMBERS_ROUTE]: () => json(200, members),
      'GET /workspaces/w1': () =>
        json(
          200,
          aWorkspace({ projects: [aProject('p1', 'Website', { memberCount: members.length })] }),
        ),
      'POST /api/v1/projects/p1/members/w2/remove': () => {
        members = members.slice(1);
        return json(200, { ok: true, version: 9 });
      },
    });
    const user = userEvent.setup();
    renderModal();
    const section = await screen.findByRole('region', { name: 'Shared with' });
    expect(await within(section).findAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('Shared with 2')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Remove bob@example.com' }));
    expect(calls.some((call) => call.route.includes('/remove'))).toBe(false);
    await user.click(within(section).getByRole('button', { name: 'Remove bob@example.com now' }));

    // The list drops the member before the server answers (decision 028).
    expect(within(section).queryByText('bob@example.com')).toBeNull();
    expect(within(section).getByText('cy@example.com')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.filter((call) => call.route.includes('/remove'))).toHaveLength(1),
    );
    expect(await screen.findByText('Shared with 1')).toBeInTheDocument();
  });

  it('keeps a member when the removal is called off', async () => {
    const calls = stubApi({
      ...LINK_STUB,
      [MEMBERS_ROUTE]: () => json(200, [member('bob@example.com', 'w2')]),
    });
    const user = userEvent.setup();
    renderModal();
    await user.click(await screen.findByRole('button', { name: 'Remove bob@example.com' }));
    await user.click(screen.getByRole('button', { name: 'Keep' }));
    expect(screen.getByRole('button', { name: 'Remove bob@example.com' })).toBeInTheDocument();
    expect(calls.some((call) => call.route.includes('/remove'))).toBe(false);
  });
});
