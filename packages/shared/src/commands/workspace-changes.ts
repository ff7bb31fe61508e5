import { todayIn, type Day, type DaySettings } from '../days.ts';
import type { Project } from '../projects.ts';
import { deriveTaskState, type Task, type TaskAction } from '../tasks.ts';
import { storedRemindAt } from '../reminders.ts';
import type { WorkspaceResponse } from '../workspace.ts';

/**
 * Pure changes to a copy of the workspace answer, the same ones the server makes (spec §4): the
 * web shows a command with them before the server confirms it, and the parity test holds them
 * to the server's answers.
 */

type TaskChange = (task: Task) => Task;

export function mapTasks(
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

/**
 * Recomputes every task's state from completion and the planned list (spec §3 state rule); a
 * task off the list is planned for no day.
 */
function withStates(workspace: WorkspaceResponse): WorkspaceResponse {
  const planned = new Set(workspace.plannedTasks);
  const restate = <T extends Task>(task: T): T => {
    const isOnList = planned.has(task.id);
    const state = deriveTaskState(task.completedAt, isOnList);
    const day = isOnList ? {} : { plannedFor: null, carriedOver: 0 };
    return { ...task, ...day, state, planned: state === 'PLANNED', done: state === 'DONE' };
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

/** What one task adds to the counts the answer carries: its list's, its project's, the inbox's. */
function countsOfTask(workspace: WorkspaceResponse, taskId: string) {
  const task = findTask(workspace, taskId)?.task;
  const isOpen = task !== undefined && task.completedAt === null;
  const isOnList = task !== undefined && workspace.plannedTasks.includes(taskId);
  return {
    projectId: task?.projectId ?? null,
    listOpen: isOnList && isOpen ? 1 : 0,
    listCompleted: isOnList && !isOpen ? 1 : 0,
    projectOpen: task?.projectId && isOpen ? 1 : 0,
    projectCompleted: task?.projectId && !isOpen ? 1 : 0,
    inboxOpen: task && !task.projectId && !task.automationId && isOpen ? 1 : 0,
  };
}

/**
 * The counts of `after` moved by what one task's change did to them, so a list's "N open" and a
 * project card's totals follow the change at once, also while pages of a list are still to come.
 */
export function recountTask(
  before: WorkspaceResponse,
  after: WorkspaceResponse,
  taskId: string,
): WorkspaceResponse {
  const was = countsOfTask(before, taskId);
  const is = countsOfTask(after, taskId);
  const projectDelta = (project: Project) => {
    let open = 0;
    let completed = 0;
    if (project.id === was.projectId) {
      open -= was.projectOpen;
      completed -= was.projectCompleted;
    }
    if (project.id === is.projectId) {
      open += is.projectOpen;
      completed += is.projectCompleted;
    }
    return open === 0 && completed === 0
      ? project
      : {
          ...project,
          openTasksCount: Math.max(0, project.openTasksCount + open),
          completedTasksCount: Math.max(0, (project.completedTasksCount ?? 0) + completed),
        };
  };
  return {
    ...after,
    projects: after.projects.map(projectDelta),
    plannedCounts: {
      open: Math.max(0, after.plannedCounts.open + is.listOpen - was.listOpen),
      completed: Math.max(0, after.plannedCounts.completed + is.listCompleted - was.listCompleted),
    },
    inboxOpenCount: Math.max(0, after.inboxOpenCount + is.inboxOpen - was.inboxOpen),
  };
}

export function addTask(workspace: WorkspaceResponse, task: Task): WorkspaceResponse {
  const next = task.projectId
    ? {
        ...workspace,
        projects: workspace.projects.map((project) =>
          project.id === task.projectId ? { ...project, tasks: [...project.tasks, task] } : project,
        ),
      }
    : { ...workspace, tasks: [...workspace.tasks, task] };
  const placed = withStates(
    task.planned ? { ...next, plannedTasks: [...next.plannedTasks, task.id] } : next,
  );
  return recountTask(workspace, placed, task.id);
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
  const removed = {
    ...workspace,
    tasks: keep(workspace.tasks),
    automations: keep(workspace.automations),
    plannedTasks: workspace.plannedTasks.filter((id) => id !== taskId),
    projects: workspace.projects.map((project) =>
      project.tasks.some((task) => task.id === taskId)
        ? { ...project, tasks: keep(project.tasks) }
        : project,
    ),
    // A timer on it goes with its time entries (issue 30).
    focus: workspace.focus?.taskId === taskId ? null : workspace.focus,
  };
  return recountTask(workspace, removed, taskId);
}

/**
 * Today where the workspace's user is, at the moment a command was given; a command kept
 * without a readable moment counts from now, so applying it never throws.
 */
export function todayOf(workspace: WorkspaceResponse, at: string): Day {
  const instant = new Date(at);
  return todayIn(Number.isNaN(instant.getTime()) ? new Date() : instant, workspace.days.timeZone);
}

/** Puts a task not yet on the list at its end, planned for `day` (planning without a day: today). */
function onList(workspace: WorkspaceResponse, taskId: string, day: Day): WorkspaceResponse {
  if (workspace.plannedTasks.includes(taskId)) return workspace;
  return {
    ...mapTasks(workspace, taskId, (task) => ({ ...task, plannedFor: day, carriedOver: 0 })),
    plannedTasks: [...workspace.plannedTasks, taskId],
  };
}

/**
 * spec §4 transitions, as the server applies them. Completing a task that is not planned plans it
 * in the same step, so it shows among the completed tasks on Execute instead of vanishing from
 * every list; reverting puts it back on the list (spec §4: REVERT sets PLANNED).
 */
export function applyTaskAction(
  workspace: WorkspaceResponse,
  taskId: string,
  action: TaskAction,
  now = new Date().toISOString(),
): WorkspaceResponse {
  const found = findTask(workspace, taskId);
  if (!found) return workspace;
  const isDone = found.task.completedAt !== null;
  const today = todayOf(workspace, now);
  let next = workspace;
  switch (action) {
    case 'plan':
      if (!isDone) next = onList(workspace, taskId, today);
      break;
    case 'idle':
      if (!isDone)
        next = { ...workspace, plannedTasks: workspace.plannedTasks.filter((id) => id !== taskId) };
      break;
    case 'complete':
      if (!isDone)
        next = onList(
          mapTasks(workspace, taskId, (task) => ({ ...task, completedAt: now })),
          taskId,
          today,
        );
      break;
    case 'revert':
      if (isDone)
        next = onList(
          mapTasks(workspace, taskId, (task) => ({ ...task, completedAt: null })),
          taskId,
          today,
        );
      break;
  }
  return next === workspace ? workspace : recountTask(workspace, withStates(next), taskId);
}

/**
 * Plans an open task for a day (issue 29): at the end of the list, so last on that day; a task
 * already planned for that day stays where it is. A day already over means today.
 */
export function planForDay(
  workspace: WorkspaceResponse,
  taskId: string,
  day: Day,
  today: Day,
): WorkspaceResponse {
  const found = findTask(workspace, taskId);
  if (!found || found.task.completedAt !== null) return workspace;
  const target = day < today ? today : day;
  const isOnList = workspace.plannedTasks.includes(taskId);
  if (isOnList && found.task.plannedFor === target) return workspace;
  const others = workspace.plannedTasks.filter((id) => id !== taskId);
  const placed = {
    ...mapTasks(workspace, taskId, (task) => ({ ...task, plannedFor: target, carriedOver: 0 })),
    plannedTasks: [...others, taskId],
  };
  return isOnList ? placed : recountTask(workspace, withStates(placed), taskId);
}

export function setDeadline(
  workspace: WorkspaceResponse,
  taskId: string,
  deadline: Day | null,
): WorkspaceResponse {
  return mapTasks(workspace, taskId, (task) => ({ ...task, deadline }));
}

/** Sets or clears a task's estimate, in minutes (issue 30). */
export function setEstimate(
  workspace: WorkspaceResponse,
  taskId: string,
  estimate: number | null,
): WorkspaceResponse {
  return mapTasks(workspace, taskId, (task) => ({ ...task, estimate }));
}

/** Sets or clears a task's reminder, kept as the server keeps it: a UTC instant (issue 30). */
export function setReminder(
  workspace: WorkspaceResponse,
  taskId: string,
  remindAt: string | null,
): WorkspaceResponse {
  return mapTasks(workspace, taskId, (task) => ({ ...task, remindAt: storedRemindAt(remindAt) }));
}

export function updateDaySettings(
  workspace: WorkspaceResponse,
  change: Partial<DaySettings>,
): WorkspaceResponse {
  const days = { ...workspace.days };
  if (change.timeZone !== undefined) days.timeZone = change.timeZone;
  if (change.carryOverTo !== undefined) days.carryOverTo = change.carryOverTo;
  if (change.backToInboxAfter !== undefined) days.backToInboxAfter = change.backToInboxAfter;
  if (change.capacity !== undefined) days.capacity = [...change.capacity];
  if (change.planNudgeAt !== undefined) days.planNudgeAt = change.planNudgeAt;
  if (change.finishNudgeAt !== undefined) days.finishNudgeAt = change.finishNudgeAt;
  return { ...workspace, days };
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

/**
 * Takes these tasks off the Execute list. A completed task is shown only while it is on the list
 * (the inbox and the cards show open tasks), so it leaves the copy too.
 */
function takeOffList(workspace: WorkspaceResponse, taskIds: Set<string>): WorkspaceResponse {
  const isGone = (task: Task) => taskIds.has(task.id) && task.completedAt !== null;
  const shown = <T extends Task>(list: T[]) => list.filter((task) => !isGone(task));
  return withStates({
    ...workspace,
    plannedTasks: workspace.plannedTasks.filter((id) => !taskIds.has(id)),
    tasks: shown(workspace.tasks),
    automations: shown(workspace.automations),
    projects: workspace.projects.map((project) => ({ ...project, tasks: shown(project.tasks) })),
  });
}

/** spec §4: completed tasks leave the Execute view and stay completed. */
export function hideCompleted(workspace: WorkspaceResponse): WorkspaceResponse {
  const done = new Set(
    workspace.plannedTasks.filter((id) => findTask(workspace, id)?.task.completedAt),
  );
  return {
    ...takeOffList(workspace, done),
    plannedCounts: { ...workspace.plannedCounts, completed: 0 },
  };
}

/** spec §4 "Move all tasks to planning": the whole list empties, completed tasks with it. */
export function idleAllPlanned(workspace: WorkspaceResponse): WorkspaceResponse {
  return {
    ...takeOffList(workspace, new Set(workspace.plannedTasks)),
    plannedCounts: { open: 0, completed: 0 },
  };
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

/** The project leaves the copy, and its tasks the Execute list and its counts. */
export function removeProject(workspace: WorkspaceResponse, projectId: string): WorkspaceResponse {
  const project = workspace.projects.find((candidate) => candidate.id === projectId);
  if (!project) return workspace;
  const taskIds = new Set(project.tasks.map((task) => task.id));
  const onListOf = project.tasks.filter((task) => workspace.plannedTasks.includes(task.id));
  const completed = onListOf.filter((task) => task.completedAt !== null).length;
  return {
    ...workspace,
    projects: workspace.projects.filter((candidate) => candidate.id !== projectId),
    plannedTasks: workspace.plannedTasks.filter((id) => !taskIds.has(id)),
    plannedCounts: {
      open: Math.max(0, workspace.plannedCounts.open - (onListOf.length - completed)),
      completed: Math.max(0, workspace.plannedCounts.completed - completed),
    },
  };
}
