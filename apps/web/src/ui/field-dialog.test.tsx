import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FieldDialog, type CheckedField } from './field-dialog.tsx';

const minutes = (text: string): CheckedField<number> =>
  text === ''
    ? { value: null, error: null }
    : /^\d+$/.test(text)
      ? { value: Number(text), error: null }
      : { value: null, error: 'Type minutes.' };

function renderDialog(current: number | null) {
  const onSave = vi.fn();
  const onClose = vi.fn();
  render(
    <FieldDialog
      title="Estimate"
      label="How long?"
      current={current}
      text={current === null ? '' : String(current)}
      check={minutes}
      clearLabel="Clear estimate"
      onSave={onSave}
      onClose={onClose}
      field={{ hint: 'Minutes.' }}
    />,
  );
  return { onSave, onClose, field: screen.getByRole('textbox', { name: 'How long?' }) };
}

describe('FieldDialog', () => {
  it('shows why the text cannot be saved, keeps the dialog, and drops the message on typing', async () => {
    const user = userEvent.setup();
    const { onSave, onClose, field } = renderDialog(null);
    await user.type(field, 'soon{Enter}');
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Type minutes.'));
    expect(onSave).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();

    await user.clear(field);
    expect(screen.queryByText('Type minutes.')).toBeNull();
    await user.type(field, '45{Enter}');
    expect(onSave).toHaveBeenCalledWith(45);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('saves nothing when the value did not change, and offers clearing a value it has', async () => {
    const user = userEvent.setup();
    const unchanged = renderDialog(30);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(unchanged.onSave).not.toHaveBeenCalled();
    expect(unchanged.onClose).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Clear estimate' }));
    expect(unchanged.onSave).toHaveBeenCalledWith(null);
  });

  it('offers no clearing when there is nothing to clear', () => {
    renderDialog(null);
    expect(screen.queryByRole('button', { name: 'Clear estimate' })).toBeNull();
  });
});
