import type { ExportDocument } from '@hustle/shared/portability';

/** The document's content with its refs and export time left out: what a round trip keeps. */
export function content(doc: ExportDocument) {
  const tasksByRef = new Map(
    [...doc.projects.flatMap((project) => project.tasks), ...doc.inbox, ...doc.automationTasks].map(
      (task) => [task.ref, task.name],
    ),
  );
  const task = ({ name, createdAt, updatedAt, completedAt }: ExportDocument['inbox'][number]) => ({
    name,
    createdAt,
    updatedAt,
    completedAt,
  });
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
      createdAt: automation.createdAt,
      pausedAt: automation.pausedAt,
      scheduledFrom: automation.scheduledFrom,
      runs: automation.runs.map((run) => ({
        ...run,
        taskRef: run.taskRef === null ? null : tasksByRef.get(run.taskRef),
      })),
    })),
    automationTasks: doc.automationTasks.map((t) => ({
      ...task(t),
      automation: doc.automations.find((a) => a.ref === t.automationRef)?.name ?? null,
    })),
    planned: doc.planned.map((ref) => tasksByRef.get(ref)),
  };
}
