import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DaySettings } from '@hustle/shared/days';
import { aWorkspace } from '@hustle/shared/testing/workspace-fixture';
import { json, stubApi } from '../../../test/render-app.tsx';
import { renderSignedIn } from '../../../test/render-signed-in.tsx';
import { ok } from '../../../test/workspace-fixture.tsx';
import { DaySettingsSection } from './day-settings-section.tsx';

const SETTINGS = 'PUT /api/v1/workspace/day-settings';

const SIX_HOURS = [360, 360, 360, 360, 360, 360, 360];

const render = (
  days: Partial<DaySettings> = { timeZone: 'UTC', carryOverTo: 'top', backToInboxAfter: null },
) =>
  renderSignedIn(
    { '/account': <DaySettingsSection /> },
    {
      route: '/account',
      workspace: aWorkspace({
        days: {
          timeZone: 'UTC',
          carryOverTo: 'top',
          backToInboxAfter: null,
          capacity: SIX_HOURS,
          planNudgeAt: null,
          finishNudgeAt: null,
          ...days,
        },
      }),
    },
  );

describe('DaySettingsSection', () => {
  it('shows the settings and sends each change as one command', async () => {
    const calls = stubApi({
      [SETTINGS]: ok,
      'GET /api/v1/dashboard/version': () => json(200, { version: 1 }),
    });
    const user = userEvent.setup();
    render();
    const zone = await screen.findByRole('combobox', { name: 'Time zone' });
    expect(zone).toHaveValue('UTC');
    expect(screen.getByRole('radio', { name: 'At the top of today' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Take a task off the plan' })).toHaveValue('');

    await user.click(screen.getByRole('radio', { name: 'At the bottom of today' }));
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Take a task off the plan' }),
      'After it was carried over 3 times',
    );
    await user.selectOptions(zone, 'Europe/Warsaw');
    await waitFor(() => expect(calls.filter((call) => call.route === SETTINGS)).toHaveLength(3));
    const bodies = calls.filter((call) => call.route === SETTINGS).map((call) => call.body);
    expect(bodies).toEqual([
      expect.objectContaining({ carryOverTo: 'bottom' }),
      expect.objectContaining({ backToInboxAfter: 3 }),
      expect.objectContaining({ timeZone: 'Europe/Warsaw' }),
    ]);
    // The screen shows each change at once, before any answer.
    expect(screen.getByRole('radio', { name: 'At the bottom of today' })).toBeChecked();
    expect(zone).toHaveValue('Europe/Warsaw');
    // Four hundred zones and the week's seven days to query: slow on a busy machine.
  }, 15_000);

  it('offers the device’s own zone when the account keeps another', async () => {
    const calls = stubApi({ [SETTINGS]: ok });
    const user = userEvent.setup();
    const device = Intl.DateTimeFormat().resolvedOptions().timeZone;
    render({
      timeZone: device === 'Asia/Tokyo' ? 'UTC' : 'Asia/Tokyo',
      carryOverTo: 'top',
      backToInboxAfter: null,
    });
    await user.click(await screen.findByRole('button', { name: /^Use this device’s/ }));
    await waitFor(() =>
      expect(calls.find((call) => call.route === SETTINGS)?.body).toMatchObject({
        timeZone: device,
      }),
    );
    expect(screen.queryByRole('button', { name: /^Use this device’s/ })).toBeNull();
  });

  it('sets each weekday’s capacity, sending the whole week', async () => {
    const calls = stubApi({ [SETTINGS]: ok });
    const user = userEvent.setup();
    render();
    const friday = await screen.findByRole('combobox', { name: 'Friday' });
    expect(friday).toHaveValue('360');
    await user.selectOptions(friday, '4 h');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sunday' }), 'Day off');
    await waitFor(() => expect(calls.filter((call) => call.route === SETTINGS)).toHaveLength(2));
    expect(calls.filter((call) => call.route === SETTINGS).map((call) => call.body)).toEqual([
      expect.objectContaining({ capacity: [360, 360, 360, 360, 240, 360, 360] }),
      expect.objectContaining({ capacity: [360, 360, 360, 360, 240, 360, 0] }),
    ]);
    expect(friday).toHaveValue('240');
  });
});
