import { useCommandHook } from '../../../sync/outbox/run-command.ts';

export function useDeleteTask() {
  return useCommandHook(
    ({
      taskId,
      projectId,
      isAutomation = false,
    }: {
      taskId: string;
      projectId: string | null;
      isAutomation?: boolean;
    }) => ({ kind: 'deleteTask', taskId, projectId, isAutomation }),
    'Task deleted.',
  );
}
