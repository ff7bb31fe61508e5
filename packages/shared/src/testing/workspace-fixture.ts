import type { Project } from '../projects.ts';
import type { SyncChanges } from '../sync.ts';
import type { Task } from '../tasks.ts';
import type { WorkspaceResponse } from '../workspace.ts';

/** Workspace answers for tests of the code that changes them, on both sides. */

const AT = '2026-01-01T00:00:00.000Z';

export const aTask = (id: string, extra: Partial<Task> = {}): Task => ({
  id,
  name: id,
  projectId: null,
  automationId: null,
  planned: false,
  done: false,
  state: 'IDLE',
  createdAt: AT,
  updatedAt: AT,
  completedAt: null,
  plannedFor: null,
  carriedOver: 0,
  deadline: null,
  hasNotes: false,
  checklist: { done: 0, total: 0 },
  estimate: null,
  remindAt: null,
  actualSeconds: 0,
  ...extra,
});

export const aProject = (id: string, name: string, extra: Partial<Project> = {}): Project => {
  const tasks = (extra.tasks ?? []).map((task) => ({ ...task, projectId: id }));
  return {
    id,
    workspaceId: 'w1',
    name,
    color: '#3366ff',
    openTasksCount: tasks.filter((task) => !task.completedAt).length,
    completedTasksCount: 0,
    shared: null,
    memberCount: 0,
    archived: false,
    createdAt: AT,
    updatedAt: AT,
    projectRef: { projectId: id, workspaceId: 'w1' },
    ...extra,
    tasks,
  };
};

/** A workspace answer; its counts are those of the rows it holds unless given. */
export const aWorkspace = (extra: Partial<WorkspaceResponse> = {}): WorkspaceResponse => {
  const base = {
    workspaceId: 'w1',
    version: 1,
    access: { archives: true, projectSharing: true, projectsLimit: null, automationsLimit: null },
    projects: [],
    tasks: [],
    plannedTasks: [],
    automations: [],
    archivedProjectsCount: 0,
    days: {
      timeZone: 'UTC',
      carryOverTo: 'top' as const,
      backToInboxAfter: null,
      capacity: [360, 360, 360, 360, 360, 360, 360],
      planNudgeAt: null,
      finishNudgeAt: null,
    },
    more: { planned: null, inbox: null },
    focus: null,
    dayReview: null,
    ...extra,
  };
  const rows = new Map(
    [...base.projects.flatMap((project) => project.tasks), ...base.tasks, ...base.automations].map(
      (task) => [task.id, task],
    ),
  );
  const completed = base.plannedTasks.filter((id) => rows.get(id)?.completedAt).length;
  return {
    plannedCounts: { open: base.plannedTasks.length - completed, completed },
    inboxOpenCount: base.tasks.filter((task) => !task.completedAt).length,
    ...base,
  };
};

/** A sync answer bringing workspace w1 to `version` with nothing else changed (decision 020). */
export const someChanges = (version: number, extra: Partial<SyncChanges> = {}): SyncChanges => ({
  kind: 'changes',
  workspaceId: 'w1',
  version,
  more: false,
  access: aWorkspace().access,
  archivedProjectsCount: 0,
  plannedCounts: { open: 0, completed: 0 },
  inboxOpenCount: 0,
  projects: [],
  projectOrder: null,
  tasks: [],
  automations: [],
  taskHomes: [],
  plannedTasks: null,
  automationRules: [],
  removed: { projects: [], tasks: [], automationRules: [] },
  ...extra,
});
