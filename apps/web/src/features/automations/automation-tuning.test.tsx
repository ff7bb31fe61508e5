import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../test/render-app.tsx';
import { renderSignedIn } from '../../test/render-signed-in.tsx';
import { aWorkspace } from '../../test/workspace-fixture.tsx';
import { AutomationConfigureScreen } from './automation-configure-screen.tsx';
import { AutomationDetailScreen } from './automation-detail-screen.tsx';
import { AutomationStatusScreen } from './automation-status-screen.tsx';
import { CreateAutomationScreen, EditAutomationScreen } from './create-automation-screen.tsx';

const ID = '01890a5d-ac96-774b-bcce-b302099a8057';
const weekly = (status: 'ON' | 'PAUSED' = 'ON') => ({
  id: ID,
  name: 'Stretch',
  trigger: { frequency: 'WEEKLY', weekdays: [1, 3] },
  steps: [{ type: 'TASK', payload: { taskName: 'Stretch' } }],
  status,
  createdAt: '2026-02-01T10:00:00.000Z',
});
const task = { id: 't1', name: 'Stretch', state: 'PLANNED' };

beforeEach(() => {
  // Tuesday 10 February 2026 at noon, wherever the tests run.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 1, 10, 12));
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const render = (route: string) =>
  renderSignedIn(
    {
      '/automation': <AutomationStatusScreen />,
      '/automation/configure': <AutomationConfigureScreen />,
      '/automation/configure/create': <CreateAutomationScreen />,
      '/automation/configure/:id': <AutomationDetailScreen />,
      '/automation/configure/:id/edit': <EditAutomationScreen />,
    },
    { route, workspace: aWorkspace() },
  );

describe('choosing how often it runs', () => {
  it('creates a weekly automation from chosen weekdays, by keyboard too', async () => {
    const calls = stubApi({
      'GET /api/v1/automations': () => json(200, []),
      'POST /api/v1/automations': () => json(200, weekly()),
    });
    const user = userEvent.setup();
    render('/automation/configure/create');

    const monthly = screen.getByRole('radio', { name: 'Monthly' });
    expect(monthly).toHaveAttribute('aria-checked', 'true');
    monthly.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Weekly' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('radio', { name: 'Weekly' })).toHaveFocus();

    const week = screen.getByRole('group', { name: 'Days of the week' });
    expect(
      within(week)
        .getAllByRole('button')
        .map((day) => day.textContent),
    ).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(screen.getByText('Pick at least one weekday.')).toBeInTheDocument();
    await user.click(within(week).getByRole('button', { name: 'Wednesday' }));
    await user.click(within(week).getByRole('button', { name: 'Monday' }));
    expect(within(week).getByRole('button', { name: 'Monday' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(
      screen.getByText('This automation will trigger on 11 February 2026'),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Task name:'), 'Stretch');
    expect(screen.getByLabelText<HTMLInputElement>('Automation name:').value).toBe(
      'Weekly on Mon and Wed add Stretch in Execute',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((call) => call.route === 'POST /api/v1/automations')?.body).toEqual({
        id: expect.any(String),
        workspaceId: 'w1',
        name: 'Weekly on Mon and Wed add Stretch in Execute',
        trigger: { frequency: 'WEEKLY', weekdays: [1, 3] },
        steps: [{ type: 'TASK', payload: { taskName: 'Stretch' } }],
      }),
    );
  });

  it('daily needs no day and says it runs today', async () => {
    stubApi({ 'GET /api/v1/automations': () => json(200, []) });
    const user = userEvent.setup();
    render('/automation/configure/create');
    await user.click(screen.getByRole('radio', { name: 'Daily' }));
    expect(screen.queryByRole('group', { name: 'Days of the week' })).not.toBeInTheDocument();
    expect(
      screen.getByText('This automation will trigger on 10 February 2026'),
    ).toBeInTheDocument();
  });
});

describe('editing', () => {
  it('fills the form with the automation and saves the edit', async () => {
    const calls = stubApi({
      'GET /api/v1/automations': () => json(200, [weekly()]),
      [`PUT /api/v1/automations/${ID}`]: () => json(200, { ...weekly(), name: 'Yoga' }),
    });
    const user = userEvent.setup();
    render(`/automation/configure/${ID}/edit`);

    expect(await screen.findByRole('radio', { name: 'Weekly' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(screen.getByRole('heading', { name: 'Edit automation' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Wednesday' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const name = screen.getByLabelText<HTMLInputElement>('Automation name:');
    expect(name.value).toBe('Stretch');
    await user.clear(name);
    await user.type(name, 'Yoga');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((call) => call.route.startsWith('PUT'))?.body).toEqual({
        name: 'Yoga',
        taskName: 'Stretch',
        trigger: { frequency: 'WEEKLY', weekdays: [1, 3] },
      }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/automation/configure'),
    );
  });

  it('says so when the automation is gone', async () => {
    stubApi({ 'GET /api/v1/automations': () => json(200, []) });
    render(`/automation/configure/${ID}/edit`);
    expect(await screen.findByText('This automation is no longer here.')).toBeInTheDocument();
  });
});

describe('pause, skip, history and retry', () => {
  it('shows PAUSED on the configure badge and resumes from the row menu', async () => {
    let paused = true;
    const calls = stubApi({
      'GET /api/v1/automations': () => json(200, [weekly(paused ? 'PAUSED' : 'ON')]),
      [`POST /api/v1/automations/${ID}/resume`]: () => {
        paused = false;
        return json(200, weekly('ON'));
      },
    });
    const user = userEvent.setup();
    render('/automation/configure');
    const row = (await screen.findByRole('link', { name: 'Stretch' })).closest('li')!;
    expect(within(row).getByText('PAUSED')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'More for Stretch' }));
    await user.click(screen.getByRole('menuitem', { name: 'Resume' }));
    await waitFor(() => expect(within(row).getByText('ON')).toBeInTheDocument());
    expect(calls.map((call) => call.route)).toContain(`POST /api/v1/automations/${ID}/resume`);
  });

  it('skips the next run and retries a failed one from the history', async () => {
    const runs = [
      { period: '2026-02-09', status: 'ERROR', task: null, createdAt: '2026-02-09T00:00:00Z' },
      { period: '2026-02-04', status: 'ACTIVE', task, createdAt: '2026-02-04T00:00:00Z' },
    ];
    let history = { id: ID, nextRun: { period: '2026-02-11', date: '2026-02-11' }, runs };
    const calls = stubApi({
      'GET /api/v1/automations': () => json(200, [weekly()]),
      [`GET /api/v1/automations/${ID}/runs`]: () => json(200, history),
      [`POST /api/v1/automations/${ID}/skip`]: () => {
        history = {
          ...history,
          nextRun: { period: '2026-02-16', date: '2026-02-16' },
          runs: [
            { period: '2026-02-11', status: 'SKIPPED', task: null, createdAt: 'x' },
            ...history.runs,
          ],
        };
        return json(200, history);
      },
      [`POST /api/v1/automations/${ID}/retry`]: () => {
        history = {
          ...history,
          runs: history.runs.map((run) =>
            run.period === '2026-02-09' ? { ...run, status: 'ACTIVE', task } : run,
          ),
        };
        return json(200, history);
      },
    });
    const user = userEvent.setup();
    render(`/automation/configure/${ID}`);

    expect(await screen.findByText('11 February 2026')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'History' });
    expect(within(list).getByRole('link', { name: 'Open task: Stretch' })).toHaveAttribute(
      'href',
      '/execute?task=t1',
    );

    await user.click(screen.getByRole('button', { name: 'Skip the next run' }));
    expect(await screen.findByText('16 February 2026')).toBeInTheDocument();
    expect(calls.find((call) => call.route.endsWith('/skip'))?.body).toEqual({
      period: '2026-02-11',
    });
    expect(within(list).getByText('Wed 11 February 2026')).toBeInTheDocument();
    // The skip can be undone while its run is to come.
    expect(
      within(list).getByRole('button', { name: 'Undo the skip of Wed 11 February 2026' }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retry Mon 9 February 2026' }));
    expect(calls.find((call) => call.route.endsWith('/retry'))?.body).toEqual({
      period: '2026-02-09',
    });
    expect(await screen.findByText('Done: its task is on your Execute list.')).toBeInTheDocument();
  });

  it('shows an empty history and a load failure with a way to ask again', async () => {
    let fails = true;
    stubApi({
      'GET /api/v1/automations': () => json(200, [weekly()]),
      [`GET /api/v1/automations/${ID}/runs`]: () =>
        fails
          ? json(500, { error: { code: 'INTERNAL', message: 'Down' } })
          : json(200, { id: ID, nextRun: null, runs: [] }),
    });
    const user = userEvent.setup();
    render(`/automation/configure/${ID}`);
    expect(await screen.findByText('Could not load the history.')).toBeInTheDocument();
    fails = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No runs yet.')).toBeInTheDocument();
  });

  it('links a status row to its task and retries an ERROR row', async () => {
    const calls = stubApi({
      'GET /api/v1/automations': () => json(200, [weekly()]),
      'GET /api/v1/automation-status': () =>
        json(200, [
          {
            id: ID,
            name: 'Stretch',
            status: 'ERROR',
            period: '2026-02-09',
            frequency: 'WEEKLY',
            task: null,
          },
          {
            id: 'a2',
            name: 'Rent',
            status: 'ACTIVE',
            period: '2026-02',
            frequency: 'MONTHLY',
            task,
          },
        ]),
      [`POST /api/v1/automations/${ID}/retry`]: () =>
        json(200, { id: ID, nextRun: null, runs: [] }),
    });
    const user = userEvent.setup();
    render('/automation');
    expect(await screen.findByRole('link', { name: 'Open task: Stretch' })).toHaveAttribute(
      'href',
      '/execute?task=t1',
    );
    await user.click(screen.getByRole('button', { name: 'Retry Stretch' }));
    await waitFor(() =>
      expect(calls.find((call) => call.route.endsWith('/retry'))?.body).toEqual({
        period: '2026-02-09',
      }),
    );
  });
});
