import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useWorkspace } from '../../../sync/workspace/get-workspace.ts';
import { aTask, aWorkspace, ok, renderWithWorkspace } from '../../../test/workspace-fixture.tsx';
import type { NotificationsState } from '../api/push-subscription.ts';
import { reminderFieldText } from '../model/reminder-input.ts';
import { ReminderField } from './reminder-field.tsx';

const inAnHour = new Date(Date.now() + 60 * 60_000);
inAnHour.setUTCSeconds(0, 0);

/** The field on the task as the copy holds it, so a reminder set or cleared shows at once. */
function Field({ turnOn }: { turnOn: () => Promise<NotificationsState> }) {
  const task = useWorkspace().data?.tasks[0];
  return task ? <ReminderField task={task} isReadOnly={false} turnOn={turnOn} /> : null;
}

function setup(remindAt: string | null = null, answer: NotificationsState = 'on') {
  const user = userEvent.setup();
  const turnOn = vi.fn(async () => answer);
  // The user's time zone is the account's, not the browser's (UTC in tests).
  const workspace = aWorkspace({
    tasks: [aTask('t1', { name: 'Call Anna', remindAt })],
    days: { ...aWorkspace().days, timeZone: 'Europe/Warsaw' },
  });
  const view = renderWithWorkspace(<Field turnOn={turnOn} />, {
    workspace,
    routes: { 'PUT /api/v1/tasks/t1/reminder': ok },
  });
  const field = screen.getByLabelText<HTMLInputElement>('Reminder time');
  // The browser's date and time field is typed into as a whole value.
  const type = (text: string) => fireEvent.change(field, { target: { value: text } });
  return { user, turnOn, field, type, ...view };
}

describe('ReminderField (issue 30)', () => {
  it('sets a reminder at a time where the user is, sent in UTC, and asks the browser then', async () => {
    const { user, turnOn, type, mutations } = setup();

    await screen.findByText('Your time zone: Europe/Warsaw');
    type(reminderFieldText(inAnHour, 'Europe/Warsaw'));
    await user.click(screen.getByRole('button', { name: 'Set reminder' }));
    await waitFor(() =>
      expect(mutations()).toEqual([
        {
          route: 'PUT /api/v1/tasks/t1/reminder',
          body: { workspaceId: 'w1', projectId: null, remindAt: inAnHour.toISOString() },
        },
      ]),
    );
    expect(turnOn).toHaveBeenCalledOnce();
    expect(await screen.findByRole('status')).toHaveTextContent(
      'This browser will show the reminder.',
    );
  });

  it('refuses a past time with an inline message, and sends and asks nothing', async () => {
    const { user, turnOn, field, type, mutations } = setup();
    type(reminderFieldText(new Date(Date.now() - 10 * 60_000), 'Europe/Warsaw'));
    await user.click(screen.getByRole('button', { name: 'Set reminder' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'That time has passed. Choose a later one.',
    );
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(/That time has passed/);
    expect(mutations()).toEqual([]);
    expect(turnOn).not.toHaveBeenCalled();
  });

  it('shows the reminder set, and clears it without asking anything', async () => {
    const { user, turnOn, field, mutations } = setup(inAnHour.toISOString());
    expect(field).toHaveValue(reminderFieldText(inAnHour, 'Europe/Warsaw'));
    // jsdom cannot show notifications: a reminder set elsewhere says it will not pop up here.
    expect(screen.getByRole('status')).toHaveTextContent(/cannot show notifications/);
    await user.click(screen.getByRole('button', { name: 'Clear reminder' }));
    await waitFor(() =>
      expect(mutations()).toEqual([
        expect.objectContaining({ body: expect.objectContaining({ remindAt: null }) }),
      ]),
    );
    expect(field).toHaveValue('');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(turnOn).not.toHaveBeenCalled();
  });

  it('says calmly that a browser blocking notifications will not pop the reminder up', async () => {
    const { user, field, type, mutations } = setup(null, 'denied');
    type(reminderFieldText(inAnHour, 'Europe/Warsaw'));
    // Enter in the field sets it, as the button does.
    field.focus();
    await user.keyboard('{Enter}');
    const note = await screen.findByRole('status');
    expect(note).toHaveTextContent(/blocks notifications from Hustle/);
    expect(note).toHaveTextContent(/The reminder is saved on the task/);
    expect(note).toHaveTextContent(/set Notifications to Allow/);
    expect(mutations()).toHaveLength(1);
  });

  it('says so when the browser cannot show notifications', async () => {
    const { user, type } = setup(null, 'unsupported');
    type(reminderFieldText(inAnHour, 'Europe/Warsaw'));
    await user.click(screen.getByRole('button', { name: 'Set reminder' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      /This browser cannot show notifications/,
    );
  });

  it('offers to ask again when the question was closed unanswered', async () => {
    const { user, turnOn, type } = setup(null, 'not-allowed');
    type(reminderFieldText(inAnHour, 'Europe/Warsaw'));
    await user.click(screen.getByRole('button', { name: 'Set reminder' }));
    expect(await screen.findByRole('status')).toHaveTextContent(/not allowed yet/);
    await user.click(screen.getByRole('button', { name: 'Allow notifications' }));
    expect(turnOn).toHaveBeenCalledTimes(2);
  });

  it('shows a reminder set before in a browser that blocks notifications as not popping up', () => {
    vi.stubGlobal('Notification', { permission: 'denied' });
    vi.stubGlobal('PushManager', class {});
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
    setup(inAnHour.toISOString());
    expect(screen.getByRole('status')).toHaveTextContent(/blocks notifications from Hustle/);
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });
});
