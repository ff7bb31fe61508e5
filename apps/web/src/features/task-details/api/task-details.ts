import type { LocalSlices } from '@hustle/shared/commands/commands';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api-client.ts';
import { onChangesHeard } from '../../../sync/live/changes-heard.ts';
import { registerLocalSlice } from '../../../sync/outbox/local-slices.ts';
import { outboxOf } from '../../../sync/outbox/outbox-state.ts';

const taskDetailsQueryKey = (taskId: string) => ['task-details', taskId] as const;
const taskActivityQueryKey = (taskId: string) => ['task-activity', taskId] as const;
/** What an opened task shows apart from the workspace: read again when the task changes. */
const READ_AGAIN: ReadonlySet<unknown> = new Set(['task-details', 'task-activity']);

registerLocalSlice('taskDetails', (command) =>
  'taskId' in command ? [taskDetailsQueryKey(command.taskId)] : [],
);

// Another device or member changed a task: an open one, and its activity, are read again
// (decisions 064 and 087).
onChangesHeard((queryClient, changes) => {
  const changed = new Set([
    ...changes.tasks.map((task) => task.id),
    ...changes.automations.map((task) => task.id),
    ...changes.projects.flatMap((project) => project.tasks.map((task) => task.id)),
  ]);
  return queryClient.invalidateQueries({
    predicate: (query) =>
      READ_AGAIN.has(query.queryKey[0]) && changed.has(String(query.queryKey[1])),
  });
});

/** An opened task's notes and checklist, read when it opens (issue 31). */
export function useTaskDetails(taskId: string) {
  return useQuery({
    queryKey: taskDetailsQueryKey(taskId),
    queryFn: async ({ signal, client }): Promise<LocalSlices['taskDetails']> => {
      const details = await api.getTaskDetails({ params: { id: taskId }, signal });
      // Edits still in the outbox stay shown (decision 028).
      return outboxOf(client)?.withPending('taskDetails', details) ?? details;
    },
  });
}

/** Who changed a shared task and how, newest first; read only while `enabled`. */
export function useTaskActivity(taskId: string, enabled: boolean) {
  return useQuery({
    queryKey: taskActivityQueryKey(taskId),
    queryFn: ({ signal }) => api.getTaskActivity({ params: { id: taskId }, signal }),
    enabled,
  });
}
