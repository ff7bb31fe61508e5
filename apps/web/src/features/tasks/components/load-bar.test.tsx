import { loadOf } from '@hustle/shared/estimates';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DayLoadText, LoadBar } from './load-bar.tsx';

const tasks = (...estimates: (number | null)[]) =>
  estimates.map((estimate) => ({ estimate, done: false }));

describe('LoadBar', () => {
  it('shows the planned total against the day’s capacity, with no warning when it fits', () => {
    render(<LoadBar load={loadOf(tasks(90, 60, null), 360)} label="Today’s load" />);
    const region = screen.getByRole('region', { name: 'Today’s load' });
    expect(region).toHaveTextContent('2 h 30 min planned of 6 h · 1 task without an estimate');
    expect(region).not.toHaveTextContent('more than');
  });

  it('warns in plain words when the day is planned past its capacity', () => {
    render(<LoadBar load={loadOf(tasks(480, 30), 360)} label="Today’s load" />);
    expect(screen.getByText('2 h 30 min more than your 6 h day')).toBeInTheDocument();
    expect(screen.getByRole('region')).toHaveTextContent('8 h 30 min planned of 6 h');
  });

  it('counts completed tasks for nothing, and names a day off', () => {
    const load = loadOf([{ estimate: 120, done: true }, ...tasks(30)], 0);
    render(<LoadBar load={load} label="Saturday’s load" />);
    expect(screen.getByText('30 min planned on your day off')).toBeInTheDocument();
  });
});

describe('DayLoadText', () => {
  it('says a day’s load in few words, and the warning to screen readers', () => {
    const { rerender } = render(<DayLoadText load={loadOf(tasks(190), 360)} />);
    expect(screen.getByText('3 h 10 min of 6 h')).toBeInTheDocument();
    rerender(<DayLoadText load={loadOf(tasks(400), 360)} />);
    expect(screen.getByText(/^6 h 40 min of 6 h/)).toHaveTextContent(
      '6 h 40 min of 6 h, 40 min more than your 6 h day',
    );
  });
});
