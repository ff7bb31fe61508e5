import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TaskRow, TaskRowCheckButton, TaskRowName } from './task-row.tsx';

function renderRow({ isLifted }: { isLifted: boolean }) {
  return render(
    <TaskRow
      density="roomy"
      taskId="t1"
      color="#3366ff"
      isChecked={false}
      isLifted={isLifted}
      check={
        <TaskRowCheckButton
          name="Pay rent"
          isChecked={false}
          isLifted={isLifted}
          onClick={vi.fn()}
        />
      }
      label="Home"
      name={<TaskRowName>Pay rent</TaskRowName>}
    />,
  );
}

describe('TaskRow', () => {
  it('is a row the keys reach: marked as a task row, its box the focus target', () => {
    const { container } = renderRow({ isLifted: false });
    const row = container.querySelector('[data-task-id="t1"]');
    expect(row).toHaveAttribute('data-task-row', '');
    const box = screen.getByRole('checkbox', { name: 'Pay rent' });
    expect(box).toHaveAttribute('data-row-focus', '');
    expect(box).toBeEnabled();
    expect(row).toHaveTextContent('HomePay rent');
  });

  it('as the lifted copy of a drag, is no row to move focus to', () => {
    const { container } = renderRow({ isLifted: true });
    const row = container.querySelector('[data-task-id="t1"]');
    expect(row).not.toHaveAttribute('data-task-row');
    const box = screen.getByRole('checkbox', { name: 'Pay rent' });
    expect(box).not.toHaveAttribute('data-row-focus');
    expect(box).toBeDisabled();
    expect(box).toHaveAttribute('tabindex', '-1');
  });
});
