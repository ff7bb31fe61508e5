import type { LocalSlices } from '@hustle/shared/commands/commands';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api-client.ts';
import { onChangesHeard } from '../../../sync/live/changes-heard.ts';
import { registerLocalSlice } from '../../../sync/outbox/local-slices.ts';
import { outboxOf } from '../../../sync/outbox/outbox-state.ts';

const taskDetailsQueryKey = (taskId: string) => ['task-details', taskId] as const;

registerLocalSlice('taskDetails', (command) =>
  'taskId' in command ? [taskDetailsQueryKey(command.taskId)] : [],
);

// Another device or member changed a task: an open one is read again (decision 064).
onChangesHeard((queryClient, changes) => {
  const changed = new Set([
    ...changes.tasks.map((task) => task.id),
    ...changes.automations.map((task) => task.id),
    ...changes.projects.flatMap((project) => project.tasks.map((task) => task.id)),
  ]);
  return queryClient.invalidateQueries({
    predicate: (query) =>
      query.queryKey[0] === 'task-details' && changed.has(String(query.queryKey[1])),
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
