import { loadOf } from '@hustle/shared/estimates';
import { act, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { aSession, aWorkspace, signedInQueryClient } from '../../../test/workspace-fixture.tsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ExecuteItem } from '../../execute/model/execute-list.ts';
import type { TaskRowActions } from '../../execute/components/task-row.tsx';
import { upcomingWindow, type UpcomingDay } from '../model/upcoming-days.ts';
import { UpcomingList } from './upcoming-list.tsx';

const TODAY = '2026-11-27';

/** Rows open a task's details by its address, so they live under a router, as in the app. */
const renderInRouter = (ui: ReactElement) =>
  render(
    <QueryClientProvider client={signedInQueryClient(aSession(), aWorkspace())}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );

const anItem = (id: string): ExecuteItem => ({
  id,
  name: `Task ${id}`,
  projectId: null,
  isAutomation: false,
  label: 'New task',
  color: null,
  completedAt: null,
  today: TODAY,
  carriedOver: 0,
  deadline: null,
  hasNotes: false,
  checklist: { done: 0, total: 0 },
  estimate: null,
  actualSeconds: 0,
  remindAt: null,
  timeZone: 'UTC',
  focus: null,
});

const actions: TaskRowActions = {
  commit: () => Promise.resolve(),
  open: () => {},
  toggleFocus: () => {},
  moveToPlanning: () => {},
  moveToTomorrow: () => {},
  remove: () => {},
};

/** An IntersectionObserver the test moves: `enter` brings an element near the window. */
function stubObserver() {
  const watched = new Map<Element, IntersectionObserverCallback>();
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(private readonly callback: IntersectionObserverCallback) {}
      observe(element: Element) {
        watched.set(element, this.callback);
      }
      disconnect() {
        for (const [element, callback] of watched) {
          if (callback === this.callback) watched.delete(element);
        }
      }
    },
  );
  return (element: Element) =>
    act(() =>
      watched.get(element)?.(
        [{ isIntersecting: true, target: element } as IntersectionObserverEntry],
        {} as IntersectionObserver,
      ),
    );
}

afterEach(() => vi.unstubAllGlobals());

describe('UpcomingList', () => {
  const days: UpcomingDay[] = upcomingWindow(TODAY).map((day, index) => ({
    day,
    tasks: index < 3 ? [anItem(`${index}a`), anItem(`${index}b`)] : [],
    runs: [],
    deadlines: [],
    // The first day holds 3 h 10 min of its 6 h, the second 6 h 40 min.
    load: loadOf(index < 2 ? [{ estimate: index === 0 ? 190 : 400, done: false }] : [], 360),
  }));

  it('shows each day’s load beside its name, in words for screen readers too', () => {
    stubObserver();
    renderInRouter(
      <UpcomingList days={days} today={TODAY} actions={actions} onMove={() => undefined} />,
    );
    expect(screen.getByText('3 h 10 min of 6 h')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /3 h 10 min of 6 h planned$/ })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', {
        name: /6 h 40 min of 6 h planned, 40 min more than your 6 h day$/,
      }),
    ).toBeInTheDocument();
  });

  it('renders a day’s rows once it comes near the window, keeping their room before', () => {
    const enter = stubObserver();
    const { container } = renderInRouter(
      <UpcomingList days={days} today={TODAY} actions={actions} onMove={() => {}} />,
    );
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(14);

    const tomorrow = container.querySelector('[data-upcoming-day="2026-11-28"]')!;
    enter(tomorrow);
    expect(screen.getAllByRole('checkbox').map((box) => box.getAttribute('aria-label'))).toEqual([
      'Task 1a',
      'Task 1b',
    ]);
  });

  it('shows a crowded day’s first 30 rows, and the rest on request', () => {
    const crowded = [
      {
        ...days[0]!,
        tasks: Array.from({ length: 35 }, (_, index) => anItem(`c${index}`)),
      },
    ];
    renderInRouter(
      <UpcomingList days={crowded} today={TODAY} actions={actions} onMove={() => {}} />,
    );
    expect(screen.getAllByRole('checkbox')).toHaveLength(30);
    act(() => screen.getByRole('button', { name: 'Show all 35 tasks' }).click());
    expect(screen.getAllByRole('checkbox')).toHaveLength(35);
  });
});
