import type { FocusState } from '@hustle/shared/focus';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePomodoro } from '../../../stores/focus.ts';
import {
  aTask,
  aWorkspace,
  ok,
  renderWithWorkspace,
  UUID,
} from '../../../test/workspace-fixture.tsx';
import { FocusClock } from './focus-clock.tsx';
import { FocusTimer } from './focus-timer.tsx';

const START = '2026-11-27T10:00:00.000Z';
const focus: FocusState = {
  taskId: 't1',
  entryId: 'e1',
  startedAt: START,
  pausedAt: null,
  carriedSeconds: 0,
  taskName: 'Write the report',
};
const workspace = (state: FocusState | null = focus) =>
  aWorkspace({ tasks: [aTask('t1', { name: 'Write the report' })], focus: state });

describe('FocusTimer', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date(Date.parse(START) + 65_000));
    usePomodoro.setState({ isOn: false, focusMinutes: 25, breakMinutes: 5 });
    document.title = 'Hustle';
  });
  afterEach(() => vi.useRealTimers());

  it('shows nothing without a timer', () => {
    renderWithWorkspace(<FocusTimer />, { workspace: workspace(null) });
    expect(screen.queryByRole('group', { name: /Focus on/ })).toBeNull();
    expect(document.title).toBe('Hustle');
  });

  it('ticks from the stored start, in the bar and the tab title, with an accessible name', () => {
    renderWithWorkspace(<FocusTimer />, { workspace: workspace() });
    expect(screen.getByRole('group', { name: 'Focus on Write the report' })).toBeInTheDocument();
    const clock = screen.getByRole('timer');
    expect(clock).toHaveTextContent('Time spent 1:05');
    // Not a live region: nothing is announced each second.
    expect(clock).not.toHaveAttribute('aria-live');
    expect(document.title).toBe('1:05 · Hustle');
    act(() => vi.advanceTimersByTime(2_000));
    expect(clock).toHaveTextContent('1:07');
    expect(document.title).toBe('1:07 · Hustle');
  });

  it('pauses and stops through the command table', async () => {
    const { mutations } = renderWithWorkspace(<FocusTimer />, {
      workspace: workspace(),
      routes: { 'POST /api/v1/focus/end': ok },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Pause focus' }));
    expect(await screen.findByRole('button', { name: 'Resume focus' })).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('1:05');
    expect(document.title).toBe('⏸ 1:05 · Hustle');
    fireEvent.click(screen.getByRole('button', { name: 'Stop focus' }));
    await vi.waitFor(() => expect(screen.queryByRole('timer')).toBeNull());
    expect(document.title).toBe('Hustle');
    await vi.waitFor(() => expect(mutations().length).toBeGreaterThan(0));
    expect(mutations()[0]!.body).toMatchObject({ entryId: 'e1', pause: true });
  });

  it('resumes a paused session with a new entry', async () => {
    const pausedFocus = { ...focus, startedAt: null, pausedAt: START, carriedSeconds: 300 };
    const { mutations } = renderWithWorkspace(<FocusTimer />, {
      workspace: workspace(pausedFocus),
      routes: { 'POST /api/v1/focus/start': ok },
    });
    expect(screen.getByRole('timer')).toHaveTextContent('5:00');
    fireEvent.click(screen.getByRole('button', { name: 'Resume focus' }));
    await vi.waitFor(() => expect(mutations().length).toBe(1));
    expect(mutations()[0]!.body).toMatchObject({ taskId: 't1', resume: true });
    expect((mutations()[0]!.body as { entryId: string }).entryId).toMatch(UUID);
  });
});

describe('FocusClock', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date(Date.parse(START) + 24 * 60_000 + 58_000));
  });
  afterEach(() => vi.useRealTimers());

  it('ends a Pomodoro period at the instant it ran out, once', async () => {
    const onPeriodOver = vi.fn();
    const { render } = await import('@testing-library/react');
    render(
      <FocusClock
        focus={focus}
        pomodoro={{ isOn: true, focusMinutes: 25, breakMinutes: 5 }}
        onPeriodOver={onPeriodOver}
      />,
    );
    expect(screen.getByRole('timer')).toHaveTextContent('Time left 0:02');
    act(() => vi.advanceTimersByTime(5_000));
    expect(onPeriodOver).toHaveBeenCalledTimes(1);
    expect(onPeriodOver).toHaveBeenCalledWith('2026-11-27T10:25:00.000Z');
  });
});
