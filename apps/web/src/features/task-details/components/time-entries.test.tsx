import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TimeEntries } from './time-entries.tsx';

const entry = (id: string, startedAt: string, endedAt: string | null, seconds: number) => ({
  id,
  startedAt,
  endedAt,
  seconds,
});

describe('TimeEntries', () => {
  const entries = [
    entry('paused', '2026-11-28T09:40:00Z', '2026-11-28T09:50:00Z', 600),
    entry('carried', '2026-11-28T09:00:00Z', '2026-11-28T09:20:00Z', 1200),
    entry('earlier', '2026-11-27T15:00:00Z', '2026-11-27T15:30:00Z', 1800),
  ];

  it('offers no delete for the entries the open session carries, and says why', async () => {
    const onDelete = vi.fn();
    const user = userEvent.setup();
    render(<TimeEntries entries={entries} keptIds={['carried']} onDelete={onDelete} />);
    const deletes = screen.getAllByRole('button', { name: /^Delete the entry/ });
    expect(deletes).toHaveLength(2);
    expect(screen.getByText(/can be deleted once the timer stops/)).toBeInTheDocument();
    await user.click(deletes[1]!);
    expect(onDelete).toHaveBeenCalledWith(entries[2]);
  });

  it('offers a delete for every ended entry when no session carries any', () => {
    render(<TimeEntries entries={entries} keptIds={[]} onDelete={vi.fn()} />);
    expect(screen.getAllByRole('button', { name: /^Delete the entry/ })).toHaveLength(3);
    expect(screen.queryByText(/can be deleted once the timer stops/)).toBeNull();
  });
});
