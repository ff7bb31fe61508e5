import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProjectedFinish } from './projected-finish.tsx';

describe('ProjectedFinish', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-27T14:30:20.000Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('says what is left and when it is done, in the user’s time zone', () => {
    render(<ProjectedFinish minutesLeft={190} unestimated={0} timeZone="Europe/Warsaw" />);
    // 15:30 in Warsaw, plus 3 h 10 min.
    expect(screen.getByText('3 h 10 min left')).toBeInTheDocument();
    expect(screen.getByText('done around 18:40')).toBeInTheDocument();
  });

  it('says which day when the work runs past midnight where the user is', () => {
    // 15:30 in Warsaw: 10 h of work ends at 01:30 there, though it is still the 27th in New York.
    const { rerender } = render(
      <ProjectedFinish minutesLeft={600} unestimated={0} timeZone="Europe/Warsaw" />,
    );
    expect(screen.getByText('done around 01:30 tomorrow')).toBeInTheDocument();
    rerender(<ProjectedFinish minutesLeft={600} unestimated={0} timeZone="America/New_York" />);
    expect(screen.getByText('done around 19:30')).toBeInTheDocument();
    // Friday 27 November: 50 h on is Sunday afternoon, 8 days on a date.
    rerender(<ProjectedFinish minutesLeft={3000} unestimated={0} timeZone="Europe/Warsaw" />);
    expect(screen.getByText('done around 17:30 on Sunday')).toBeInTheDocument();
    rerender(
      <ProjectedFinish minutesLeft={8 * 24 * 60} unestimated={0} timeZone="Europe/Warsaw" />,
    );
    expect(screen.getByText('done around 15:30 on 5 Dec')).toBeInTheDocument();
  });

  it('moves on as time passes, at the turn of each minute', () => {
    render(<ProjectedFinish minutesLeft={30} unestimated={2} timeZone="UTC" />);
    expect(screen.getByText('done around 15:00')).toBeInTheDocument();
    expect(screen.getByText('30 min left (and 2 tasks without an estimate)')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(39_000));
    expect(screen.getByText('done around 15:00')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByText('done around 15:01')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText('done around 15:02')).toBeInTheDocument();
  });

  it('follows the minutes left as tasks are completed, and says nothing once none are', () => {
    const { rerender, container } = render(
      <ProjectedFinish minutesLeft={90} unestimated={0} timeZone="UTC" />,
    );
    expect(screen.getByText('done around 16:00')).toBeInTheDocument();
    rerender(<ProjectedFinish minutesLeft={45} unestimated={0} timeZone="UTC" />);
    expect(screen.getByText('45 min left')).toBeInTheDocument();
    expect(screen.getByText('done around 15:15')).toBeInTheDocument();
    rerender(<ProjectedFinish minutesLeft={0} unestimated={0} timeZone="UTC" />);
    expect(container).toBeEmptyDOMElement();
  });
});
