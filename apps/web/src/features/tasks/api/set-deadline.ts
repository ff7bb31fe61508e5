import { useCommandHook } from '../../../sync/outbox/run-command.ts';

/** Issue 29: a task's deadline, 'YYYY-MM-DD', or null to clear it. */
export function useSetDeadline() {
  return useCommandHook(
    ({
      taskId,
      projectId,
      deadline,
    }: {
      taskId: string;
      projectId: string | null;
      deadline: string | null;
    }) => ({ kind: 'setTaskDeadline', taskId, projectId, deadline }),
  );
}
