import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EstimateField } from './estimate-field.tsx';

describe('EstimateField', () => {
  it('shows the estimate, saves a new one on Enter and clears it when emptied', async () => {
    const onSave = vi.fn();
    const user = userEvent.setup();
    render(<EstimateField estimate={90} isReadOnly={false} onSave={onSave} />);
    const field = screen.getByRole('textbox', { name: 'Estimate' });
    expect(field).toHaveValue('1 h 30 min');
    await user.clear(field);
    await user.type(field, '45{Enter}');
    expect(onSave).toHaveBeenLastCalledWith(45);
    expect(field).toHaveValue('45 min');
    await user.clear(field);
    await user.tab();
    expect(onSave).toHaveBeenLastCalledWith(null);
  });

  it('says why an estimate out of range is refused, and sends nothing', async () => {
    const onSave = vi.fn();
    const user = userEvent.setup();
    render(<EstimateField estimate={null} isReadOnly={false} onSave={onSave} />);
    await user.type(screen.getByRole('textbox', { name: 'Estimate' }), '9h{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent(/from 5 minutes to 8 hours/);
    expect(onSave).not.toHaveBeenCalled();
  });
});
