import type { Task } from '@hustle/shared/tasks';
import { deriveTaskState } from '@hustle/shared/tasks';
import type { TaskRow } from './tasks.repository.ts';

type TaskFields = Pick<
  TaskRow,
  | 'id'
  | 'name'
  | 'project_id'
  | 'automation_id'
  | 'created_at'
  | 'updated_at'
  | 'completed_at'
  | 'deadline'
> &
  /** Read with the lists (TASK_COLUMNS); a task just made has none yet. */
  Partial<{
    has_notes: number | string;
    checklist_total: number | string;
    checklist_done: number | string;
    estimate_minutes: number | string | null;
    remind_at: string | null;
    actual_seconds: number | string;
  }>;

/** Where a task is on one workspace's planned list: its day and its carry-over count. */
export interface PlanMark {
  day: string;
  carried: number;
}

/** The plan mark of a row read with PLAN_MARK_COLUMNS; null when it is not on the list. */
export const planMarkOf = (row: {
  planned_task_id: string | null;
  planned_day: string | null;
  planned_carried: number | string | null;
}): PlanMark | null =>
  row.planned_task_id === null
    ? null
    : { day: row.planned_day ?? '', carried: Number(row.planned_carried ?? 0) };

/** A task as one workspace sees it: its state and day depend on that workspace's planned list. */
export function toTask(row: TaskFields, plan: PlanMark | null): Task {
  const state = deriveTaskState(row.completed_at, plan !== null);
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
    plannedFor: plan?.day ?? null,
    carriedOver: plan?.carried ?? 0,
    deadline: row.deadline,
    hasNotes: Number(row.has_notes ?? 0) === 1,
    checklist: { done: Number(row.checklist_done ?? 0), total: Number(row.checklist_total ?? 0) },
    estimate: row.estimate_minutes == null ? null : Number(row.estimate_minutes),
    remindAt: row.remind_at ?? null,
    actualSeconds: Number(row.actual_seconds ?? 0),
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
