import { useCommandHook } from '../../../sync/outbox/run-command.ts';

/** Issue 31 item 4: a task to another project, or to the inbox (null); undoable. */
export function useMoveTask(undoMessage = 'Task moved.') {
  return useCommandHook(
    ({
      taskId,
      projectId,
      toProjectId,
    }: {
      taskId: string;
      projectId: string | null;
      toProjectId: string | null;
    }) => ({ kind: 'moveTaskToProject', taskId, projectId, toProjectId }),
    undoMessage,
  );
}

/** Issue 31 item 5: a task right after another of its project, or first (null). */
export function useReorderProjectTask() {
  return useCommandHook(
    ({
      taskId,
      projectId,
      afterTaskId,
    }: {
      taskId: string;
      projectId: string;
      afterTaskId: string | null;
    }) => ({ kind: 'reorderProjectTask', taskId, projectId, afterTaskId }),
  );
}
