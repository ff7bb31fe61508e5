import { notFound } from '../../lib/errors.ts';
import type { SessionContext } from '../auth/auth.service.ts';

/** A workspace id in a request must be the caller's own; any other is "not found" (ARCHITECTURE §4). */
export function requireOwnWorkspace(
  session: SessionContext,
  workspaceId: string | undefined,
): string {
  if (workspaceId !== undefined && workspaceId !== session.workspaceId) throw notFound('Workspace');
  return session.workspaceId;
}
