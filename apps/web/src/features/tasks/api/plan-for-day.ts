import { useCommandHook } from '../../../sync/outbox/run-command.ts';

export interface PlanForDayVariables {
  taskId: string;
  projectId: string | null;
  isAutomation?: boolean;
  /** 'YYYY-MM-DD' in the user's time zone. */
  day: string;
}

/** Issue 29: PUT /api/v1/workspace/tasks/{id}/plan-for-day — at the end of that day's list. */
export function usePlanForDay() {
  return useCommandHook(
    ({ taskId, projectId, isAutomation = false, day }: PlanForDayVariables) => ({
      kind: 'planTaskForDay',
      taskId,
      projectId,
      isAutomation,
      day,
      at: new Date().toISOString(),
    }),
  );
}
