import { useCommandHook } from '../../../sync/outbox/run-command.ts';

export function useRenameProject() {
  return useCommandHook(({ projectId, name }: { projectId: string; name: string }) => ({
    kind: 'renameProject',
    projectId,
    name,
  }));
}

export function useSetProjectColor() {
  return useCommandHook(({ projectId, color }: { projectId: string; color: string }) => ({
    kind: 'setProjectColor',
    projectId,
    color,
  }));
}

/** spec §7 move-project: the project's new index among the workspace's projects. */
export function useMoveProject() {
  return useCommandHook(({ projectId, index }: { projectId: string; index: number }) => ({
    kind: 'moveProject',
    projectId,
    index,
  }));
}

export function useArchiveProject() {
  return useCommandHook(
    ({ projectId }: { projectId: string }) => ({
      kind: 'archiveProject',
      projectId,
    }),
    'Project archived.',
  );
}

/** spec §4: on delete the project is hidden at once (a refusal brings it back, decision 028). */
export function useDeleteProject() {
  return useCommandHook(
    ({ projectId }: { projectId: string }) => ({
      kind: 'deleteProject',
      projectId,
    }),
    'Project deleted.',
  );
}
