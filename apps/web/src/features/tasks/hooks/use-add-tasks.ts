import { useCreateTask } from '../api/create-task.ts';

/**
 * Adds tasks one per name, as AddTaskControl hands them over. The returned promise rejects when
 * any of them fails, so the control can put the text back (the hook's toast says what failed).
 */
export function useAddTasks({
  projectId = null,
  planned = false,
}: { projectId?: string | null; planned?: boolean } = {}) {
  const createTask = useCreateTask();
  return (names: string[]) =>
    Promise.all(names.map((name) => createTask.mutateAsync({ name, projectId, planned })));
}
