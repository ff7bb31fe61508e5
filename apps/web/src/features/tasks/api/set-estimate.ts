import { useCommandHook } from '../../../sync/outbox/run-command.ts';

/** Issue 30: a task's estimate in whole minutes, or null to clear it. */
export function useSetEstimate() {
  return useCommandHook(
    ({
      taskId,
      projectId,
      estimate,
    }: {
      taskId: string;
      projectId: string | null;
      estimate: number | null;
    }) => ({ kind: 'setTaskEstimate', taskId, projectId, estimate }),
  );
}
