import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FinishDayDialog } from './finish-day-dialog.tsx';
import type { DayTask } from '../model/day-summary.ts';

const task = (id: string, name: string, extra: Partial<DayTask> = {}): DayTask => ({
  id,
  name,
  label: 'Home',
  completedAt: null,
  estimate: null,
  actualSeconds: 0,
  ...extra,
});

function renderDialog(extra: { open?: DayTask[]; completed?: DayTask[] } = {}) {
  const onFinish = vi.fn();
  const onClose = vi.fn();
  render(
    <FinishDayDialog
      day="2026-11-27"
      timeZone="Europe/Warsaw"
      open={extra.open ?? [task('a', 'Write report'), task('b', 'Call Ann')]}
      completed={
        extra.completed ?? [
          task('c', 'Pay bills', {
            completedAt: '2026-11-27T09:00:00.000Z',
            estimate: 30,
            actualSeconds: 45 * 60,
          }),
          task('d', 'Shop', { completedAt: '2026-11-27T12:00:00.000Z', estimate: 60 }),
          // Completed yesterday where the user is: not today's work.
          task('e', 'Old', { completedAt: '2026-11-26T20:00:00.000Z', estimate: 60 }),
        ]
      }
      onFinish={onFinish}
      onClose={onClose}
    />,
  );
  return { onFinish, onClose, dialog: screen.getByRole('dialog', { name: 'Finish the day' }) };
}

describe('FinishDayDialog', () => {
  it('shows the day’s work and carries every unfinished task to tomorrow by default', async () => {
    const user = userEvent.setup();
    const { onFinish, onClose, dialog } = renderDialog();
    expect(
      within(dialog).getByText('2 tasks done · 45 min spent of 1 h 30 min estimated'),
    ).toBeVisible();
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Note for tomorrow' }),
      '  Report first  ',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Finish the day' }));
    expect(onFinish).toHaveBeenCalledWith({
      note: 'Report first',
      moves: [
        { taskId: 'a', to: '2026-11-28' },
        { taskId: 'b', to: '2026-11-28' },
      ],
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('sends a task back to the inbox or to a day picked, by keyboard', async () => {
    const user = userEvent.setup();
    const { onFinish, dialog } = renderDialog();
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Where “Write report” goes' }),
      'Back to the inbox',
    );
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Where “Call Ann” goes' }),
      'Another day',
    );
    const day = within(dialog).getByLabelText('Day for “Call Ann”');
    expect(day).toHaveValue('2026-11-29');
    await user.clear(day);
    await user.type(day, '2026-12-03');
    await user.click(within(dialog).getByRole('button', { name: 'Finish the day' }));
    expect(onFinish).toHaveBeenCalledWith({
      note: '',
      moves: [
        { taskId: 'a', to: null },
        { taskId: 'b', to: '2026-12-03' },
      ],
    });
  });

  it('refuses a day not after today, saying why, and finishes nothing', async () => {
    const user = userEvent.setup();
    const { onFinish, onClose, dialog } = renderDialog({ open: [task('a', 'Write report')] });
    await user.selectOptions(within(dialog).getByRole('combobox'), 'Another day');
    await user.clear(within(dialog).getByLabelText('Day for “Write report”'));
    await user.click(within(dialog).getByRole('button', { name: 'Finish the day' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Pick a day after today.');
    expect(onFinish).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says when nothing was done and nothing is left', () => {
    const { dialog } = renderDialog({ open: [], completed: [] });
    expect(within(dialog).getByText('Nothing completed today.')).toBeVisible();
    expect(
      within(dialog).getByText('Nothing left over. Everything planned is done.'),
    ).toBeVisible();
  });
});
