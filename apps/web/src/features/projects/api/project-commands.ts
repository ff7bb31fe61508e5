import { OkResponseSchema } from '@hustle/shared/tasks';
import { apiRequest } from '../../../api/http-client.ts';
import { useWorkspaceMutation } from '../../workspaces/api/use-workspace-mutation.ts';
import {
  archiveProject,
  moveProject,
  removeProject,
  updateProject,
} from '../../workspaces/model/workspace-updates.ts';

const projectPath = (projectId: string, action = '') =>
  `/api/v1/projects/${encodeURIComponent(projectId)}${action ? `/${action}` : ''}`;

export function useRenameProject() {
  return useWorkspaceMutation<{ projectId: string; name: string }>({
    mutationFn: ({ projectId, name }, workspaceId) =>
      apiRequest(projectPath(projectId, 'rename'), {
        method: 'PUT',
        body: { workspaceId, name },
        schema: OkResponseSchema,
      }),
    optimistic: (workspace, { projectId, name }) =>
      updateProject(workspace, projectId, (p) => ({ ...p, name })),
    failureMessage: 'The project could not be renamed.',
  });
}

export function useSetProjectColor() {
  return useWorkspaceMutation<{ projectId: string; color: string }>({
    mutationFn: ({ projectId, color }, workspaceId) =>
      apiRequest(projectPath(projectId, 'color'), {
        method: 'PUT',
        body: { workspaceId, color },
        schema: OkResponseSchema,
      }),
    optimistic: (workspace, { projectId, color }) =>
      updateProject(workspace, projectId, (p) => ({ ...p, color })),
    failureMessage: 'The colour could not be changed.',
  });
}

/** spec §7 move-project: the project's new index among the workspace's projects. */
export function useMoveProject() {
  return useWorkspaceMutation<{ projectId: string; index: number }>({
    mutationFn: ({ projectId, index }, workspaceId) =>
      apiRequest(`/api/v1/workspaces/${encodeURIComponent(workspaceId)}/move-project`, {
        method: 'PUT',
        body: { projectId, index },
        schema: OkResponseSchema,
      }),
    optimistic: (workspace, { projectId, index }) => moveProject(workspace, projectId, index),
    failureMessage: 'The new order could not be saved.',
  });
}

export function useArchiveProject() {
  return useWorkspaceMutation<{ projectId: string }>({
    mutationFn: ({ projectId }, workspaceId) =>
      apiRequest(projectPath(projectId, 'archive'), {
        method: 'POST',
        body: { workspaceId },
        schema: OkResponseSchema,
      }),
    optimistic: (workspace, { projectId }) => archiveProject(workspace, projectId),
    failureMessage: 'The project could not be archived.',
  });
}

/** spec §4: on delete the project is hidden at once and returns if deletion fails. */
export function useDeleteProject() {
  return useWorkspaceMutation<{ projectId: string }>({
    mutationFn: ({ projectId }) =>
      apiRequest(projectPath(projectId), { method: 'DELETE', schema: OkResponseSchema }),
    optimistic: (workspace, { projectId }) => removeProject(workspace, projectId),
    failureMessage: 'The project could not be deleted.',
  });
}
