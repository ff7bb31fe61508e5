import { capacityOf, loadOf, type DayLoad } from '@hustle/shared/estimates';
import type { Task } from '@hustle/shared/tasks';
import type { WorkspaceResponse } from '@hustle/shared/workspace';

/**
 * The open planned tasks of each day, out of the copy (decision 070): what the day's load adds
 * up. A task with no day, or a day already over that the copy has not carried yet, is today's,
 * as on Upcoming (decision 061). Completed tasks need no more room.
 */
export function openTasksByDay(workspace: WorkspaceResponse, today: string): Map<string, Task[]> {
  const planned = new Set(workspace.plannedTasks);
  const byDay = new Map<string, Task[]>();
  const seen = new Set<string>();
  const add = (task: Task) => {
    if (!planned.has(task.id) || seen.has(task.id) || task.completedAt !== null) return;
    seen.add(task.id);
    const day = task.plannedFor === null || task.plannedFor < today ? today : task.plannedFor;
    const tasks = byDay.get(day);
    if (tasks) tasks.push(task);
    else byDay.set(day, [task]);
  };
  workspace.tasks.forEach(add);
  workspace.automations.forEach(add);
  for (const project of workspace.projects) project.tasks.forEach(add);
  return byDay;
}

/** Each day's load against its capacity, for the days asked. */
export function dayLoads(
  workspace: WorkspaceResponse,
  today: string,
  days: readonly string[],
): Map<string, DayLoad> {
  const byDay = openTasksByDay(workspace, today);
  return new Map(
    days.map((day) => [
      day,
      loadOf(byDay.get(day) ?? [], capacityOf(workspace.days.capacity, day)),
    ]),
  );
}
