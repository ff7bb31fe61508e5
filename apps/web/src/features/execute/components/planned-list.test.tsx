import { QueryClientProvider } from '@tanstack/react-query';
import { aSession, aWorkspace, signedInQueryClient } from '../../../test/workspace-fixture.tsx';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { additionsDuring } from '../../../test/dom-additions.ts';
import { focusTaskRow, moveRowFocus } from '../../../ui/keyboard.ts';
import { focusOrRevealTaskRow } from '../../tasks/model/reveal-task-row.ts';
import type { ExecuteItem } from '../model/execute-list.ts';
import { PlannedList } from './planned-list.tsx';
import type { TaskRowActions } from './task-row.tsx';

/**
 * jsdom lays nothing out: every row measures this tall (the estimate, so rows not yet rendered
 * sit where rendered ones would), the window this high.
 */
const ROW_PX = 56;
const tallRows = new Set<string>();
const WINDOW_PX = 600;

const items: ExecuteItem[] = Array.from({ length: 500 }, (_, index) => ({
  id: `t${index}`,
  name: `Task ${index}`,
  projectId: null,
  isAutomation: false,
  label: 'New task',
  color: null,
  completedAt: null,
  today: '2026-11-27',
  carriedOver: 0,
  deadline: null,
  hasNotes: false,
  checklist: { done: 0, total: 0 },
  estimate: null,
  remindAt: null,
  timeZone: 'UTC',
  focus: null,
  actualSeconds: 0,
}));

const actions: TaskRowActions = {
  commit: () => Promise.resolve(),
  open: () => {},
  toggleFocus: () => {},
  moveToPlanning: () => {},
  moveToTomorrow: () => {},
  remove: () => {},
};

