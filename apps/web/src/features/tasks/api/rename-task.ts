import { useCommandHook } from '../../../sync/outbox/run-command.ts';

export function useRenameTask() {
  return useCommandHook(
    ({ taskId, projectId, name }: { taskId: string; projectId: string | null; name: string }) => ({
      kind: 'renameTask',
      taskId,
      projectId,
      name,
    }),
  );
}
