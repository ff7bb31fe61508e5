import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { aSession, aWorkspace, signedInQueryClient } from '../../../test/workspace-fixture.tsx';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckAction } from '../hooks/use-delayed-check.ts';
import { TaskRow, type TaskRef, type TaskRowActions } from './task-row.tsx';

const ref: TaskRef = { id: 't1', projectId: 'p1', isAutomation: false };

function renderRow({
  isDone = false,
  commit = vi.fn<(task: TaskRef, action: CheckAction) => Promise<unknown>>(() => Promise.resolve()),
  focus = null as 'running' | 'paused' | null,
  remindAt = null as string | null,
} = {}) {
  const actions: TaskRowActions = {
    commit,
    open: vi.fn<(taskId: string) => void>(),
    toggleFocus: vi.fn<TaskRowActions['toggleFocus']>(),
    moveToPlanning: vi.fn(),
    moveToTomorrow: vi.fn(),
    remove: vi.fn(),
  };
  const playSound = vi.fn();
  const view = render(
    <QueryClientProvider client={signedInQueryClient(aSession(), aWorkspace())}>
      <MemoryRouter>
        <TaskRow
          {...ref}
          name="Write the report"
          hasNotes={false}
          checklist={{ done: 0, total: 0 }}
          label="Work"
          color="#3366ff"
          isDone={isDone}
          today="2026-11-27"
          carriedOver={0}
          deadline={null}
          remindAt={remindAt}
          timeZone="Europe/Warsaw"
          focus={focus}
          estimate={30}
          actualSeconds={0}
          actions={actions}
          playSound={playSound}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const checkbox = () => screen.getByRole('checkbox', { name: 'Write the report' });
  return { ...view, actions, commit, playSound, checkbox };
}

describe('TaskRow', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('shows its project label and the task name', () => {
    renderRow();
    expect(screen.getByText('Work')).toBeInTheDocument();
    expect(screen.getByText('Write the report')).toBeInTheDocument();
  });

  it('shows its estimate as a badge, named for screen readers', () => {
    renderRow();
    expect(screen.getByTitle('Estimate')).toHaveTextContent('Estimate 30 min');
  });

  it('shows where the focus timer is as its list says, and asks the list to start or stop it', () => {
    const { actions, rerender } = renderRow({ focus: 'running' });
    const button = screen.getByRole('button', { name: 'Stop focus on Write the report' });
    expect(button).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(button);
    expect(actions.toggleFocus).toHaveBeenCalledWith({ id: 't1', projectId: 'p1' });
    rerender(<></>);
    renderRow({ focus: 'paused' });
    expect(screen.getByRole('button', { name: 'Resume focus on Write the report' })).toBeVisible();
  });

  it('opens its details through the list', () => {
    const { actions } = renderRow();
    fireEvent.click(screen.getByText('Write the report'));
    expect(actions.open).toHaveBeenCalledWith('t1');
  });

  it('shows its reminder in the time zone its list gives', () => {
    // 08:30 UTC is 09:30 in Warsaw, the day after the row's today.
    renderRow({ remindAt: '2026-11-28T08:30:00.000Z' });
    expect(screen.getByTitle(/^Reminder:/)).toHaveTextContent('Tomorrow 09:30');
  });

  it('keeps the chip of a reminder whose time has passed', () => {
    // 09:30 in Warsaw the day before the row's today: past, the task still open (decision 083).
    renderRow({ remindAt: '2026-11-26T08:30:00.000Z' });
    expect(screen.getByTitle(/^Reminder:/)).toHaveTextContent('Thu 26 Nov 09:30');
  });

  it('checks at once with a sound and sends complete only after 500 ms', () => {
    const { checkbox, commit, playSound } = renderRow();
    fireEvent.click(checkbox());
    expect(checkbox()).toHaveAttribute('aria-checked', 'true');
    expect(playSound).toHaveBeenCalledOnce();

    act(() => vi.advanceTimersByTime(499));
    expect(commit).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(commit).toHaveBeenCalledExactlyOnceWith(ref, 'complete');
  });

  it('sends revert for a completed task after 500 ms, without a sound', () => {
    const { checkbox, commit, playSound } = renderRow({ isDone: true });
    fireEvent.click(checkbox());
    // spec §4: unchecking shows the change only after the delay.
    expect(checkbox()).toHaveAttribute('aria-checked', 'true');
    act(() => vi.advanceTimersByTime(499));
    expect(commit).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(commit).toHaveBeenCalledExactlyOnceWith(ref, 'revert');
    expect(playSound).not.toHaveBeenCalled();
  });

  it('unchecks again when the complete call fails', async () => {
    const commit = vi.fn(() => Promise.reject(new Error('500')));
    const { checkbox } = renderRow({ commit });
    fireEvent.click(checkbox());
    expect(checkbox()).toHaveAttribute('aria-checked', 'true');
    await act(async () => {
      vi.advanceTimersByTime(500);
      await Promise.resolve();
    });
    expect(commit).toHaveBeenCalledOnce();
    expect(checkbox()).toHaveAttribute('aria-checked', 'false');
  });

  it('takes the click back when clicked again inside the 500 ms', () => {
    const { checkbox, commit } = renderRow();
    fireEvent.click(checkbox());
    act(() => vi.advanceTimersByTime(300));
    fireEvent.click(checkbox());
    expect(checkbox()).toHaveAttribute('aria-checked', 'false');
    act(() => vi.advanceTimersByTime(1000));
    expect(commit).not.toHaveBeenCalled();
  });

  it('ignores clicks while the call is on its way', () => {
    const commit = vi.fn(() => new Promise<unknown>(() => {}));
    const { checkbox } = renderRow({ commit });
    fireEvent.click(checkbox());
    act(() => vi.advanceTimersByTime(500));
    fireEvent.click(checkbox());
    act(() => vi.advanceTimersByTime(1000));
    expect(commit).toHaveBeenCalledOnce();
    expect(checkbox()).toHaveAttribute('aria-checked', 'true');
  });

  it('still sends the change when the row goes away inside the 500 ms', () => {
    const { checkbox, commit, unmount } = renderRow();
    fireEvent.click(checkbox());
    unmount();
    expect(commit).toHaveBeenCalledExactlyOnceWith(ref, 'complete');
  });
});