/** The list with all 500 rows loaded, or its first pages of a longer list of `count`. */
function renderList(count = items.length) {
  const onMove = vi.fn();
  render(
    <QueryClientProvider client={signedInQueryClient(aSession(), aWorkspace())}>
      <MemoryRouter>
        <main>
          <PlannedList items={items} count={count} actions={actions} onMove={onMove} />
        </main>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { onMove };
}

const shownNames = () =>
  within(screen.getByRole('list', { name: 'Planned tasks' }))
    .getAllByRole('checkbox')
    .map((box) => box.getAttribute('aria-label'));

function scrollWindowTo(y: number) {
  // The test setup's scrollTo moves scrollY and sends the scroll event, as a browser would.
  act(() => window.scrollTo(0, y));
}

describe('PlannedList with many rows (decision 033)', () => {
  beforeEach(() => {
    // As @tanstack/react-virtual's own tests do: give elements a size jsdom cannot compute.
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (
      this: HTMLElement,
    ) {
      if (this.tagName !== 'LI') return 0;
      // A long name wraps onto three lines.
      const name = this.querySelector('[role="checkbox"]')?.getAttribute('aria-label') ?? '';
      return tallRows.has(name) ? 3 * ROW_PX : ROW_PX;
    });
    vi.stubGlobal('innerHeight', WINDOW_PX);
    window.scrollTo(0, 0);
  });

  afterEach(() => {
    tallRows.clear();
    vi.restoreAllMocks();
    window.scrollTo(0, 0);
  });

  it('renders the rows in and near the window, the first and the last, and sizes the list for all', () => {
    renderList();
    const names = shownNames();
    expect(names.length).toBeLessThan(40);
    expect(names.slice(0, 3)).toEqual(['Task 0', 'Task 1', 'Task 2']);
    expect(names.at(-1)).toBe('Task 499');
    const list = screen.getByRole('list', { name: 'Planned tasks' });
    // 500 rows, 2 px apart, 4 px of padding at each end.
    expect(list.style.height).toBe(`${500 * ROW_PX + 499 * 2 + 8}px`);
    const last = screen.getByRole('checkbox', { name: 'Task 499' }).closest('li');
    expect(last).toHaveAttribute('aria-posinset', '500');
    expect(last).toHaveAttribute('aria-setsize', '500');
    expect(last?.style.top).toBe(`${4 + 499 * (ROW_PX + 2)}px`);
  });

  it('mounts its list with the rows that fit the window, not empty and filled by a second pass', () => {
    const additions = additionsDuring(renderList);
    const list = screen.getByRole('list', { name: 'Planned tasks' });
    const fitting = Math.floor(WINDOW_PX / ROW_PX);
    const rowsFitting = Array.from({ length: fitting }, (_, index) =>
      screen.getByRole('checkbox', { name: `Task ${index}` }).closest('li'),
    );
    // Rows that came with the list's first commit were never added to a list already there.
    const addedToMountedList = additions
      .filter(({ into }) => into === list)
      .map(({ node }) => node);
    for (const row of rowsFitting) expect(addedToMountedList).not.toContain(row);
  });

  it('measures rows as they render, so a long name pushes the rows below it down', () => {
    tallRows.add('Task 1');
    renderList();
    const topOf = (name: string) => screen.getByRole('checkbox', { name }).closest('li')?.style.top;
    expect(topOf('Task 1')).toBe(`${4 + ROW_PX + 2}px`);
    expect(topOf('Task 2')).toBe(`${4 + ROW_PX + 2 + 3 * ROW_PX + 2}px`);
  });

  it('renders the rows the window scrolls to, and lets go of those it left', () => {
    renderList();
    scrollWindowTo(250 * (ROW_PX + 2));
    const names = shownNames();
    expect(names).toContain('Task 250');
    expect(names).toContain('Task 255');
    expect(names).not.toContain('Task 100');
    expect(names.length).toBeLessThan(40);
  });

  it('keeps a focused row and its neighbours while the window scrolls away, so j finds the next one', () => {
    renderList();
    scrollWindowTo(100 * (ROW_PX + 2));
    act(() => screen.getByRole('checkbox', { name: 'Task 100' }).focus());
    scrollWindowTo(400 * (ROW_PX + 2));
    expect(screen.getByRole('checkbox', { name: 'Task 100' })).toHaveFocus();
    expect(shownNames()).toEqual(expect.arrayContaining(['Task 99', 'Task 101']));

    act(() => {
      moveRowFocus(1);
    });
    expect(screen.getByRole('checkbox', { name: 'Task 101' })).toHaveFocus();
    expect(shownNames()).toContain('Task 102');
  });

  it('renders a row asked for by id that the window does not show, so a retry focuses it', async () => {
    renderList();
    expect(shownNames()).not.toContain('Task 300');
    act(() => {
      expect(focusOrRevealTaskRow('t300')).toBe(false);
    });
    await vi.waitFor(() => expect(focusTaskRow('t300')).toBe(true));
    expect(screen.getByRole('checkbox', { name: 'Task 300' })).toHaveFocus();
  });

  it('moves a focused row far down the list one place with Alt+↑, as a drop would', () => {
    const { onMove } = renderList();
    scrollWindowTo(300 * (ROW_PX + 2));
    const box = screen.getByRole('checkbox', { name: 'Task 300' });
    act(() => box.focus());
    fireEvent.keyDown(box, { key: 'ArrowUp', altKey: true });
    expect(onMove).toHaveBeenCalledWith('t300', 't298');
    expect(screen.getByText('Task 300 moved to position 300 of 500.')).toBeInTheDocument();
  });

  it('tells places out of the whole list when only its first pages are loaded', () => {
    const { onMove } = renderList(1_200);
    const first = screen.getByRole('checkbox', { name: 'Task 0' }).closest('li');
    expect(first).toHaveAttribute('aria-posinset', '1');
    expect(first).toHaveAttribute('aria-setsize', '1200');
    const box = screen.getByRole('checkbox', { name: 'Task 1' });
    act(() => box.focus());
    fireEvent.keyDown(box, { key: 'ArrowUp', altKey: true });
    expect(onMove).toHaveBeenCalledWith('t1', null);
    expect(screen.getByText('Task 1 moved to position 1 of 1200.')).toBeInTheDocument();
  });
});
