import type { Db } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import { keyBetween } from '../../lib/ordering.ts';
import type { SessionContext } from '../auth/auth.service.ts';
import * as changeLog from './change-log.repository.ts';
import type { RestorableTable, UndoSnapshot, UnitOfWork } from './unit-of-work.ts';
import * as undoJournal from './undo-journal.repository.ts';
import * as repo from './workspaces.repository.ts';

/** A workspace id in a request must be the caller's own; any other is "not found" (ARCHITECTURE §4). */
export function requireOwnWorkspace(
  session: SessionContext,
  workspaceId: string | null | undefined,
): string {
  if (workspaceId != null && workspaceId !== session.workspaceId) throw notFound('Workspace');
  return session.workspaceId;
}

/** Every workspace the project shows in: its owner's and its members'. */
export const workspacesShowingProject = (trx: Db, projectId: string): Promise<string[]> =>
  repo.workspacesShowingProject(trx, projectId);

/** Whether a project shows in the workspace, and whether it is archived. */
export const findMembership = (trx: Db, workspaceId: string, projectId: string) =>
  repo.findMembership(trx, workspaceId, projectId);

/** `findMembership`, with every workspace that shows the project, in one read. */
export const findMembershipAndShowing = (trx: Db, workspaceId: string, projectId: string) =>
  repo.findMembershipAndShowing(trx, workspaceId, projectId);

/**
 * Whether a client-made id (decision 021) is used already: by a task or a project, anyone's, or
 * by one deleted within the change log's retention.
 */
export const isIdUsed = (trx: Db, id: string): Promise<boolean> => repo.isIdUsed(trx, id);

export async function currentVersion(trx: Db, workspaceId: string) {
  return (await repo.findVersion(trx, workspaceId)) ?? null;
}

/** The position of the last project in a workspace's order. */
export const lastProjectPosition = (trx: Db, workspaceId: string) =>
  repo.edgeProjectPosition(trx, workspaceId, 'last');

/** Shows a project in a workspace, first or last in its order (create, join). */
export async function addMembership(
  uow: UnitOfWork,
  workspaceId: string,
  projectId: string,
  edge: 'first' | 'last',
): Promise<void> {
  const neighbour = await repo.edgeProjectPosition(uow.trx, workspaceId, edge);
  await repo.insertMembership(uow.trx, {
    workspace_id: workspaceId,
    project_id: projectId,
    position: edge === 'first' ? keyBetween(null, neighbour) : keyBetween(neighbour, null),
    joined_at: uow.now,
  });
  uow.changed([workspaceId], 'membership', projectId);
}

export async function removeMembership(
  uow: UnitOfWork,
  workspaceId: string,
  projectId: string,
): Promise<void> {
  await repo.deleteMembership(uow.trx, workspaceId, projectId);
  uow.changed([workspaceId], 'membership', projectId, 'delete');
}

/** spec §4: a drag from old index to new index among the active projects; one row written. */
export async function moveMembership(
  uow: UnitOfWork,
  workspaceId: string,
  projectId: string,
  index: number,
): Promise<void> {
  const keys = await repo.activeProjectKeys(uow.trx, workspaceId);
  if (!keys.some((key) => key.projectId === projectId)) throw notFound('Project');
  const others = keys.filter((key) => key.projectId !== projectId);
  const at = Math.min(index, others.length);
  const position = keyBetween(others[at - 1]?.position, others[at]?.position);
  await repo.setProjectPosition(uow.trx, workspaceId, projectId, position);
  uow.changed([workspaceId], 'membership', projectId);
}

export type ChangeRow = Awaited<ReturnType<typeof changeLog.changesBetween>>[number];

export type ChangesSince =
  | { kind: 'changes'; version: number; more: boolean; changes: ChangeRow[] }
  | { kind: 'snapshot'; version: number; reason: 'too-old' | 'unknown-version' };

/**
 * One page of the workspace's change log after `since` (decision 020). A page ends on a whole
 * version, so its `version` is a cursor that never splits a command; a command bigger than a page
 * comes whole. The log holds every version since it began, so a missing `since + 1` means pruned.
 */
export async function changesSince(
  trx: Db,
  workspaceId: string,
  since: number,
  pageSize: number,
): Promise<ChangesSince> {
  const current = await repo.findVersion(trx, workspaceId);
  if (!current) throw notFound('Workspace');
  const { version } = current;
  if (since > version) return { kind: 'snapshot', version, reason: 'unknown-version' };
  if (since === version) return { kind: 'changes', version, more: false, changes: [] };
  if (!(await changeLog.hasChangesAt(trx, workspaceId, since + 1))) {
    return { kind: 'snapshot', version, reason: 'too-old' };
  }
  const rows = await changeLog.changesBetween(trx, workspaceId, since, version, pageSize + 1);
  if (rows.length <= pageSize) return { kind: 'changes', version, more: false, changes: rows };
  const last = rows.at(-1)!.version;
  const whole = rows.filter((row) => row.version < last);
  if (whole.length > 0) {
    return { kind: 'changes', version: whole.at(-1)!.version, more: true, changes: whole };
  }
  const oneCommand = await changeLog.changesBetween(trx, workspaceId, since, last);
  return { kind: 'changes', version: last, more: last < version, changes: oneCommand };
}

/**
 * Whole rows as a command finds them before it removes or changes them, for its undo
 * (decision 025): `select *`, so columns other modules add later are kept too.
 */
export const captureRows = (
  trx: Db,
  table: RestorableTable,
  column: string,
  values: readonly string[],
) => undoJournal.selectRows(trx, table, column, values);

/** Puts captured rows back as they were. The undo decides which still may come back. */
export const restoreRows = (
  trx: Db,
  table: RestorableTable,
  rows: readonly Record<string, unknown>[],
) => undoJournal.insertRows(trx, table, rows);

/**
 * The undo token of the user's delete of this task, while it can still be undone: the delete's
 * snapshot holds the task's row first.
 */
export async function undoableDeleteOf(
  trx: Db,
  who: { userId: string; workspaceId: string },
  taskId: string,
  now: string,
): Promise<string | undefined> {
  const entries = await undoJournal.openEntriesMentioning(
    trx,
    { ...who, kind: 'deleteTask' },
    taskId,
    now,
  );
  const deletes = (entry: { snapshot: string }) =>
    (JSON.parse(entry.snapshot) as UndoSnapshot).rows.tasks?.[0]?.id === taskId;
  return entries.find(deletes)?.id;
}

/** An undoable command's entry, whoever's: the caller checks it is theirs. */
export const findUndoEntry = (trx: Db, token: string) => undoJournal.findEntry(trx, token);
export const markUndone = (trx: Db, token: string, at: string) =>
  undoJournal.markUndone(trx, token, at);
