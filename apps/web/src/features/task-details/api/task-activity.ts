import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api-client.ts';
import { onChangesHeard } from '../../../sync/live/changes-heard.ts';

const taskActivityQueryKey = (taskId: string) => ['task-activity', taskId] as const;

// Someone changed a task: its open activity is read again (decision 087).
onChangesHeard((queryClient, changes) => {
  const changed = new Set([
    ...changes.tasks.map((task) => task.id),
    ...changes.projects.flatMap((project) => project.tasks.map((task) => task.id)),
  ]);
  return queryClient.invalidateQueries({
    predicate: (query) =>
      query.queryKey[0] === 'task-activity' && changed.has(String(query.queryKey[1])),
  });
});

/** Who changed a shared task and how, newest first; read only while `enabled`. */
export function useTaskActivity(taskId: string, enabled: boolean) {
  return useQuery({
    queryKey: taskActivityQueryKey(taskId),
    queryFn: ({ signal }) => api.getTaskActivity({ params: { id: taskId }, signal }),
    enabled,
  });
}
