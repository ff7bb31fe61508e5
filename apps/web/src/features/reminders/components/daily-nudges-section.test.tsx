import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { aWorkspace, ok, renderWithWorkspace } from '../../../test/workspace-fixture.tsx';
import type { NotificationsState } from '../api/push-subscription.ts';
import { DailyNudgesSection } from './daily-nudges-section.tsx';

const SETTINGS = 'PUT /api/v1/workspace/day-settings';

function setup(
  nudges: { planNudgeAt?: string | null; finishNudgeAt?: string | null } = {},
  answer: NotificationsState = 'on',
) {
  const user = userEvent.setup();
  const turnOn = vi.fn(async () => answer);
  const workspace = aWorkspace({
    days: { ...aWorkspace().days, timeZone: 'Pacific/Auckland', ...nudges },
  });
  const view = renderWithWorkspace(<DailyNudgesSection turnOn={turnOn} />, {
    workspace,
    routes: { [SETTINGS]: ok },
  });
  return { user, turnOn, ...view };
}

describe('DailyNudgesSection (issue 30)', () => {
  it('turns a nudge on at its usual time, asks the browser then, and says it will show them', async () => {
    const { user, turnOn, mutations } = setup();
    expect(
      await screen.findByText('At these times in your time zone, Pacific/Auckland.'),
    ).toBeVisible();
    await user.click(screen.getByRole('checkbox', { name: 'Plan your day' }));
    await waitFor(() =>
      expect(mutations()).toEqual([
        { route: SETTINGS, body: { workspaceId: 'w1', planNudgeAt: '08:00' } },
      ]),
    );
    expect(turnOn).toHaveBeenCalledOnce();
    expect(await screen.findByRole('status')).toHaveTextContent(
      'This browser will show the nudges.',
    );
    expect(screen.getByLabelText('Plan your day at')).toHaveValue('08:00');
  });

  it('keeps the nudge when the browser refuses, and says e-mail is used instead', async () => {
    const { user, mutations } = setup({}, 'denied');
    await user.click(await screen.findByRole('checkbox', { name: 'Finish the day' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Without a browser that shows them, nudges come by e-mail instead.',
    );
    expect(screen.getByRole('checkbox', { name: 'Finish the day' })).toBeChecked();
    expect(mutations()).toEqual([
      { route: SETTINGS, body: { workspaceId: 'w1', finishNudgeAt: '18:00' } },
    ]);
  });

  it('sends a new time, and turning a nudge off asks nothing', async () => {
    const { user, turnOn, mutations } = setup({ planNudgeAt: '07:30' });
    const time = await screen.findByLabelText('Plan your day at');
    expect(time).toHaveValue('07:30');
    fireEvent.change(time, { target: { value: '06:45' } });
    await user.click(screen.getByRole('checkbox', { name: 'Plan your day' }));
    await waitFor(() =>
      expect(mutations()).toEqual([
        { route: SETTINGS, body: { workspaceId: 'w1', planNudgeAt: '06:45' } },
        { route: SETTINGS, body: { workspaceId: 'w1', planNudgeAt: null } },
      ]),
    );
    expect(turnOn).not.toHaveBeenCalled();
    expect(screen.queryByLabelText('Plan your day at')).toBeNull();
  });
});
