import { useCommandHook } from '../../../sync/outbox/run-command.ts';

/** Issue 30: a task's reminder, an instant in UTC, or null to clear it (decision 080). */
export function useSetReminder() {
  return useCommandHook(
    ({
      taskId,
      projectId,
      remindAt,
    }: {
      taskId: string;
      projectId: string | null;
      remindAt: string | null;
    }) => ({ kind: 'setTaskReminder', taskId, projectId, remindAt }),
  );
}
