import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAppUpdate } from './app-update.ts';
import { UpdatePrompt } from './update-prompt.tsx';

describe('UpdatePrompt', () => {
  afterEach(() => useAppUpdate.setState({ isAvailable: false }));

  it('shows nothing until a new version waits, then reloads into it only when asked', async () => {
    const apply = vi.fn();
    render(<UpdatePrompt />);
    expect(screen.queryByText('Update available')).not.toBeInTheDocument();

    useAppUpdate.setState({ isAvailable: true, apply });
    expect(await screen.findByText('Update available')).toBeVisible();
    expect(apply).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(apply).toHaveBeenCalledOnce();
  });

  it('goes away for now with Later', async () => {
    useAppUpdate.setState({ isAvailable: true });
    render(<UpdatePrompt />);
    await userEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByText('Update available')).not.toBeInTheDocument();
  });
});
