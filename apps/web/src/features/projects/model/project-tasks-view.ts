import { LIMITS } from '@hustle/shared/constants';
import type { Project } from '@hustle/shared/projects';
import { deriveTaskState, type Task } from '@hustle/shared/tasks';
import type { WorkspaceResponse } from '@hustle/shared/workspace';

/**
 * Open means not completed. The project tasks call answers completed tasks too (with `done` and
 * `completedAt`), and the modals list only open ones. `completedAt` decides rather than `done`:
 * an optimistic complete or revert changes `completedAt` at once, `done` only with the server.
 */
export const isOpenTask = (task: Task) => task.completedAt === null;

/** spec §2: a card shows up to 10 open tasks, and counts the rest as '+N more tasks'. */
export function cardTasks(project: Project): { shown: Task[]; moreCount: number } {
  const open = project.tasks.filter(isOpenTask);
  return {
    shown: open.slice(0, LIMITS.projectCardOpenTasks),
    moreCount: Math.max(0, project.openTasksCount - LIMITS.projectCardOpenTasks),
  };
}

/**
 * The detail modal's list: the open tasks of the pages fetched, seen through the workspace
 * snapshot, which changes at once (optimistically) — a task the workspace holds shows as it
 * holds it, and the plan state follows the workspace's planned list. Tasks the workspace holds
 * that no page brought follow only once the pages hold every open task (`isWhole`): then they
 * are new since the fetch; before, they wait for their own page (decision 035), where they sit
 * in order.
 */
export function projectTasksView(
  fetched: Task[],
  workspace: WorkspaceResponse,
  projectId: string,
  { isWhole }: { isWhole: boolean },
): Task[] {
  const project = workspace.projects.find((candidate) => candidate.id === projectId);
  const known = new Map(project?.tasks.map((task) => [task.id, task]));
  const planned = new Set(workspace.plannedTasks);
  const fetchedIds = new Set(fetched.map((task) => task.id));

  const seen = fetched.map((task) => {
    const current = known.get(task.id);
    if (current) return current;
    const state = deriveTaskState(task.completedAt, planned.has(task.id));
    return { ...task, state, planned: state === 'PLANNED', done: state === 'DONE' };
  });
  // The places of tasks the workspace holds follow its order, which a reorder changes at once
  // (issue 31); the others keep the places their pages gave them.
  const inCopyOrder = (project?.tasks ?? []).filter((task) => fetchedIds.has(task.id));
  let next = 0;
  const listed = seen.map((task) => (known.has(task.id) ? (inCopyOrder[next++] ?? task) : task));
  const added = isWhole ? (project?.tasks ?? []).filter((task) => !fetchedIds.has(task.id)) : [];
  return [...listed, ...added].filter(isOpenTask);
}
