import { addDaysTo, todayIn } from '@hustle/shared/days';
import type { Task } from '@hustle/shared/tasks';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useWorkspace } from '../../../sync/workspace/get-workspace.ts';
import {
  aSession,
  aTask,
  aWorkspace,
  ok,
  renderWithWorkspace,
} from '../../../test/workspace-fixture.tsx';
import { DeadlineField, PlannedDayField, RepeatField } from './schedule-fields.tsx';

const today = todayIn(new Date(), 'UTC');
const tomorrow = addDaysTo(today, 1);

type Field = typeof PlannedDayField;

/** The field on the task as the copy holds it, so a change shows at once. */
function OnCopy({ field: FieldOf }: { field: Field }) {
  const task = useWorkspace().data?.tasks[0];
  return task ? <FieldOf task={task} isReadOnly={false} /> : null;
}

function setup(field: Field, task: Partial<Task> = {}, routes = {}) {
  const user = userEvent.setup();
  const workspace = aWorkspace({ tasks: [aTask('t1', { name: 'Call Anna', ...task })] });
  const view = renderWithWorkspace(<OnCopy field={field} />, { workspace, routes });
  const pick = (label: string, day: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value: day } });
  return { user, pick, ...view };
}

describe('PlannedDayField (issue 31)', () => {
  it('plans the task for the day picked, and says which day that is', async () => {
    const { user, pick, mutations } = setup(
      PlannedDayField,
      {},
      {
        'PUT /api/v1/workspace/tasks/t1/plan-for-day': ok,
      },
    );
    expect(screen.getByText('Not planned')).toBeInTheDocument();
    pick('Planned day', tomorrow);
    await user.click(screen.getByRole('button', { name: 'Plan for this day' }));
    await waitFor(() =>
      expect(mutations()).toEqual([
        {
          route: 'PUT /api/v1/workspace/tasks/t1/plan-for-day',
          body: expect.objectContaining({ day: tomorrow, projectId: null }),
        },
      ]),
    );
    expect(await screen.findByText(/^Tomorrow, /)).toBeInTheDocument();
  });

  it('refuses a day already over with an inline message, and sends nothing', async () => {
    const { user, pick, mutations } = setup(PlannedDayField);
    pick('Planned day', addDaysTo(today, -1));
    await user.click(screen.getByRole('button', { name: 'Plan for this day' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Pick today or a later day.');
    expect(screen.getByLabelText('Planned day')).toHaveAccessibleDescription(
      /Pick today or a later day/,
    );
    expect(mutations()).toEqual([]);
  });

  it('takes a planned task off the plan with Unplan', async () => {
    const { user, mutations } = setup(
      PlannedDayField,
      { planned: true, state: 'PLANNED', plannedFor: today },
      { 'PUT /api/v1/workspace/tasks/t1/idle': ok },
    );
    expect(screen.getByLabelText('Planned day')).toHaveValue(today);
    await user.click(screen.getByRole('button', { name: 'Take off the plan' }));
    await waitFor(() =>
      expect(mutations().map((call) => call.route)).toEqual([
        'PUT /api/v1/workspace/tasks/t1/idle',
      ]),
    );
  });
});

describe('DeadlineField (issue 31)', () => {
  it('sets a deadline on Enter and clears it', async () => {
    const { user, pick, mutations } = setup(
      DeadlineField,
      {},
      {
        'PUT /api/v1/tasks/t1/deadline': ok,
      },
    );
    pick('Deadline', addDaysTo(today, 3));
    await user.type(screen.getByLabelText('Deadline'), '{Enter}');
    expect(await screen.findByText('3 days left')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear deadline' }));
    expect(await screen.findByText('No deadline')).toBeInTheDocument();
    expect(mutations().map((call) => call.body)).toEqual([
      expect.objectContaining({ deadline: addDaysTo(today, 3) }),
      expect.objectContaining({ deadline: null }),
    ]);
  });

  it('says a passed deadline is late', () => {
    setup(DeadlineField, { deadline: addDaysTo(today, -2) });
    expect(screen.getByText('2 days late')).toBeInTheDocument();
  });
});

describe('RepeatField (decision 063)', () => {
  it('offers Repeat… into the automation editor filled in with the task, with automations', async () => {
    const { queryClient } = setup(RepeatField, { projectId: 'p1' });
    expect(screen.getByText('Does not repeat')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Repeat…' })).toBeNull();
    act(() => queryClient.setQueryData(['session'], aSession({ featureFlags: ['automation'] })));
    expect(await screen.findByRole('link', { name: 'Repeat…' })).toHaveAttribute(
      'href',
      '/automation/configure/create?taskName=Call+Anna&project=p1',
    );
  });

  it('says a task an automation made repeats, and links to the automation', async () => {
    const { queryClient } = setup(RepeatField, { automationId: 'a1' });
    act(() => queryClient.setQueryData(['session'], aSession({ featureFlags: ['automation'] })));
    expect(screen.getByText(/Repeats: an automation makes it/)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'See the automation' })).toHaveAttribute(
      'href',
      '/automation/configure/a1',
    );
  });
});
