import { useCommandHook } from '../../../sync/outbox/run-command.ts';

export function useHideCompleted() {
  return useCommandHook<void>(() => ({ kind: 'hideCompleted' }), 'Completed tasks hidden.');
}

/** spec §4 "Move all tasks to planning". */
export function useIdleAllPlanned() {
  return useCommandHook<void>(() => ({ kind: 'idleAllPlanned' }), 'Tasks moved to planning.');
}
