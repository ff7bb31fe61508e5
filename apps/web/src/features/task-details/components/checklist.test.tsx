import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChecklistItem } from '@hustle/shared/task-details';
import { describe, expect, it, vi } from 'vitest';
import { Checklist, type ChecklistActions } from './checklist.tsx';

const items: ChecklistItem[] = ['Eggs', 'Milk', 'Bread'].map((name, at) => ({
  id: `i${at}`,
  name,
  done: false,
}));

function actionsSpy(): ChecklistActions {
  return {
    add: vi.fn(),
    check: vi.fn(),
    rename: vi.fn(),
    move: vi.fn(),
    remove: vi.fn(),
    makeTask: vi.fn(),
  };
}

describe('a checklist’s order by keyboard (issue 31)', () => {
  it('moves an item up with Alt+↑ after the item above it, and says where it went', async () => {
    const user = userEvent.setup();
    const actions = actionsSpy();
    render(<Checklist items={items} actions={actions} isReadOnly={false} />);
    screen.getByRole('checkbox', { name: 'Bread' }).focus();

    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');

    expect(actions.move).toHaveBeenCalledWith('i2', 'i0');
    expect(screen.getByText('Bread moved to position 2 of 3.')).toBeInTheDocument();
  });

  it('a second Alt+↑ before the list shows the first moves on from it, to the top', async () => {
    const user = userEvent.setup();
    const actions = actionsSpy();
    // The items never change here: the task's details have not shown the first move yet.
    render(<Checklist items={items} actions={actions} isReadOnly={false} />);
    screen.getByRole('checkbox', { name: 'Bread' }).focus();

    await user.keyboard('{Alt>}{ArrowUp}{/Alt}{Alt>}{ArrowUp}{/Alt}');

    expect(vi.mocked(actions.move).mock.calls).toEqual([
      ['i2', 'i0'],
      ['i2', null],
    ]);
    expect(screen.getByText('Bread moved to position 1 of 3.')).toBeInTheDocument();
  });
});
