import { carryOver, needsCarryOver, orderAfterCarryOver, type Day } from '../days.ts';
import type { Task } from '../tasks.ts';
import type { WorkspaceResponse } from '../workspace.ts';

// Type imports only: the web's first script carries a copy over before any screen's script
// loads (decision 016), so this module builds no schema and imports no command table.

type Change = { plannedFor: Day | null; carriedOver: number } | 'unplanned';

function changeTasks<T extends Task>(list: T[], changes: Map<string, Change>): T[] {
  return list.map((task) => {
    const change = changes.get(task.id);
    if (change === undefined) return task;
    if (change !== 'unplanned') return { ...task, ...change };
    return { ...task, plannedFor: null, carriedOver: 0, state: 'IDLE', planned: false };
  });
}

/**
 * The carry-over rule (packages/shared days.ts) applied to the copy when its day has ended:
 * the same change the server makes when it next reads the workspace, so a device shows today's
 * list at midnight, offline too (decision 060). Nothing to carry, the copy comes back as it was.
 */
export function applyCarryOver(workspace: WorkspaceResponse, today: Day): WorkspaceResponse {
  const byId = new Map<string, Task>();
  for (const task of [...workspace.tasks, ...workspace.automations]) byId.set(task.id, task);
  for (const project of workspace.projects) {
    for (const task of project.tasks) byId.set(task.id, task);
  }
  const entries = workspace.plannedTasks.flatMap((taskId) => {
    const task = byId.get(taskId);
    if (!task?.plannedFor) return [];
    const done = task.completedAt !== null;
    return [{ taskId, day: task.plannedFor, carried: task.carriedOver, done }];
  });
  if (!needsCarryOver(entries, today)) return workspace;
  const result = carryOver(entries, today, workspace.days);
  const changes = new Map<string, Change>();
  for (const { taskId, carried } of result.moved) {
    changes.set(taskId, { plannedFor: today, carriedOver: carried });
  }
  for (const taskId of result.unplanned) changes.set(taskId, 'unplanned');
  const { plannedCounts } = workspace;
  return {
    ...workspace,
    tasks: changeTasks(workspace.tasks, changes),
    automations: changeTasks(workspace.automations, changes),
    projects: workspace.projects.map((project) =>
      project.tasks.some((task) => changes.has(task.id))
        ? { ...project, tasks: changeTasks(project.tasks, changes) }
        : project,
    ),
    plannedTasks: orderAfterCarryOver(workspace.plannedTasks, result, workspace.days.carryOverTo),
    // The tasks sent back were all open and on the list: only the list's open count changes.
    plannedCounts: {
      ...plannedCounts,
      open: Math.max(0, plannedCounts.open - result.unplanned.length),
    },
  };
}
