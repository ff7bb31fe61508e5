import type { QueryStatus } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useWorkspaceShown, WorkspaceGate } from './workspace-gate.tsx';

const query = (
  status: QueryStatus,
  overrides: { error?: Error; failureCount?: number; isRefetchError?: boolean } = {},
) => ({
  status,
  error: overrides.error ?? null,
  failureCount: overrides.failureCount ?? 0,
  isRefetchError: overrides.isRefetchError ?? false,
  refetch: vi.fn(),
});

describe('WorkspaceGate', () => {
  it('shows a loader while the workspace loads', () => {
    render(<WorkspaceGate query={query('pending')}>Workspace</WorkspaceGate>);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByText('Workspace')).not.toBeInTheDocument();
  });

  it('says that it is trying again after a failed attempt', () => {
    render(<WorkspaceGate query={query('pending', { failureCount: 1 })}>Workspace</WorkspaceGate>);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Could not load your workspace yet. Trying again…',
    );
  });

  it('shows the Polish failure text followed by the error, and can try again', async () => {
    const failed = query('error', { error: new Error('Not found') });
    render(<WorkspaceGate query={failed}>Workspace</WorkspaceGate>);
    expect(screen.getByRole('alert').textContent).toBe('Nieznany błąd aplikacji: Not found');

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(failed.refetch).toHaveBeenCalledOnce();
  });

  it('shows the workspace once it loaded', () => {
    render(<WorkspaceGate query={query('success')}>Workspace</WorkspaceGate>);
    expect(screen.getByText('Workspace')).toBeInTheDocument();
  });

  it('shows a workspace at hand when the screen mounts at once, and one that arrives later after it', async () => {
    function Screen({ status }: { status: QueryStatus }) {
      const shown = query(status);
      const isShown = useWorkspaceShown(shown);
      return (
        <WorkspaceGate query={shown} isShown={isShown}>
          Workspace
        </WorkspaceGate>
      );
    }
    const { unmount } = render(<Screen status="success" />);
    expect(screen.getByText('Workspace')).toBeInTheDocument();
    unmount();

    const { rerender } = render(<Screen status="pending" />);
    rerender(<Screen status="success" />);
    expect(await screen.findByText('Workspace')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows the word error for a status it does not know', () => {
    const unknown = 'paused' as unknown as QueryStatus; // deliberately outside the type
    render(<WorkspaceGate query={query(unknown)}>Workspace</WorkspaceGate>);
    expect(screen.getByRole('alert').textContent).toBe('error');
  });

  it('keeps the workspace at hand on screen when reading it again failed (offline)', () => {
    const failed = query('error', { error: new Error('offline'), isRefetchError: true });
    render(<WorkspaceGate query={failed}>Workspace</WorkspaceGate>);
    expect(screen.getByText('Workspace')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
