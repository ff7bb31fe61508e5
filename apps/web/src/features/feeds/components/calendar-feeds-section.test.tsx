import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aProject, aWorkspace } from '@hustle/shared/testing/workspace-fixture';
import { json, stubApi } from '../../../test/render-app.tsx';
import { renderSignedIn } from '../../../test/render-signed-in.tsx';
import { CalendarFeedsSection } from './calendar-feeds-section.tsx';

const feed = (projectId: string | null, file: string) => ({
  projectId,
  url: `http://hustle.test/api/v1/calendar-feeds/${file}.ics`,
  createdAt: '2026-11-27T10:00:00.000Z',
});

const render = () =>
  renderSignedIn(
    { '/account': <CalendarFeedsSection /> },
    { route: '/account', workspace: aWorkspace({ projects: [aProject('p1', 'Home')] }) },
  );

describe('CalendarFeedsSection', () => {
  it('gets an address for everything and for each project, and copies it', async () => {
    const calls = stubApi({
      'GET /api/v1/calendar-feeds': () => json(200, { feeds: [] }),
      'POST /api/v1/calendar-feeds': (init) =>
        json(200, feed(JSON.parse(String(init?.body)).projectId, 'first')),
    });
    const user = userEvent.setup();
    render();
    const list = await screen.findByRole('list', { name: 'Your calendar feeds' });
    expect(within(list).getByText('All your tasks')).toBeInTheDocument();
    expect(within(list).getByText('Home')).toBeInTheDocument();
    expect(within(list).queryByRole('textbox')).toBeNull();

    await user.click(within(list).getByRole('button', { name: 'Get the address of Home' }));
    const address = await within(list).findByRole('textbox', {
      name: 'Calendar address of Home',
    });
    expect(address).toHaveValue('http://hustle.test/api/v1/calendar-feeds/first.ics');
    expect(calls.find((call) => call.route === 'POST /api/v1/calendar-feeds')?.body).toEqual({
      projectId: 'p1',
    });
    // Everything's feed is still to be made.
    expect(
      within(list).getByRole('button', { name: 'Get the address of All your tasks' }),
    ).toBeVisible();

    await user.click(within(list).getByRole('button', { name: 'Copy the address' }));
    expect(await navigator.clipboard.readText()).toBe(
      'http://hustle.test/api/v1/calendar-feeds/first.ics',
    );
    expect(await within(list).findByText('Copied to the clipboard.')).toBeInTheDocument();
  });

  it('renews an address only once confirmed, and says the old one stopped', async () => {
    const calls = stubApi({
      'GET /api/v1/calendar-feeds': () => json(200, { feeds: [feed(null, 'old')] }),
      'POST /api/v1/calendar-feeds/regenerate': () => json(200, feed(null, 'new')),
    });
    const user = userEvent.setup();
    render();
    const address = await screen.findByRole('textbox', {
      name: 'Calendar address of All your tasks',
    });
    expect(address).toHaveValue('http://hustle.test/api/v1/calendar-feeds/old.ics');
    await user.click(screen.getByRole('button', { name: 'New address for All your tasks' }));
    const dialog = await screen.findByRole('dialog', { name: 'New address for All your tasks?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((call) => call.route.includes('regenerate'))).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'New address for All your tasks' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Make a new address' }),
    );
    expect(
      await screen.findByText('All your tasks has a new address. The old one no longer works.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Calendar address of All your tasks' })).toHaveValue(
      'http://hustle.test/api/v1/calendar-feeds/new.ics',
    );
  });

  it('says when the feeds cannot be read, and tries again', async () => {
    let failing = true;
    stubApi({
      'GET /api/v1/calendar-feeds': () =>
        failing
          ? json(503, { error: { code: 'INTERNAL', message: 'The server is busy.' } })
          : json(200, { feeds: [] }),
    });
    const user = userEvent.setup();
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load your calendar feeds. The server is busy.',
    );
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Your calendar feeds' })).toBeInTheDocument();
  });
});
