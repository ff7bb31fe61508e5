import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog.tsx';

describe('ConfirmDialog', () => {
  it('offers Cancel first, focused, and Cancel changes nothing', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    render(
      <ConfirmDialog title="Delete project" confirmLabel="Delete" {...{ onConfirm, onClose }}>
        <p>
          Delete <strong>Garden</strong>?
        </p>
      </ConfirmDialog>,
    );

    const dialog = screen.getByRole('dialog', { name: 'Delete project' });
    expect(dialog).toHaveTextContent('Delete Garden?');
    const buttons = screen.getAllByRole('button').filter((button) => button.textContent !== '');
    expect(buttons.map((button) => button.textContent)).toEqual(['Cancel', 'Delete']);
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('closes, then runs the action, when confirmed', async () => {
    const user = userEvent.setup();
    const calls: string[] = [];
    render(
      <ConfirmDialog
        title="Leave project"
        confirmLabel="Leave project"
        onConfirm={() => calls.push('confirm')}
        onClose={() => calls.push('close')}
      >
        <p>Leave?</p>
      </ConfirmDialog>,
    );

    await user.click(screen.getByRole('button', { name: 'Leave project' }));
    expect(calls).toEqual(['close', 'confirm']);
  });

  it('waits for its condition, then stays open while the action runs', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    const { rerender } = render(
      <ConfirmDialog
        title="Delete your account?"
        confirmLabel="Delete account"
        isConfirmDisabled
        staysOpenOnConfirm
        {...{ onConfirm, onClose }}
      >
        <input aria-label="Type to confirm" />
      </ConfirmDialog>,
    );
    const confirm = screen.getByRole('button', { name: 'Delete account' });
    expect(confirm).toBeDisabled();
    await user.type(screen.getByLabelText('Type to confirm'), 'x{Enter}');
    expect(onConfirm).not.toHaveBeenCalled();

    rerender(
      <ConfirmDialog
        title="Delete your account?"
        confirmLabel="Delete account"
        staysOpenOnConfirm
        {...{ onConfirm, onClose }}
      >
        <input aria-label="Type to confirm" />
      </ConfirmDialog>,
    );
    await user.type(screen.getByLabelText('Type to confirm'), '{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
  });
});
