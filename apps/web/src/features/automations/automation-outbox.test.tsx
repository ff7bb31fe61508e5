import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eraseLocal } from '../../sync/store/local-store.ts';
import { json, stubApi } from '../../test/render-app.tsx';
import { renderSignedIn } from '../../test/render-signed-in.tsx';
import { aWorkspace } from '../../test/workspace-fixture.tsx';
import { AutomationConfigureScreen } from './automation-configure-screen.tsx';
import { AutomationDetailScreen } from './automation-detail-screen.tsx';
import { AutomationStatusScreen } from './automation-status-screen.tsx';
import { EditAutomationScreen } from './create-automation-screen.tsx';

const ID = '01890a5d-ac96-774b-bcce-b302099a8057';
const weekly = (status: 'ON' | 'PAUSED' = 'ON', name = 'Stretch') => ({
  id: ID,
  name,
  trigger: { frequency: 'WEEKLY', weekdays: [1, 3] },
  steps: [{ type: 'TASK', payload: { taskName: 'Stretch' } }],
  status,
  createdAt: '2026-02-01T10:00:00.000Z',
});
const failed = {
  period: '2026-02-09',
  status: 'ERROR',
  task: null,
  createdAt: '2026-02-09T00:00:00Z',
};
const history = { id: ID, nextRun: { period: '2026-02-11', date: '2026-02-11' }, runs: [failed] };

/** The requests a route got, each with its Idempotency-Key. */
function keyed(answer: () => Response) {
  const keys: (string | undefined)[] = [];
  const handler = (init?: RequestInit) => {
    keys.push((init?.headers as Record<string, string> | undefined)?.['Idempotency-Key']);
    return answer();
  };
  return { keys, handler };
}

const render = (route: string) =>
  renderSignedIn(
    {
      '/automation': <AutomationStatusScreen />,
      '/automation/configure': <AutomationConfigureScreen />,
      '/automation/configure/:id': <AutomationDetailScreen />,
      '/automation/configure/:id/edit': <EditAutomationScreen />,
    },
    { route, workspace: aWorkspace() },
  );

