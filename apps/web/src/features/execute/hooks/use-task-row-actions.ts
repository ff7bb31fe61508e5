import { addDaysTo } from '@hustle/shared/days';
import { useMemo } from 'react';
import { useFocusActions } from '../../../stores/focus.ts';
import { useOpenTask } from '../../../stores/open-task.ts';
import { useWorkspaceToday } from '../../../sync/workspace/get-workspace.ts';
import { useDeleteTask } from '../../tasks/api/delete-task.ts';
import { usePlanForDay } from '../../tasks/api/plan-for-day.ts';
import { useTaskAction } from '../../tasks/api/task-action.ts';
import type { TaskRowActions } from '../components/task-row.tsx';

/**
 * What a planned task's row does, the same on Execute and Upcoming: each one command. Read once
 * for the list, so a row mounts no store subscription of its own (issue 30's render budgets).
 */
export function useTaskRowActions(): TaskRowActions {
  const today = useWorkspaceToday();
  const { mutateAsync: runTaskAction } = useTaskAction();
  const { mutate: planForDay } = usePlanForDay();
  const { mutate: deleteTask } = useDeleteTask();
  const { toggle: toggleFocus } = useFocusActions();
  const openTask = useOpenTask();
  return useMemo<TaskRowActions>(
    () => ({
      commit: ({ id, projectId, isAutomation }, action) =>
        runTaskAction({ taskId: id, projectId, isAutomation, action }),
      open: openTask,
      toggleFocus,
      moveToPlanning: ({ id, projectId, isAutomation }) => {
        // The failure is shown as a toast by the mutation; nothing else waits for it.
        runTaskAction({ taskId: id, projectId, isAutomation, action: 'idle' }).catch(() => {});
      },
      moveToTomorrow: ({ id, projectId, isAutomation }) =>
        planForDay({ taskId: id, projectId, isAutomation, day: addDaysTo(today, 1) }),
      remove: ({ id, projectId, isAutomation }) =>
        deleteTask({ taskId: id, projectId, isAutomation }),
    }),
    [runTaskAction, planForDay, deleteTask, toggleFocus, openTask, today],
  );
}
