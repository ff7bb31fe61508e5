import type { Task } from '@hustle/shared/tasks';

/** "Repeat…": the automation editor, filled in with the task's name and project (decision 063). */
export const repeatPathOf = (task: Pick<Task, 'name' | 'projectId'>) => {
  const query = new URLSearchParams({ taskName: task.name });
  if (task.projectId) query.set('project', task.projectId);
  return `/automation/configure/create?${query}`;
};

/** Where the automation that makes a repeating task is shown. */
export const automationPathOf = (automationId: string) => `/automation/configure/${automationId}`;
