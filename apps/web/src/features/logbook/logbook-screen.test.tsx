import { addDaysTo, todayIn } from '@hustle/shared/days';
import {
  weekStartOf,
  type LogbookPage,
  type LogbookTask,
  type LogbookTotals,
  type LogbookWeek,
} from '@hustle/shared/logbook';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { tellChangesHeard } from '../../sync/live/changes-heard.ts';
import { json, type stubApi } from '../../test/render-app.tsx';
import { aTask, renderWithWorkspace, someChanges } from '../../test/workspace-fixture.tsx';
import { LogbookScreen } from './logbook-screen.tsx';

// The workspace fixture's time zone is UTC, as the screen's today.
const today = todayIn(new Date(), 'UTC');
const yesterday = addDaysTo(today, -1);
const earlier = addDaysTo(today, -9);

const totals = (extra: Partial<LogbookTotals> = {}): LogbookTotals => ({
  done: 1,
  focusedSeconds: 0,
  estimatedMinutes: 0,
  actualSeconds: 0,
  estimatedTasks: 0,
  isCapped: false,
  ...extra,
});
const done = (id: string, name: string, day: string, extra: Partial<LogbookTask> = {}) => ({
  taskId: `00000000-0000-4000-8000-00000000000${id}`,
  name,
  completedAt: `${day}T14:05:00.000Z`,
  place: {
    kind: 'project' as const,
    projectId: null,
    name: 'Garden',
    color: '#009379',
    isArchived: false,
  },
  estimate: null,
  remindAt: null,
  actualSeconds: 0,
  ...extra,
});

const firstPage: LogbookPage = {
  days: [
    {
      day: today,
      totals: totals({
        done: 2,
        focusedSeconds: 5400,
        estimatedTasks: 1,
        estimatedMinutes: 60,
        actualSeconds: 5400,
      }),
      tasks: [
        done('1', 'Write the report', today, { estimate: 60, actualSeconds: 5400 }),
        done('2', 'Water the roses', today),
      ],
    },
    { day: yesterday, totals: totals({ done: 3 }), tasks: [done('3', 'Call Anna', yesterday)] },
  ],
  next: `${yesterday}T14:05:00.000Z|00000000-0000-4000-8000-000000000003`,
};
const secondPage: LogbookPage = {
  days: [
    {
      day: yesterday,
      totals: totals({ done: 3 }),
      tasks: [done('4', 'Pay the bills', yesterday), done('5', 'Buy bread', yesterday)],
    },
    { day: earlier, totals: totals(), tasks: [done('6', 'Plant tulips', earlier)] },
  ],
  next: null,
};
const thisWeek = weekStartOf(today);
const aWeek = (start: string, extra: Partial<LogbookWeek> = {}): LogbookWeek => ({
  start,
  end: addDaysTo(start, 6),
  totals: totals({
    done: 12,
    focusedSeconds: 6 * 3600 + 20 * 60,
    estimatedTasks: 8,
    estimatedMinutes: 300,
    actualSeconds: 336 * 60,
  }),
  accuracy: 1.12,
  finishedDays: [start, addDaysTo(start, 1)],
  ...extra,
});

const pageRoute = (before: string) => `GET /api/v1/logbook?before=${encodeURIComponent(before)}`;

function setup(routes: Parameters<typeof stubApi>[0], entry = '/logbook') {
  const user = userEvent.setup();
  const view = renderWithWorkspace(<LogbookScreen />, {
    routes,
    entry,
  });
  return { user, ...view };
}

