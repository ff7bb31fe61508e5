import type { TaskDetails } from '../task-details.ts';
import type { Task } from '../tasks.ts';
import type { WorkspaceResponse } from '../workspace.ts';
import { findTask, recountTask } from './workspace-changes.ts';

/**
 * Pure changes of a task's home and of its place in its project (issue 31 items 4 and 5,
 * decision 072), the ones the server makes; the parity test holds them to its answers.
 */

const without = <T extends Task>(list: T[], taskId: string) =>
  list.filter((task) => task.id !== taskId);

/**
 * The task leaves its list for the end of another: a project's (`toProjectId`) or the inbox
 * (null). A list shows it there as it shows its other tasks: while it is open, or on the caller's
 * Execute list. Planning is the caller's and stays as it was; an automation's task, an unknown
 * target or a move to where it is changes nothing.
 */
export function moveToHome(
  workspace: WorkspaceResponse,
  taskId: string,
  toProjectId: string | null,
): WorkspaceResponse {
  const found = findTask(workspace, taskId);
  if (!found || found.task.automationId !== null || found.task.projectId === toProjectId) {
    return workspace;
  }
  if (toProjectId !== null && !workspace.projects.some((p) => p.id === toProjectId)) {
    return workspace;
  }
  const moved: Task = { ...found.task, projectId: toProjectId };
  const isShown = moved.completedAt === null || workspace.plannedTasks.includes(taskId);
  const placed = (list: Task[]) => [...without(list, taskId), ...(isShown ? [moved] : [])];
  const next: WorkspaceResponse = {
    ...workspace,
    tasks: toProjectId === null ? placed(workspace.tasks) : without(workspace.tasks, taskId),
    projects: workspace.projects.map((project) => {
      if (project.id === toProjectId) return { ...project, tasks: placed(project.tasks) };
      return project.id === found.project?.id
        ? { ...project, tasks: without(project.tasks, taskId) }
        : project;
    }),
  };
  return recountTask(workspace, next, taskId);
}

/** The opened task's copy follows it to its new home. */
export function moveDetailsHome(
  details: TaskDetails,
  taskId: string,
  toProjectId: string | null,
): TaskDetails {
  if (details.taskId !== taskId || details.task.automationId !== null) return details;
  return { ...details, task: { ...details.task, projectId: toProjectId } };
}

/**
 * The task goes right after `afterTaskId` in its project's list, or first (null). A task the
 * copy does not hold there, or one placed after itself, changes nothing.
 */
export function reorderInProject(
  workspace: WorkspaceResponse,
  projectId: string,
  taskId: string,
  afterTaskId: string | null,
): WorkspaceResponse {
  const project = workspace.projects.find((candidate) => candidate.id === projectId);
  const task = project?.tasks.find((candidate) => candidate.id === taskId);
  if (!project || !task || afterTaskId === taskId) return workspace;
  const rest = without(project.tasks, taskId);
  const at = afterTaskId === null ? 0 : rest.findIndex((other) => other.id === afterTaskId) + 1;
  if (afterTaskId !== null && at === 0) return workspace;
  const tasks = [...rest.slice(0, at), task, ...rest.slice(at)];
  if (tasks.every((other, i) => other === project.tasks[i])) return workspace;
  return {
    ...workspace,
    projects: workspace.projects.map((candidate) =>
      candidate.id === projectId ? { ...candidate, tasks } : candidate,
    ),
  };
}
