import { addDaysTo, todayIn } from '@hustle/shared/days';
import type { WorkspaceResponse } from '@hustle/shared/workspace';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aTask, aWorkspace, ok, renderWithWorkspace } from '../../test/workspace-fixture.tsx';
import { spokenDay } from '../tasks/model/day-labels.ts';
import { UpcomingScreen } from './upcoming-screen.tsx';

// The screen reads today from the clock where the user is (UTC here), as the app does.
const today = todayIn(new Date(), 'UTC');
const tomorrow = addDaysTo(today, 1);
const dayAfter = addDaysTo(today, 2);

const planned = (id: string, name: string, plannedFor: string) =>
  aTask(id, { name, planned: true, state: 'PLANNED', plannedFor });

function setup(workspace: WorkspaceResponse) {
  const user = userEvent.setup();
  const view = renderWithWorkspace(<UpcomingScreen />, {
    workspace,
    routes: {
      'PUT /api/v1/workspace/tasks/t1/plan-for-day': ok,
      'PUT /api/v1/tasks/t1/deadline': ok,
    },
  });
  return { user, ...view };
}

const dayList = (day: string) =>
  screen.getByRole('list', { name: `Planned for ${spokenDay(day, today)}` });

describe('UpcomingScreen (issue 29)', () => {
  const workspace = aWorkspace({
    tasks: [
      planned('t1', 'Call Anna', tomorrow),
      planned('t2', 'Water plants', today),
      aTask('t3', { name: 'Send report', deadline: dayAfter }),
    ],
    plannedTasks: ['t2', 't1'],
  });

  it('shows 14 days, each task under its day, deadlines on theirs, empty days as one line', async () => {
    setup(workspace);
    const days = await screen.findByRole('list', { name: 'The next 14 days' });
    expect(within(days).getAllByRole('heading', { level: 2 })).toHaveLength(14);
    expect(within(dayList(tomorrow)).getByRole('checkbox', { name: /Call Anna/ })).toBeVisible();
    expect(within(dayList(today)).getByRole('checkbox', { name: /Water plants/ })).toBeVisible();
    expect(
      screen.getByRole('heading', { name: `${spokenDay(tomorrow, today)}, 1 task` }),
    ).toBeVisible();
    const also = screen.getByRole('list', { name: `Also on ${spokenDay(dayAfter, today)}` });
    expect(within(also).getByText('Send report')).toBeVisible();
    const lastDay = addDaysTo(today, 13);
    expect(
      screen.getByRole('heading', { name: `${spokenDay(lastDay, today)}, nothing planned` }),
    ).toBeVisible();
  });

  it('moves a focused task to the next day with Alt+↓, as one planTaskForDay, and says so', async () => {
    const { user, mutations } = setup(workspace);
    const box = await screen.findByRole('checkbox', { name: /Call Anna/ });
    box.focus();
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');

    await waitFor(() =>
      expect(within(dayList(dayAfter)).getByRole('checkbox', { name: /Call Anna/ })).toHaveFocus(),
    );
    expect(
      screen.getByText(`Call Anna moved to ${spokenDay(dayAfter, today)}.`),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(mutations()).toEqual([
        {
          route: 'PUT /api/v1/workspace/tasks/t1/plan-for-day',
          body: expect.objectContaining({ day: dayAfter }),
        },
      ]),
    );
  });

  it('does not move a task before today', async () => {
    const { user, mutations } = setup(workspace);
    const box = await screen.findByRole('checkbox', { name: /Water plants/ });
    box.focus();
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(within(dayList(today)).getByRole('checkbox', { name: /Water plants/ })).toBeVisible();
    expect(mutations()).toEqual([]);
  });

  it('sets a deadline from the task’s menu', async () => {
    const { user, mutations } = setup(workspace);
    await user.click(await screen.findByRole('button', { name: 'Options for Call Anna' }));
    await user.click(screen.getByRole('menuitem', { name: 'Set deadline' }));
    const field = screen.getByLabelText('When is “Call Anna” due?');
    await user.type(field, addDaysTo(today, 5));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(mutations()).toEqual([
        {
          route: 'PUT /api/v1/tasks/t1/deadline',
          body: expect.objectContaining({ deadline: addDaysTo(today, 5) }),
        },
      ]),
    );
    expect(screen.getByText('5 days left')).toBeVisible();
  });

  it('says when nothing is coming up, and where to plan', async () => {
    setup(aWorkspace());
    expect(await screen.findByRole('heading', { name: 'Nothing coming up' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to Plan' })).toHaveAttribute('href', '/plan');
  });
});
