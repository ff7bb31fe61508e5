import type { Project } from '@hustle/shared/projects';
import { deriveTaskState, type Task } from '@hustle/shared/tasks';
import type { WorkspaceResponse } from '@hustle/shared/workspace';

/**
 * Pure changes to a workspace snapshot, the same ones the server makes (spec §4), used to show a
 * change before the server confirms it.
 */

type TaskChange = (task: Task) => Task;

function mapTasks(
  workspace: WorkspaceResponse,
  taskId: string,
  change: TaskChange,
): WorkspaceResponse {
  const apply = <T extends Task>(list: T[]) =>
    list.map((task) => (task.id === taskId ? { ...task, ...change(task) } : task));
  return {
    ...workspace,
    tasks: apply(workspace.tasks),
    automations: apply(workspace.automations),
    projects: workspace.projects.map((project) =>
      project.tasks.some((task) => task.id === taskId)
        ? { ...project, tasks: apply(project.tasks) }
        : project,
    ),
  };
}

/** Recomputes every task's state from completion and the planned list (spec §3 state rule). */
function withStates(workspace: WorkspaceResponse): WorkspaceResponse {
  const planned = new Set(workspace.plannedTasks);
  const restate = <T extends Task>(task: T): T => {
    const state = deriveTaskState(task.completedAt, planned.has(task.id));
    return { ...task, state, planned: state === 'PLANNED', done: state === 'DONE' };
  };
  return {
    ...workspace,
    tasks: workspace.tasks.map(restate),
    automations: workspace.automations.map(restate),
    projects: workspace.projects.map((project) => ({
      ...project,
      tasks: project.tasks.map(restate),
    })),
  };
}

export function findTask(
  workspace: WorkspaceResponse,
  taskId: string,
): { task: Task; project: Project | null } | undefined {
  for (const project of workspace.projects) {
    const task = project.tasks.find((candidate) => candidate.id === taskId);
    if (task) return { task, project };
  }
  const task =
    workspace.tasks.find((candidate) => candidate.id === taskId) ??
    workspace.automations.find((candidate) => candidate.id === taskId);
  return task ? { task, project: null } : undefined;
}

export function addTask(workspace: WorkspaceResponse, task: Task): WorkspaceResponse {
  const next = task.projectId
    ? {
        ...workspace,
        projects: workspace.projects.map((project) =>
          project.id === task.projectId
            ? {
                ...project,
                tasks: [...project.tasks, task],
                openTasksCount: project.openTasksCount + 1,
              }
            : project,
        ),
      }
    : { ...workspace, tasks: [...workspace.tasks, task] };
  return withStates(
    task.planned ? { ...next, plannedTasks: [...next.plannedTasks, task.id] } : next,
  );
}

export function renameTask(
  workspace: WorkspaceResponse,
  taskId: string,
  name: string,
): WorkspaceResponse {
  return mapTasks(workspace, taskId, (task) => ({ ...task, name }));
}

export function removeTask(workspace: WorkspaceResponse, taskId: string): WorkspaceResponse {
  const keep = <T extends Task>(list: T[]) => list.filter((task) => task.id !== taskId);
  return {
    ...workspace,
    tasks: keep(workspace.tasks),
    automations: keep(workspace.automations),
    plannedTasks: workspace.plannedTasks.filter((id) => id !== taskId),
    projects: workspace.projects.map((project) =>
      project.tasks.some((task) => task.id === taskId)
        ? {
            ...project,
            tasks: keep(project.tasks),
            openTasksCount: Math.max(0, project.openTasksCount - 1),
          }
        : project,
    ),
  };
}

export type TaskAction = 'plan' | 'idle' | 'complete' | 'revert';

