import type { QueryStatus } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WorkspaceGate } from './workspace-gate.tsx';

describe('WorkspaceGate', () => {
  it('shows a loader while the workspace loads', () => {
    render(
      <WorkspaceGate status="pending" error={null}>
        Workspace
      </WorkspaceGate>,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(screen.queryByText('Workspace')).not.toBeInTheDocument();
  });

  it('shows the Polish failure text followed by the error', () => {
    render(
      <WorkspaceGate status="error" error={new Error('Not found')}>
        Workspace
      </WorkspaceGate>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Nieznany błąd aplikacji: Not found');
  });

  it('shows the workspace once it loaded', () => {
    render(
      <WorkspaceGate status="success" error={null}>
        Workspace
      </WorkspaceGate>,
    );
    expect(screen.getByText('Workspace')).toBeInTheDocument();
  });

  it('shows the word error for a status it does not know', () => {
    const unknown = 'paused' as unknown as QueryStatus; // deliberately outside the type
    render(
      <WorkspaceGate status={unknown} error={null}>
        Workspace
      </WorkspaceGate>,
    );
    expect(screen.getByRole('alert').textContent).toBe('error');
  });
});
