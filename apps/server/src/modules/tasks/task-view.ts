import type { Task } from '@hustle/shared/tasks';
import { deriveTaskState } from '@hustle/shared/tasks';
import type { TaskRow } from './tasks.repository.ts';

type TaskFields = Pick<
  TaskRow,
  'id' | 'name' | 'project_id' | 'automation_id' | 'created_at' | 'updated_at' | 'completed_at'
>;

/** A task as one workspace sees it: its state depends on that workspace's planned list. */
export function toTask(row: TaskFields, isInPlannedList: boolean): Task {
  const state = deriveTaskState(row.completed_at, isInPlannedList);
  return {
    id: row.id,
    name: row.name,
    projectId: row.project_id,
    automationId: row.automation_id,
    planned: state === 'PLANNED',
    done: state === 'DONE',
    state,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    completedAt: row.completed_at,
  };
}

export const byPosition = (
  a: { position: string; id: string },
  b: { position: string; id: string },
) =>
  a.position < b.position
    ? -1
    : a.position > b.position
      ? 1
      : a.id < b.id
        ? -1
        : a.id > b.id
          ? 1
          : 0;
