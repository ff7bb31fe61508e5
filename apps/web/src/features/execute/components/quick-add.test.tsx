import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { aSession, signedInQueryClient } from '../../../test/workspace-fixture.tsx';
import { QuickAdd } from './quick-add.tsx';

const inSession = (ui: ReactNode) => (
  <QueryClientProvider client={signedInQueryClient(aSession())}>{ui}</QueryClientProvider>
);

describe('QuickAdd', () => {
  it('opens a focused field, adds what is typed and stays open for the next task', async () => {
    const user = userEvent.setup();
    const onAdd = vi.fn(() => Promise.resolve());
    render(inSession(<QuickAdd onAdd={onAdd} />));

    await user.click(screen.getByRole('button', { name: '+ Quick Add' }));
    const field = screen.getByRole('textbox', { name: 'Quick Add' });
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('placeholder', 'Add task...');

    await user.keyboard('Buy milk{Enter}');
    expect(onAdd).toHaveBeenCalledWith(['Buy milk']);
    expect(screen.getByRole('textbox', { name: 'Quick Add' })).toBe(field);
  });

  it('closes on Escape and gives focus back to the button', async () => {
    const user = userEvent.setup();
    render(inSession(<QuickAdd onAdd={() => Promise.resolve()} />));
    await user.click(screen.getByRole('button', { name: '+ Quick Add' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Quick Add' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '+ Quick Add' })).toHaveFocus();
  });
});
