/** Every column of a task row, selected from `tasks as t`: the write side and the read model share it. */
export const TASK_COLUMNS = [
  't.id',
  't.workspace_id',
  't.project_id',
  't.automation_id',
  't.name',
  't.position',
  't.created_at',
  't.updated_at',
  't.completed_at',
] as const;