/** spec §4 task transitions, as the server applies them. */
export function applyTaskAction(
  workspace: WorkspaceResponse,
  taskId: string,
  action: TaskAction,
  now = new Date().toISOString(),
): WorkspaceResponse {
  const found = findTask(workspace, taskId);
  if (!found) return workspace;
  const inList = workspace.plannedTasks.includes(taskId);
  const isDone = found.task.completedAt !== null;
  let next = workspace;
  switch (action) {
    case 'plan':
      if (!isDone && !inList)
        next = { ...workspace, plannedTasks: [...workspace.plannedTasks, taskId] };
      break;
    case 'idle':
      if (!isDone)
        next = { ...workspace, plannedTasks: workspace.plannedTasks.filter((id) => id !== taskId) };
      break;
    case 'complete':
      if (!isDone) next = mapTasks(workspace, taskId, (task) => ({ ...task, completedAt: now }));
      break;
    case 'revert':
      if (isDone) {
        next = mapTasks(workspace, taskId, (task) => ({ ...task, completedAt: null }));
        if (!inList) next = { ...next, plannedTasks: [...next.plannedTasks, taskId] };
      }
      break;
  }
  return withStates(next);
}

/** Moves a task on the planned list to the front, or right after another task. */
export function movePlanned(
  workspace: WorkspaceResponse,
  taskId: string,
  afterTaskId: string | null,
): WorkspaceResponse {
  if (!workspace.plannedTasks.includes(taskId) || afterTaskId === taskId) return workspace;
  const rest = workspace.plannedTasks.filter((id) => id !== taskId);
  const at = afterTaskId === null ? 0 : rest.indexOf(afterTaskId) + 1;
  if (afterTaskId !== null && at === 0) return workspace;
  return { ...workspace, plannedTasks: [...rest.slice(0, at), taskId, ...rest.slice(at)] };
}

export function hideCompleted(workspace: WorkspaceResponse): WorkspaceResponse {
  const done = new Set(
    workspace.plannedTasks.filter((id) => findTask(workspace, id)?.task.completedAt),
  );
  const open = <T extends Task>(list: T[]) => list.filter((task) => !done.has(task.id));
  return {
    ...workspace,
    plannedTasks: workspace.plannedTasks.filter((id) => !done.has(id)),
    tasks: open(workspace.tasks),
    automations: open(workspace.automations),
    projects: workspace.projects.map((project) => ({ ...project, tasks: open(project.tasks) })),
  };
}

/** spec §4 "Move all tasks to planning". */
export function idleAllPlanned(workspace: WorkspaceResponse): WorkspaceResponse {
  return withStates({ ...workspace, plannedTasks: [] });
}

export function updateProject(
  workspace: WorkspaceResponse,
  projectId: string,
  change: (project: Project) => Project,
): WorkspaceResponse {
  return {
    ...workspace,
    projects: workspace.projects.map((project) =>
      project.id === projectId ? change(project) : project,
    ),
  };
}

/** spec §4: projects reorder by drag, from old index to new index. */
export function moveProject(
  workspace: WorkspaceResponse,
  projectId: string,
  index: number,
): WorkspaceResponse {
  const moving = workspace.projects.find((project) => project.id === projectId);
  if (!moving) return workspace;
  const rest = workspace.projects.filter((project) => project.id !== projectId);
  const at = Math.min(Math.max(index, 0), rest.length);
  return { ...workspace, projects: [...rest.slice(0, at), moving, ...rest.slice(at)] };
}

/** Archiving hides the project and takes its tasks off the planned list (ARCHITECTURE §5). */
export function archiveProject(workspace: WorkspaceResponse, projectId: string): WorkspaceResponse {
  const removed = removeProject(workspace, projectId);
  if (removed === workspace) return workspace;
  return { ...removed, archivedProjectsCount: workspace.archivedProjectsCount + 1 };
}

/**
 * Bring back (spec §4): the project shows again, last, its tasks as the server sends them once
 * it has answered. Already shown, nothing changes.
 */
export function unarchiveProject(
  workspace: WorkspaceResponse,
  project: Project,
): WorkspaceResponse {
  if (workspace.projects.some((candidate) => candidate.id === project.id)) return workspace;
  return {
    ...workspace,
    projects: [...workspace.projects, project],
    archivedProjectsCount: Math.max(0, workspace.archivedProjectsCount - 1),
  };
}

export function removeProject(workspace: WorkspaceResponse, projectId: string): WorkspaceResponse {
  const project = workspace.projects.find((candidate) => candidate.id === projectId);
  if (!project) return workspace;
  const taskIds = new Set(project.tasks.map((task) => task.id));
  return {
    ...workspace,
    projects: workspace.projects.filter((candidate) => candidate.id !== projectId),
    plannedTasks: workspace.plannedTasks.filter((id) => !taskIds.has(id)),
  };
}
