import type { Project } from '@hustle/shared/projects';
import type { Task } from '@hustle/shared/tasks';

export interface ProjectRow {
  id: string;
  name: string;
  color: string | null;
  archived_at: string | null;
  created_at: string;
  updated_at: string;
  owner_workspace_id: string;
  owner_user_id: string;
  owner_email: string;
  /** Workspaces besides the owner's that show the project. */
  member_count: string | number | bigint | null;
}

export const isOwnedBy = (project: ProjectRow, workspaceId: string) =>
  project.owner_workspace_id === workspaceId;

/** A project as one workspace sees it; `shared` is set when someone else owns it (spec §6). */
export function toProject(
  row: ProjectRow,
  viewerWorkspaceId: string,
  tasks: Task[],
  counts: { open: number; completed: number },
): Project {
  return {
    id: row.id,
    workspaceId: viewerWorkspaceId,
    name: row.name,
    color: row.color,
    tasks,
    openTasksCount: counts.open,
    completedTasksCount: counts.completed,
    shared: isOwnedBy(row, viewerWorkspaceId)
      ? null
      : {
          workspaceId: row.owner_workspace_id,
          ownerId: row.owner_user_id,
          ownerEmail: row.owner_email,
        },
    memberCount: isOwnedBy(row, viewerWorkspaceId) ? Number(row.member_count ?? 0) : null,
    archived: row.archived_at !== null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    projectRef: { projectId: row.id, workspaceId: row.owner_workspace_id },
  };
}
