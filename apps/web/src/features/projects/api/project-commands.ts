import type { UndoableResponse } from '@hustle/shared/undo';
import { api } from '../../../api/api-client.ts';
import { useWorkspaceMutation } from '../../workspaces/api/use-workspace-mutation.ts';
import {
  archiveProject,
  moveProject,
  removeProject,
  updateProject,
} from '../../workspaces/model/workspace-updates.ts';

export function useRenameProject() {
  return useWorkspaceMutation<{ projectId: string; name: string }>({
    mutationFn: ({ projectId, name }, workspaceId) =>
      api.renameProject({ params: { id: projectId }, body: { workspaceId, name } }),
    optimistic: (workspace, { projectId, name }) =>
      updateProject(workspace, projectId, (p) => ({ ...p, name })),
    failureMessage: 'The project could not be renamed.',
  });
}

export function useSetProjectColor() {
  return useWorkspaceMutation<{ projectId: string; color: string }>({
    mutationFn: ({ projectId, color }, workspaceId) =>
      api.setProjectColor({ params: { id: projectId }, body: { workspaceId, color } }),
    optimistic: (workspace, { projectId, color }) =>
      updateProject(workspace, projectId, (p) => ({ ...p, color })),
    failureMessage: 'The colour could not be changed.',
  });
}

/** spec §7 move-project: the project's new index among the workspace's projects. */
export function useMoveProject() {
  return useWorkspaceMutation<{ projectId: string; index: number }>({
    mutationFn: ({ projectId, index }, workspaceId) =>
      api.moveProject({ params: { id: workspaceId }, body: { projectId, index } }),
    optimistic: (workspace, { projectId, index }) => moveProject(workspace, projectId, index),
    failureMessage: 'The new order could not be saved.',
  });
}

export function useArchiveProject() {
  return useWorkspaceMutation<{ projectId: string }, UndoableResponse>({
    mutationFn: ({ projectId }, workspaceId) =>
      api.archiveProject({ params: { id: projectId }, body: { workspaceId } }),
    optimistic: (workspace, { projectId }) => archiveProject(workspace, projectId),
    failureMessage: 'The project could not be archived.',
    undoMessage: 'Project archived.',
  });
}

/** spec §4: on delete the project is hidden at once and returns if deletion fails. */
export function useDeleteProject() {
  return useWorkspaceMutation<{ projectId: string }, UndoableResponse>({
    mutationFn: ({ projectId }) => api.deleteProject({ params: { id: projectId } }),
    optimistic: (workspace, { projectId }) => removeProject(workspace, projectId),
    failureMessage: 'The project could not be deleted.',
    undoMessage: 'Project deleted.',
  });
}
