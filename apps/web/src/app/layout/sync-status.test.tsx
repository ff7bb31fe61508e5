import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import {
  aTask,
  aWorkspace,
  ok,
  refusal,
  renderWithWorkspace,
} from '../../test/workspace-fixture.tsx';
import { runCommand } from '../../sync/outbox/run-command.ts';
import { useOutboxState } from '../../sync/outbox/outbox-state.ts';
import { OfflineBanner } from './offline-banner.tsx';
import { SyncStatus, syncStatusText } from './sync-status.tsx';

const plan = (taskId: string) =>
  ({
    kind: 'taskAction',
    taskId,
    projectId: null,
    action: 'plan',
    isAutomation: false,
    at: '',
  }) as const;

describe('the sync indicator', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('says saved, changes waiting, offline, or not saved', () => {
    expect(syncStatusText(true, 0, 0)).toBe('Saved');
    expect(syncStatusText(true, 3, 0)).toBe('3 changes waiting');
    expect(syncStatusText(false, 0, 0)).toBe('Offline');
    expect(syncStatusText(false, 1, 0)).toBe('Offline · 1 change waiting');
    expect(syncStatusText(true, 2, 1)).toBe('1 change not saved');
  });

  it('counts changes made offline, with the banner, and shows Saved once they are sent', async () => {
    act(() => onlineManager.setOnline(false));
    const { queryClient } = renderWithWorkspace(
      <>
        <OfflineBanner />
        <SyncStatus />
      </>,
      {
        workspace: aWorkspace({ tasks: [aTask('a'), aTask('b')] }),
        routes: {
          'PUT /api/v1/workspace/tasks/a/plan': ok,
          'PUT /api/v1/workspace/tasks/b/plan': ok,
        },
      },
    );
    expect(screen.getByText(/You’re offline/)).toBeInTheDocument();
    act(() => {
      runCommand(queryClient, plan('a'));
      runCommand(queryClient, plan('b'));
    });
    expect(screen.getByText('Offline · 2 changes waiting')).toBeInTheDocument();

    act(() => onlineManager.setOnline(true));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(screen.queryByText(/You’re offline/)).not.toBeInTheDocument();
  });

  it('lists a refused change with Retry and Discard', async () => {
    let isRefusing = true;
    const { queryClient } = renderWithWorkspace(<SyncStatus />, {
      workspace: aWorkspace({ tasks: [aTask('a', { name: 'Buy milk' })] }),
      routes: {
        'PUT /api/v1/workspace/tasks/a/plan': () =>
          isRefusing ? refusal('The project is archived.') : ok(),
      },
    });
    act(() => runCommand(queryClient, plan('a')));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '1 change not saved' }));
    const dialog = screen.getByRole('dialog', { name: 'Not saved' });
    const item = within(dialog).getByRole('listitem');
    expect(item).toHaveTextContent('Plan “Buy milk”');
    expect(item).toHaveTextContent('The project is archived.');

    isRefusing = false;
    await user.click(within(item).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(useOutboxState.getState().waiting).toBe(0));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
  });
});
