import { useOutboxState } from '../../sync/outbox/outbox-state.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../test/render-app.tsx';
import { renderSignedIn } from '../../test/render-signed-in.tsx';
import { aWorkspace } from '../../test/workspace-fixture.tsx';
import { AutomationConfigureScreen } from './automation-configure-screen.tsx';
import { AutomationStatusScreen } from './automation-status-screen.tsx';

const automation = (id: string, name: string, dayOfMonth: number, taskName = name) => ({
  id,
  name,
  trigger: { frequency: 'MONTHLY', dayOfMonth },
  steps: [{ type: 'TASK', payload: { taskName } }],
  status: 'ON',
  createdAt: '2026-11-01T10:00:00.000Z',
});
const status = (id: string, name: string, value: string) => ({
  id,
  name,
  status: value,
  period: '2026-11',
  frequency: 'MONTHLY',
  task: null,
});
const FREE = { archives: false, projectSharing: false, projectsLimit: 5, automationsLimit: 2 };

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('AutomationStatusScreen', () => {
  it('shows skeletons while loading, then the invitation to create one', async () => {
    let answer = (_response: Response) => {};
    const calls = stubApi({
      'GET /api/v1/automation-status': () => new Promise((resolve) => (answer = resolve)),
      'GET /api/v1/automations': () => json(200, []),
    });
    renderSignedIn({ '/automation': <AutomationStatusScreen /> }, { route: '/automation' });

    expect(screen.getByRole('heading', { name: 'Automation', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveAttribute('aria-busy', 'true');
    // The request leaves once the API client is at hand, a tick after the render.
    await waitFor(() =>
      expect(calls.map((call) => call.route)).toContain('GET /api/v1/automation-status'),
    );
    answer(json(200, []));

    expect(
      await screen.findByRole('heading', { name: 'Automate your workflow' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Create your first automation' }).getAttribute('href'),
    ).toBe('/automation/configure/create');
    expect(screen.getByRole('link', { name: 'Configure automations' })).toHaveAttribute(
      'href',
      '/automation/configure',
    );
  });

  it('lists the month in the server’s order, each with a labelled status icon', async () => {
    stubApi({
      'GET /api/v1/automation-status': () =>
        json(200, [
          status('a1', 'Broken', 'ERROR'),
          status('a2', 'Late', 'WARNING'),
          status('a3', 'Rent', 'ACTIVE'),
          status('a4', 'Review', 'IDLE'),
          status('a5', 'Plants', 'DONE'),
        ]),
      'GET /api/v1/automations': () => json(200, []),
    });
    renderSignedIn({ '/automation': <AutomationStatusScreen /> }, { route: '/automation' });

    expect(await screen.findByRole('heading', { name: 'Month of November' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Month of November' });
    const rows = within(list).getAllByRole('listitem');
    expect(
      rows.map((row) => [
        row.querySelector('[class*="rowName"]')?.textContent,
        within(row).getByRole('img').getAttribute('aria-label'),
      ]),
    ).toEqual([
      ['Broken', 'Error'],
      ['Late', 'Warning'],
      ['Rent', 'Active'],
      ['Review', 'Idle'],
      ['Plants', 'Done'],
    ]);
  });

  it('keeps the list empty and offers a retry when it cannot load (spec §8)', async () => {
    stubApi({
      'GET /api/v1/automation-status': () =>
        json(500, { error: { code: 'INTERNAL', message: 'Down.' } }),
    });
    renderSignedIn({ '/automation': <AutomationStatusScreen /> }, { route: '/automation' });

    expect(await screen.findByText('Could not load your automations.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: /^Automations/ })).not.toBeInTheDocument();
    expect(console.warn).toHaveBeenCalled();
  });
});

describe('AutomationConfigureScreen', () => {
  it('deletes after the spec’s confirmation, at once, and sends it again after a failure', async () => {
    let isDeleteOk = false;
    const calls = stubApi({
      'GET /api/v1/automations': () =>
        json(200, [
          ...(isDeleteOk ? [] : [automation('a1', 'Rent', 1, 'Pay rent')]),
          automation('a2', 'Plants', 22),
        ]),
      'DELETE /api/v1/automations/a1': () =>
        isDeleteOk
          ? json(200, { ok: true, version: 2, undo: null })
          : json(500, { error: { code: 'INTERNAL', message: 'Try later.' } }),
    });
    const user = userEvent.setup();
    renderSignedIn(
      { '/automation/configure': <AutomationConfigureScreen /> },
      { route: '/automation/configure', workspace: aWorkspace() },
    );

    const list = await screen.findByRole('list', { name: 'Automations' });
    expect(within(list).getByText('Every month on the 1st · adds “Pay rent”')).toBeInTheDocument();
    expect(within(list).getAllByText('ON')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Delete Rent' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Automation' });
    expect(
      within(dialog).getByText(
        'Are you sure you want to delete "Rent"? This action cannot be undone.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((call) => call.route.startsWith('DELETE'))).toBe(false);

    // Through the outbox: gone from the list at once; a server failure is sent again.
    await user.click(screen.getByRole('button', { name: 'Delete Rent' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(list).queryByText('Rent')).not.toBeInTheDocument();
    const deletes = () => calls.filter((call) => call.route === 'DELETE /api/v1/automations/a1');
    await waitFor(() => expect(deletes().length).toBeGreaterThan(0));
    const failed = deletes().length;
    isDeleteOk = true;
    await waitFor(() => expect(useOutboxState.getState().waiting).toBe(0), { timeout: 8000 });
    expect(deletes()).toHaveLength(failed + 1);
    expect(within(list).queryByText('Rent')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Back' })).toHaveAttribute('href', '/automation');
    expect(screen.getByRole('link', { name: 'Done' })).toHaveAttribute('href', '/automation');
  }, 15_000);

  it('holds back + New automation at the plan limit and points to Premium', async () => {
    stubApi({
      'GET /api/v1/automations': () =>
        json(200, [automation('a1', 'Rent', 1), automation('a2', 'Plants', 22)]),
    });
    renderSignedIn(
      { '/automation/configure': <AutomationConfigureScreen /> },
      { route: '/automation/configure', workspace: aWorkspace({ access: FREE }) },
    );

    const button = await screen.findByRole<HTMLButtonElement>('button', {
      name: '+ New automation',
    });
    expect(button).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute(
      'href',
      '/subscription?reason=automations',
    );
  });

  it('offers + New automation below the limit', async () => {
    stubApi({ 'GET /api/v1/automations': () => json(200, [automation('a1', 'Rent', 1)]) });
    renderSignedIn(
      { '/automation/configure': <AutomationConfigureScreen /> },
      { route: '/automation/configure', workspace: aWorkspace({ access: FREE }) },
    );

    expect(
      (await screen.findByRole('link', { name: '+ New automation' })).getAttribute('href'),
    ).toBe('/automation/configure/create');
  });
});
