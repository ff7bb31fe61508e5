import type { SyncChanges } from './sync.ts';
import type { WorkspacePage, WorkspaceResponse } from './workspace.ts';

// Type imports only: the web's first script applies sync answers without the schemas
// (decision 016).

/** Whether `a` was made before `b`: a list's order is the order its items were made in. */
const madeBefore = (a: ListItem, b: ListItem) =>
  a.createdAt < b.createdAt || (a.createdAt === b.createdAt && a.id < b.id);
type ListItem = { id: string; createdAt: string };

/**
 * A list with changed items replaced in place, removed ones dropped and new ones put where their
 * making time puts them (a task never moves within the inbox; only the Execute list is reordered).
 */
function replaceById<T extends ListItem>(current: T[], changed: T[], removed: Set<string>): T[] {
  const byId = new Map(changed.map((item) => [item.id, item]));
  const list = current
    .filter((item) => !removed.has(item.id))
    .map((item) => byId.get(item.id) ?? item);
  const known = new Set(current.map((item) => item.id));
  for (const item of changed) {
    if (known.has(item.id) || removed.has(item.id)) continue;
    const at = list.findIndex((other) => madeBefore(item, other));
    list.splice(at === -1 ? list.length : at, 0, item);
  }
  return list;
}

/** The lists of the copy a task can sit in besides its project's (whose key is its id). */
const INBOX = Symbol('inbox');
const AUTOMATIONS = Symbol('automations');
type Home = string | typeof INBOX | typeof AUTOMATIONS;

/**
 * Where each task a page of changes names lives now. A task moved between the inbox and a
 * project, or between projects, is named only where it is now: in its project's entry, among the
 * inbox or automation tasks, or, beyond the tasks its project is sent with, in `taskHomes`.
 */
function homesOf(changes: SyncChanges): Map<string, Home> {
  const homes = new Map<string, Home>();
  for (const project of changes.projects)
    for (const task of project.tasks) homes.set(task.id, project.id);
  for (const { id, projectId } of changes.taskHomes) homes.set(id, projectId);
  for (const task of changes.tasks) homes.set(task.id, INBOX);
  for (const task of changes.automations) homes.set(task.id, AUTOMATIONS);
  return homes;
}

/** Brings a copy of the workspace answer up to date with one page of changes. */
export function applySyncChanges(copy: WorkspaceResponse, changes: SyncChanges): WorkspaceResponse {
  const removedProjects = new Set(changes.removed.projects);
  const removedTasks = new Set(changes.removed.tasks);
  let projects = replaceById(copy.projects, changes.projects, removedProjects);
  if (changes.projectOrder) {
    const byId = new Map(projects.map((project) => [project.id, project]));
    projects = changes.projectOrder.flatMap((id) => byId.get(id) ?? []);
  }
  // A moved task stays on the Execute list: only a removed one leaves it.
  const plannedTasks = (changes.plannedTasks ?? copy.plannedTasks).filter(
    (id) => !removedTasks.has(id),
  );
  const homes = homesOf(changes);
  /** Whether a task of the copy's list `home` is gone from it: removed, or now elsewhere. */
  const leftHome = (home: Home) => (id: string) => {
    const now = homes.get(id);
    return removedTasks.has(id) || (now !== undefined && now !== home);
  };
  const stayingIn = <T extends { id: string }>(list: T[], home: Home) => {
    const left = leftHome(home);
    return list.some((item) => left(item.id)) ? list.filter((item) => !left(item.id)) : list;
  };
  return {
    ...copy,
    version: changes.version,
    access: changes.access,
    archivedProjectsCount: changes.archivedProjectsCount,
    plannedCounts: changes.plannedCounts,
    inboxOpenCount: changes.inboxOpenCount,
    projects: projects.map((project) => {
      const tasks = stayingIn(project.tasks, project.id);
      return tasks === project.tasks ? project : { ...project, tasks };
    }),
    tasks: replaceById(stayingIn(copy.tasks, INBOX), changes.tasks, removedTasks),
    automations: replaceById(
      stayingIn(copy.automations, AUTOMATIONS),
      changes.automations,
      removedTasks,
    ),
    plannedTasks,
    ...(changes.focus !== undefined ? { focus: changes.focus } : {}),
    ...(changes.dayReview !== undefined ? { dayReview: changes.dayReview } : {}),
  };
}

/**
 * Adds the next page of a long list to a copy of the workspace answer (decision 029): its rows
 * join their lists where their making time puts them (rows the copy already holds, perhaps
 * newer through a sync, are kept), its ids extend the Execute list, and its cursor replaces
 * the list's. A page that does not continue the copy's list (its cursor moved on, or a fresh
 * read started the list again) is dropped.
 */
export function applyWorkspacePage(
  copy: WorkspaceResponse,
  page: WorkspacePage,
  after: string,
): WorkspaceResponse {
  if (copy.more[page.list] !== after) return copy;
  const noneRemoved = new Set<string>();
  const add = <T extends ListItem>(current: T[], rows: T[]) => {
    const known = new Set(current.map((item) => item.id));
    return replaceById(
      current,
      rows.filter((row) => !known.has(row.id)),
      noneRemoved,
    );
  };
  const byProject = new Map<string, WorkspacePage['projectTasks']>();
  for (const task of page.projectTasks) {
    if (!task.projectId) continue;
    byProject.set(task.projectId, [...(byProject.get(task.projectId) ?? []), task]);
  }
  const planned = new Set(copy.plannedTasks);
  return {
    ...copy,
    projects: copy.projects.map((project) => {
      const rows = byProject.get(project.id);
      return rows ? { ...project, tasks: add(project.tasks, rows) } : project;
    }),
    tasks: add(copy.tasks, page.tasks),
    automations: add(copy.automations, page.automations),
    plannedTasks: [...copy.plannedTasks, ...page.plannedTasks.filter((id) => !planned.has(id))],
    more: { ...copy.more, [page.list]: page.next },
  };
}
