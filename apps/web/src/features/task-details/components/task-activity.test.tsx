import { render, screen, within } from '@testing-library/react';
import type { TaskActivityEntry } from '@hustle/shared/task-details';
import { describe, expect, it } from 'vitest';
import { ActivityList, activityText } from './task-activity.tsx';

const NOW = new Date('2026-11-28T12:00:00Z').getTime();
const HOUR = 3_600_000;
const at = (msAgo: number) => new Date(NOW - msAgo).toISOString();

describe('task activity', () => {
  const entries: TaskActivityEntry[] = [
    { userId: 'me', who: 'me@example.com', kind: 'notes', at: at(30_000) },
    { userId: 'anna', who: 'anna@example.com', kind: 'completed', at: at(2 * HOUR) },
    { userId: 'bob', who: null, kind: 'renamed', at: at(5 * 60_000) },
    { userId: 'anna', who: 'anna@example.com', kind: 'created', at: at(3 * 24 * HOUR) },
  ];

  it('says who did what and how long ago, "You" for the caller, newest first', () => {
    render(<ActivityList entries={entries} myUserId="me" now={NOW} />);
    const list = screen.getByRole('list', { name: 'Changes, newest first' });
    const rows = within(list)
      .getAllByRole('listitem')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'You edited the notes·just now',
      'anna@example.com completed this·2 h ago',
      'A member renamed this·5 min ago',
      'anna@example.com created this·25 November 2026',
    ]);
    const time = within(list).getByText('2 h ago');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('dateTime', entries[1]!.at);
  });

  it('hides the separator from screen readers and names an unknown person plainly', () => {
    render(<ActivityList entries={entries.slice(2, 3)} myUserId={undefined} now={NOW} />);
    expect(screen.getByText('·')).toHaveAttribute('aria-hidden', 'true');
    expect(activityText(entries[0]!, undefined)).toBe('me@example.com edited the notes');
  });

  it('says so when no one has changed the task yet', () => {
    render(<ActivityList entries={[]} myUserId="me" now={NOW} />);
    expect(screen.getByText('No changes by anyone yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
  });
});
