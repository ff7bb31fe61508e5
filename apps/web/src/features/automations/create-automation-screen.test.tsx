import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../test/render-app.tsx';
import { renderSignedIn } from '../../test/render-signed-in.tsx';
import { aWorkspace, UUID } from '../../test/workspace-fixture.tsx';
import { useOutboxState } from '../../sync/outbox/outbox-state.ts';
import { CreateAutomationScreen } from './create-automation-screen.tsx';

const saved = {
  id: 'a1',
  name: 'Monthly on 30th add Pay rent in Execute',
  trigger: { frequency: 'MONTHLY', dayOfMonth: 30 },
  steps: [{ type: 'TASK', payload: { taskName: 'Pay rent' } }],
  status: 'ON',
  createdAt: '2026-02-10T10:00:00.000Z',
};

function renderCreate() {
  return renderSignedIn(
    {
      '/automation/configure/create': <CreateAutomationScreen />,
      '/automation/configure': <h1>Configure</h1>,
    },
    { route: '/automation/configure/create', workspace: aWorkspace() },
  );
}

describe('CreateAutomationScreen', () => {
  beforeEach(() => {
    // 10 February 2026 at noon, wherever the tests run.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 1, 10, 12));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('offers days 1 to 31 as one keyboard stop that arrows move through', async () => {
    stubApi({ 'GET /api/v1/automations': () => json(200, []) });
    const user = userEvent.setup();
    renderCreate();

    const days = within(screen.getByRole('radiogroup', { name: 'Day of the month' })).getAllByRole(
      'radio',
    );
    expect(days.map((day) => day.textContent)).toEqual(
      Array.from({ length: 31 }, (_, index) => String(index + 1)),
    );
    expect(days.filter((day) => day.tabIndex === 0)).toHaveLength(1);

    await user.click(screen.getByRole('radio', { name: '3' }));
    expect(screen.getByRole('radio', { name: '3' })).toHaveAttribute('aria-checked', 'true');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: '10' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('radio', { name: '10' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('radio', { name: '31' })).toHaveAttribute('aria-checked', 'true');
  });

  it('says when it triggers, with the short-month note above 28', async () => {
    stubApi({ 'GET /api/v1/automations': () => json(200, []) });
    const user = userEvent.setup();
    renderCreate();

    await user.click(screen.getByRole('radio', { name: '10' }));
    expect(
      screen.getByText('This automation will trigger on 10 February 2026'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/last day of the month/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: '30' }));
    expect(
      screen.getByText('This automation will trigger on 28 February 2026'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('In months without a 30th, it runs on the last day of the month.'),
    ).toBeInTheDocument();
  });

  it('fills the name until it is edited, and saves the spec body once', async () => {
    let answer = (_response: Response) => {};
    const calls = stubApi({
      'GET /api/v1/automations': () => json(200, []),
      'POST /api/v1/automations': () => new Promise((resolve) => (answer = resolve)),
      'GET /api/v1/automation-status': () => json(200, []),
    });
    const user = userEvent.setup();
    renderCreate();
    const save = screen.getByRole<HTMLButtonElement>('button', { name: 'Save' });
    const name = screen.getByLabelText<HTMLInputElement>('Automation name:');
    expect(save).toBeDisabled();
    expect(screen.getByLabelText('Task name:')).toHaveAttribute(
      'placeholder',
      'Displays on Execute list',
    );
    expect(name).toHaveAttribute('placeholder', 'Will display in automate list');

    await user.click(screen.getByRole('radio', { name: '30' }));
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText('Task name:'), 'Pay rent');
    expect(name.value).toBe('Monthly on 30th add Pay rent in Execute');
    expect(save).toBeEnabled();

    // Saved through the outbox: the list shows it at once, the server gets it once.
    await user.click(save);
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/automation/configure'),
    );
    await waitFor(() =>
      expect(calls.filter((call) => call.route === 'POST /api/v1/automations')).toHaveLength(1),
    );
    const posts = calls.filter((call) => call.route === 'POST /api/v1/automations');
    expect(posts).toEqual([
      {
        route: 'POST /api/v1/automations',
        body: {
          id: expect.stringMatching(UUID),
          workspaceId: 'w1',
          name: 'Monthly on 30th add Pay rent in Execute',
          trigger: { frequency: 'MONTHLY', dayOfMonth: 30 },
          steps: [{ type: 'TASK', payload: { taskName: 'Pay rent' } }],
        },
      },
    ]);
    answer(json(200, saved));
  });

  it('creates one automation from two clicks on Save in the same moment', async () => {
    let answer = (_response: Response) => {};
    const calls = stubApi({
      'GET /api/v1/automations': () => json(200, []),
      'POST /api/v1/automations': () => new Promise((resolve) => (answer = resolve)),
      'GET /api/v1/automation-status': () => json(200, []),
    });
    const user = userEvent.setup();
    renderCreate();
    await user.click(screen.getByRole('radio', { name: '12' }));
    await user.type(screen.getByLabelText('Task name:'), 'Water the plants');
    const save = screen.getByRole<HTMLButtonElement>('button', { name: 'Save' });

    // Both clicks land before React renders the pending state that disables the button.
    act(() => {
      save.click();
      save.click();
    });

    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/automation/configure'),
    );
    await waitFor(() =>
      expect(calls.filter((call) => call.route === 'POST /api/v1/automations')).toHaveLength(1),
    );
    answer(json(200, saved));
  });

  it('sends a save that met a server failure again, under the same id', async () => {
    const answers = [json(503, { error: { code: 'UNAVAILABLE', message: 'Try later.' } })];
    const calls = stubApi({
      'GET /api/v1/automations': () => json(200, []),
      'POST /api/v1/automations': () => answers.shift() ?? json(200, saved),
      'GET /api/v1/automation-status': () => json(200, []),
    });
    const user = userEvent.setup();
    renderCreate();
    await user.click(screen.getByRole('radio', { name: '12' }));
    await user.type(screen.getByLabelText('Task name:'), 'Water the plants');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(
      () =>
        expect(calls.filter((call) => call.route === 'POST /api/v1/automations')).toHaveLength(2),
      { timeout: 4000 },
    );
    const [first, again] = calls.filter((call) => call.route === 'POST /api/v1/automations');
    expect((again!.body as { id: string }).id).toBe((first!.body as { id: string }).id);
  });

  it('keeps a hand-written name and leaves the name out when it is emptied', async () => {
    const calls = stubApi({
      'GET /api/v1/automations': () => json(200, []),
      'POST /api/v1/automations': () => json(200, saved),
    });
    const user = userEvent.setup();
    renderCreate();
    const name = screen.getByLabelText<HTMLInputElement>('Automation name:');

    await user.click(screen.getByRole('radio', { name: '1' }));
    await user.type(screen.getByLabelText('Task name:'), 'Rent');
    await user.clear(name);
    await user.type(name, 'Rent day');
    await user.type(screen.getByLabelText('Task name:'), ' payment');
    expect(name.value).toBe('Rent day');

    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((call) => call.route === 'POST /api/v1/automations')?.body).toEqual({
        id: expect.stringMatching(UUID),
        workspaceId: 'w1',
        trigger: { frequency: 'MONTHLY', dayOfMonth: 1 },
        steps: [{ type: 'TASK', payload: { taskName: 'Rent payment' } }],
      }),
    );
  });

  it('keeps a save the server refuses in the list of changes not saved, with its reason', async () => {
    stubApi({
      'GET /api/v1/automations': () => json(200, []),
      'POST /api/v1/automations': () =>
        json(409, {
          error: {
            code: 'AUTOMATION_LIMIT_REACHED',
            message:
              'Your plan allows 2 automations. Upgrade to Premium for unlimited automations.',
          },
        }),
    });
    const user = userEvent.setup();
    renderCreate();

    await user.click(screen.getByRole('radio', { name: '7' }));
    await user.type(screen.getByLabelText('Task name:'), 'Backup');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(useOutboxState.getState().refused).toHaveLength(1));
    expect(useOutboxState.getState().refused[0]).toMatchObject({
      label: 'Add automation “Monthly on 7th add Backup in Execute”',
      refusal: { code: 'AUTOMATION_LIMIT_REACHED' },
    });
  });
});