beforeEach(() => {
  // Tuesday 10 February 2026 at noon, wherever the tests run.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 1, 10, 12));
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(async () => {
  onlineManager.setOnline(true);
  vi.restoreAllMocks();
  await eraseLocal();
});

describe('automation changes through the outbox', () => {
  it('shows an edit made offline at once and sends it once, with a key, when back online', async () => {
    const put = keyed(() => json(200, weekly('ON', 'Yoga')));
    stubApi({
      'GET /api/v1/automations': () => json(200, [weekly()]),
      'GET /api/v1/automation-status': () => json(200, []),
      [`PUT /api/v1/automations/${ID}`]: put.handler,
    });
    const user = userEvent.setup();
    render(`/automation/configure/${ID}/edit`);
    const name = await screen.findByLabelText<HTMLInputElement>('Automation name:');
    act(() => onlineManager.setOnline(false));
    await user.clear(name);
    await user.type(name, 'Yoga');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('link', { name: 'Yoga' })).toBeInTheDocument();
    expect(put.keys).toHaveLength(0);

    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(put.keys).toHaveLength(1));
    expect(put.keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('pauses at once offline and sends the pause once, with a key, when back online', async () => {
    let paused = false;
    const pause = keyed(() => {
      paused = true;
      return json(200, weekly('PAUSED'));
    });
    stubApi({
      'GET /api/v1/automations': () => json(200, [weekly(paused ? 'PAUSED' : 'ON')]),
      'GET /api/v1/automation-status': () => json(200, []),
      [`POST /api/v1/automations/${ID}/pause`]: pause.handler,
    });
    const user = userEvent.setup();
    render('/automation/configure');
    const row = (await screen.findByRole('link', { name: 'Stretch' })).closest('li')!;
    expect(within(row).getByText('ON')).toBeInTheDocument();
    act(() => onlineManager.setOnline(false));
    await user.click(within(row).getByRole('button', { name: 'More for Stretch' }));
    await user.click(screen.getByRole('menuitem', { name: 'Pause' }));

    expect(within(row).getByText('PAUSED')).toBeInTheDocument();
    expect(pause.keys).toHaveLength(0);

    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(pause.keys).toHaveLength(1));
    expect(pause.keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(within(row).getByText('PAUSED')).toBeInTheDocument());
  });

  it('resumes at once online with one request carrying a key', async () => {
    const resume = keyed(() => json(200, weekly('ON')));
    stubApi({
      'GET /api/v1/automations': () =>
        json(200, [weekly(resume.keys.length > 0 ? 'ON' : 'PAUSED')]),
      [`GET /api/v1/automations/${ID}/runs`]: () =>
        json(200, resume.keys.length > 0 ? history : { ...history, nextRun: null }),
      'GET /api/v1/automation-status': () => json(200, []),
      [`POST /api/v1/automations/${ID}/resume`]: resume.handler,
    });
    const user = userEvent.setup();
    render(`/automation/configure/${ID}`);
    expect(await screen.findByText('Paused. Resume it to run again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    // The coming run shows at once: Wednesday 11 February for a Monday and Wednesday one.
    expect(screen.getByText('11 February 2026')).toBeInTheDocument();
    await waitFor(() => expect(resume.keys).toHaveLength(1));
    expect(resume.keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('skips and undoes the skip offline at once, then sends both in order, each with a key', async () => {
    const sent: string[] = [];
    const skip = keyed(() => {
      sent.push('skip');
      return json(200, history);
    });
    const unskip = keyed(() => {
      sent.push('unskip');
      return json(200, history);
    });
    stubApi({
      'GET /api/v1/automations': () => json(200, [weekly()]),
      [`GET /api/v1/automations/${ID}/runs`]: () => json(200, history),
      'GET /api/v1/automation-status': () => json(200, []),
      [`POST /api/v1/automations/${ID}/skip`]: skip.handler,
      [`POST /api/v1/automations/${ID}/unskip`]: unskip.handler,
    });
    const user = userEvent.setup();
    render(`/automation/configure/${ID}`);
    expect(await screen.findByText('11 February 2026')).toBeInTheDocument();
    act(() => onlineManager.setOnline(false));

    await user.click(screen.getByRole('button', { name: 'Skip the next run' }));
    // The run after the skipped Wednesday is Monday 16 February.
    expect(screen.getByText('16 February 2026')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'History' });
    const undo = within(list).getByRole('button', {
      name: 'Undo the skip of Wed 11 February 2026',
    });

    await user.click(undo);
    expect(screen.getByText('11 February 2026')).toBeInTheDocument();
    expect(within(list).queryByText('Wed 11 February 2026')).not.toBeInTheDocument();
    expect(sent).toEqual([]);

    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(sent).toEqual(['skip', 'unskip']));
    expect(skip.keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(unskip.keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(skip.keys[0]).not.toBe(unskip.keys[0]);
  });

  it('keeps a retry pending offline and sends it once, with a key, saying how it went', async () => {
    const task = { id: 't1', name: 'Stretch', state: 'PLANNED' };
    const retry = keyed(() =>
      json(200, { ...history, runs: [{ ...failed, status: 'ACTIVE', task }] }),
    );
    stubApi({
      'GET /api/v1/automations': () => json(200, [weekly()]),
      [`GET /api/v1/automations/${ID}/runs`]: () => json(200, history),
      'GET /api/v1/automation-status': () => json(200, []),
      [`POST /api/v1/automations/${ID}/retry`]: retry.handler,
    });
    const user = userEvent.setup();
    render(`/automation/configure/${ID}`);
    const button = await screen.findByRole('button', { name: 'Retry Mon 9 February 2026' });
    act(() => onlineManager.setOnline(false));
    await user.click(button);

    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(retry.keys).toHaveLength(0);

    act(() => onlineManager.setOnline(true));
    expect(await screen.findByText('Done: its task is on your Execute list.')).toBeInTheDocument();
    expect(retry.keys).toHaveLength(1);
    expect(retry.keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  });
});
