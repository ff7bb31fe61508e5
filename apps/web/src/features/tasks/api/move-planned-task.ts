import { useCommandHook } from '../../../sync/outbox/run-command.ts';

/**
 * spec §7: a drop at the top of the planned list sends put-to-front, elsewhere reorder with the
 * task before it.
 */
export function useMovePlannedTask() {
  return useCommandHook(
    ({ taskId, afterTaskId }: { taskId: string; afterTaskId: string | null }) => ({
      kind: 'moveTask',
      taskId,
      afterTaskId,
    }),
  );
}
