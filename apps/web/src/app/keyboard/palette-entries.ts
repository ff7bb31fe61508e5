import { findTask } from '@hustle/shared/commands/workspace-changes';
import { AUTOMATION_PSEUDO_PROJECT } from '@hustle/shared/constants';
import { daysBetween, type Day } from '@hustle/shared/days';
import type { TaskState } from '@hustle/shared/tasks';
import type { WorkspaceResponse } from '@hustle/shared/workspace';

export type TaskEntry = {
  id: string;
  name: string;
  projectId: string | null;
  /** Where it lives: its project's name, 'Inbox' or 'Automation'. */
  place: string;
  state: TaskState;
};

export type ProjectEntry = { id: string; name: string; color: string | null };

/** Every task and project the workspace holds, as the palette lists them. */
export function paletteEntries(workspace: WorkspaceResponse) {
  const tasks: TaskEntry[] = [];
  const seen = new Set<string>();
  const add = (task: WorkspaceResponse['tasks'][number], place: string) => {
    if (seen.has(task.id)) return;
    seen.add(task.id);
    tasks.push({
      id: task.id,
      name: task.name,
      projectId: task.projectId,
      place,
      state: task.state,
    });
  };
  for (const task of workspace.tasks) add(task, 'Inbox');
  for (const project of workspace.projects) {
    for (const task of project.tasks) add(task, project.name);
  }
  for (const task of workspace.automations) add(task, AUTOMATION_PSEUDO_PROJECT.name);
  const projects: ProjectEntry[] = workspace.projects.map(({ id, name, color }) => ({
    id,
    name,
    color,
  }));
  return { tasks, projects };
}

/** Where the palette shows a task: a screen that lists it, or its details. */
export type TaskPlace = 'execute' | 'upcoming' | 'plan' | 'details';

/**
 * Where a task is (issue 29): Execute holds today's planned list, Upcoming the days after it
 * within `upcomingLength`, Plan what is not planned; a day further on has no list of its own,
 * so the task's details open.
 */
export function placeOfTask(
  workspace: WorkspaceResponse,
  taskId: string,
  today: Day,
  upcomingLength: number,
): TaskPlace {
  if (!workspace.plannedTasks.includes(taskId)) return 'plan';
  const day = findTask(workspace, taskId)?.task.plannedFor ?? today;
  if (day <= today) return 'execute';
  return daysBetween(today, day) < upcomingLength ? 'upcoming' : 'details';
}

/**
 * How well `text` matches what was typed: every typed word must appear in it (any case); a
 * match at the start of the text, then at the start of a word, ranks higher. 0: no match.
 */
export function matchScore(text: string, query: string): number {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 1;
  const haystack = text.toLowerCase();
  if (!words.every((word) => haystack.includes(word))) return 0;
  const first = words[0] ?? '';
  if (haystack.startsWith(first)) return 3;
  return haystack.includes(` ${first}`) ? 2 : 1;
}

/** The best `limit` matches of `query`, best first, ties in their given order. */
export function bestMatches<T>(
  items: readonly T[],
  textOf: (item: T) => string,
  query: string,
  limit: number,
): T[] {
  return items
    .map((item, index) => ({ item, index, score: matchScore(textOf(item), query) }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, limit)
    .map((entry) => entry.item);
}