describe('LogbookScreen (issue 30 item 4)', () => {
  it('shows each day under its heading and totals, and pages back with “Show earlier”', async () => {
    const { user } = setup({
      'GET /api/v1/logbook': () => json(200, firstPage),
      [pageRoute(firstPage.next!)]: () => json(200, secondPage),
    });
    const days = await screen.findByRole('list', { name: 'Completed tasks by day' });
    expect(within(days).getByRole('heading', { name: 'Today' })).toBeVisible();
    expect(
      screen.getByText('2 tasks done · 1 h 30 min focused · 1 h 30 min taken of 1 h estimated'),
    ).toBeVisible();
    const todays = screen.getByRole('list', { name: 'Completed today' });
    expect(within(todays).getByRole('button', { name: /Write the report/ })).toHaveTextContent(
      '1 h 30 min of 1 h',
    );
    expect(within(todays).getByRole('button', { name: /Water the roses/ })).toHaveTextContent(
      '14:05',
    );

    await user.click(screen.getByRole('button', { name: 'Show earlier' }));
    // Yesterday goes on in the second page: one day, its three tasks, its whole day's totals.
    const yesterdays = await screen.findByRole('list', { name: 'Completed yesterday' });
    await waitFor(() => expect(within(yesterdays).getAllByRole('button')).toHaveLength(3));
    expect(screen.getAllByRole('heading', { name: 'Yesterday' })).toHaveLength(1);
    expect(screen.getByText('3 tasks done')).toBeVisible();
    expect(screen.getByRole('button', { name: /Plant tulips/ })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Show earlier' })).not.toBeInTheDocument();
  });

  it('says when nothing was completed yet, and when the logbook could not load', async () => {
    setup({ 'GET /api/v1/logbook': () => json(200, { days: [], next: null }) });
    expect(await screen.findByRole('heading', { name: 'Nothing completed yet' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to Execute' })).toBeVisible();
  });

  it('shows the error with a way to try again', async () => {
    let isDown = true;
    const { user } = setup({
      'GET /api/v1/logbook': () =>
        isDown
          ? json(503, { error: { code: 'INTERNAL', message: 'The server is resting.' } })
          : json(200, firstPage),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the logbook.');
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Today' })).toBeVisible();
  });

  it('reads again when a task is completed on another device', async () => {
    let answer = { days: [], next: null } as LogbookPage;
    const { queryClient } = setup({ 'GET /api/v1/logbook': () => json(200, answer) });
    expect(await screen.findByRole('heading', { name: 'Nothing completed yet' })).toBeVisible();
    answer = firstPage;
    await tellChangesHeard(
      queryClient,
      someChanges(3, { tasks: [aTask('t9', { name: 'Elsewhere', state: 'DONE', done: true })] }),
    );
    expect(await screen.findByRole('heading', { name: 'Today' })).toBeVisible();
  });

  it('switches to the week: four figures, accuracy said in words, the weeks before', async () => {
    const lastWeek = addDaysTo(thisWeek, -7);
    const { user } = setup({
      'GET /api/v1/logbook': () => json(200, firstPage),
      'GET /api/v1/logbook/week': () => json(200, aWeek(thisWeek)),
      [`GET /api/v1/logbook/week?day=${lastWeek}`]: () =>
        json(
          200,
          aWeek(lastWeek, { accuracy: null, finishedDays: [], totals: totals({ done: 0 }) }),
        ),
    });
    await user.click(await screen.findByRole('button', { name: 'Week' }));
    expect(screen.getByRole('button', { name: 'Week' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByRole('heading', { name: /This week/ })).toBeVisible();
    const figure = (label: string) => screen.getByText(label).closest('div')!;
    expect(await screen.findByText('12')).toBeVisible();
    expect(figure('Tasks done')).toHaveTextContent('12');
    expect(figure('Time focused')).toHaveTextContent('6 h 20 min');
    expect(figure('Estimate accuracy')).toHaveTextContent('112%');
    expect(figure('Estimate accuracy')).toHaveTextContent(
      'Time taken ÷ estimate, over 8 tasks with both (5 h 36 min for 5 h). 100% is on estimate.',
    );
    expect(figure('Days finished')).toHaveTextContent('2 of 7');
    expect(screen.getByRole('button', { name: 'Next week' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Previous week' }));
    expect(
      await screen.findByText('No completed task had both an estimate and tracked time.'),
    ).toBeVisible();
    expect(figure('Estimate accuracy')).toHaveTextContent('—');
    expect(screen.getByRole('button', { name: 'Next week' })).toBeEnabled();
  });
});
