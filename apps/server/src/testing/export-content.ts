import type { ExportAnswer } from '@hustle/shared/portability';

/** The document's content with its refs and export time left out: what a round trip keeps. */
export function content(doc: ExportAnswer) {
  const tasksByRef = new Map(
    [...doc.projects.flatMap((project) => project.tasks), ...doc.inbox, ...doc.automationTasks].map(
      (task) => [task.ref, task.name],
    ),
  );
  const task = ({ ref: _ref, ...rest }: ExportAnswer['inbox'][number]) => rest;
  const projectNames = new Map(doc.projects.map((project) => [project.ref, project.name]));
  return {
    projects: doc.projects.map((project) => ({
      name: project.name,
      color: project.color,
      archivedAt: project.archivedAt,
      createdAt: project.createdAt,
      tasks: project.tasks.map(task),
    })),
    inbox: doc.inbox.map(task),
    automations: doc.automations.map((automation) => ({
      name: automation.name,
      dayOfMonth: automation.dayOfMonth,
      trigger: automation.trigger,
      taskName: automation.taskName,
      project: automation.projectRef === undefined ? null : projectNames.get(automation.projectRef),
      createdAt: automation.createdAt,
      pausedAt: automation.pausedAt,
      scheduledFrom: automation.scheduledFrom,
      runs: automation.runs.map((run) => ({
        ...run,
        taskRef: run.taskRef === null ? null : tasksByRef.get(run.taskRef),
      })),
    })),
    automationTasks: doc.automationTasks.map(({ automationRef, ...t }) => ({
      ...task(t),
      automation: doc.automations.find((a) => a.ref === automationRef)?.name ?? null,
    })),
    planned: doc.planned.map(({ ref, ...entry }) => ({ task: tasksByRef.get(ref), ...entry })),
  };
}
