import type {
  ExportAutomation,
  ExportDocument,
  ExportProject,
  ExportTask,
  ImportCounts,
  ImportDetails,
  ImportKind,
  Skipped,
} from '@hustle/shared/portability';
import { DAY_RANGE_YEARS, isWithinRange, type Day } from '@hustle/shared/days';
import type { Room } from '../policy/policy.service.ts';

export interface ImportRoom {
  activeProjects: Room;
  allProjects: Room;
  automations: Room;
  inboxTasks: Room;
}

type AutomationTask = ExportDocument['automationTasks'][number];

/** What of a document goes in: the parts that fit, in the document's order, and what is left out. */
export interface ImportPlan {
  projects: ExportProject[];
  inbox: ExportTask[];
  automations: ExportAutomation[];
  /** Their automationRef is null when their automation stays out: they stay automation tasks. */
  automationTasks: AutomationTask[];
  /** Planned tasks that go in, on an active list, in order (no day: today). */
  planned: ExportDocument['planned'];
  /** The days finished, with their notes for the day after (version 3): they take no room. */
  dayReviews: ExportDocument['dayReviews'];
  added: ImportCounts;
  details: ImportDetails;
  skipped: Skipped[];
}

const PROJECT_LEFT_OUT = 'Their project was left out.';

/**
 * Decides what fits: projects in order while the plan and the cap have room (archived ones take
 * no room under the plan's active limit), the inbox and automation tasks within the inbox's cap,
 * automations within the plan. Nothing that goes in refers to something left out.
 */
export function planImport(doc: ExportDocument, room: ImportRoom): ImportPlan {
  const skipped = new Map<string, Skipped>();
  const skip = (kind: ImportKind, reason: string, count = 1) => {
    if (count === 0) return;
    const key = `${kind}:${reason}`;
    const entry = skipped.get(key) ?? { kind, count: 0, reason };
    entry.count += count;
    skipped.set(key, entry);
  };
  let { count: activeLeft } = room.activeProjects;
  let { count: allLeft } = room.allProjects;

  const projects: ExportProject[] = [];
  for (const project of doc.projects) {
    const active = project.archivedAt === null;
    if (allLeft <= 0) {
      skip('projects', room.allProjects.reason);
    } else if (active && activeLeft <= 0) {
      skip('projects', room.activeProjects.reason);
    } else {
      projects.push(project);
      allLeft -= 1;
      if (active) activeLeft -= 1;
      continue;
    }
    skip('tasks', PROJECT_LEFT_OUT, project.tasks.length);
  }

  let inboxLeft = room.inboxTasks.count;
  const fitInbox = <T>(tasks: T[]): T[] => {
    const fitting = tasks.slice(0, Math.max(0, inboxLeft));
    inboxLeft -= fitting.length;
    skip('tasks', room.inboxTasks.reason, tasks.length - fitting.length);
    return fitting;
  };
  const inbox = fitInbox(doc.inbox);

  const automations = doc.automations.slice(0, room.automations.count);
  skip('automations', room.automations.reason, doc.automations.length - automations.length);
  const keptAutomations = new Set(automations.map((automation) => automation.ref));
  const automationTasks = fitInbox(doc.automationTasks).map((task) =>
    task.automationRef === null || keptAutomations.has(task.automationRef)
      ? task
      : { ...task, automationRef: null },
  );

  const onActiveLists = new Set(
    [
      ...projects.filter((project) => project.archivedAt === null).flatMap((p) => p.tasks),
      ...inbox,
      ...automationTasks,
    ].map((task) => task.ref),
  );
  const planned = doc.planned.filter(({ ref }) => onActiveLists.has(ref));
  const projectTasks = projects.reduce((sum, project) => sum + project.tasks.length, 0);
  const keptProjects = new Set(projects.map((project) => project.ref));
  // An automation whose project stays out adds its tasks to the inbox, as a run does then.
  const placedAutomations = automations.map((automation) =>
    automation.projectRef === undefined || keptProjects.has(automation.projectRef)
      ? automation
      : { ...automation, projectRef: undefined },
  );
  const tasks = [...projects.flatMap((project) => project.tasks), ...inbox, ...automationTasks];

  return {
    projects,
    inbox,
    automations: placedAutomations,
    automationTasks,
    planned,
    dayReviews: doc.dayReviews,
    added: {
      projects: projects.length,
      tasks: projectTasks + inbox.length + automationTasks.length,
      automations: automations.length,
    },
    details: {
      planned: planned.length,
      deadlines: tasks.filter((task) => task.deadline !== undefined).length,
      notes: tasks.filter((task) => (task.notes ?? '').trim() !== '').length,
      checklistItems: tasks.reduce((sum, task) => sum + (task.checklist?.length ?? 0), 0),
      automationsInProjects: placedAutomations.filter((a) => a.projectRef !== undefined).length,
    },
    skipped: [...skipped.values()],
  };
}

/** A problem of a document, by its path, as the contract's own validation names them. */
export interface DocumentIssue {
  path: string;
  message: string;
}

/**
 * The document's days that lie further than DAY_RANGE_YEARS from the user's today — deadlines,
 * planned days, the day an "every N" counts from — each by its path: the commands refuse them
 * too (decision 060), so an import cannot store what the app would not.
 */
export function daysOutOfRange(doc: ExportDocument, today: Day): DocumentIssue[] {
  const issues: DocumentIssue[] = [];
  const check = (day: string | undefined, path: string, what: string) => {
    if (day !== undefined && !isWithinRange(day, today)) {
      issues.push({
        path,
        message: `${what} must be within ${DAY_RANGE_YEARS} years of today (${today}).`,
      });
    }
  };
  const checkTasks = (tasks: ExportTask[], at: string) =>
    tasks.forEach((task, t) => check(task.deadline, `${at}.${t}.deadline`, 'A deadline'));
  doc.projects.forEach((project, p) => checkTasks(project.tasks, `projects.${p}.tasks`));
  checkTasks(doc.inbox, 'inbox');
  checkTasks(doc.automationTasks, 'automationTasks');
  doc.planned.forEach((entry, i) => check(entry.day, `planned.${i}.day`, 'A planned day'));
  doc.automations.forEach((automation, a) =>
    check(automation.trigger?.startsOn, `automations.${a}.trigger.startsOn`, 'The start date'),
  );
  return issues;
}
