import type { Task } from '@hustle/shared/tasks';
import type { AutomationTask } from '@hustle/shared/workspace';
import { aProject as aSharedProject, aTask, aWorkspace } from '../../../test/workspace-fixture.tsx';

/** The app's shared fixtures, plus the shapes only the Execute list needs. */
export { aTask, aWorkspace };

export const aDoneTask = (id: string, completedAt: string, extra: Partial<Task> = {}): Task =>
  aTask(id, { completedAt, done: true, state: 'DONE', ...extra });

export const aProject = (id: string, name: string, color: string | null, tasks: Task[]) =>
  aSharedProject(id, name, { color, tasks });

export const anAutomationTask = (id: string, extra: Partial<Task> = {}): AutomationTask => ({
  ...aTask(id, extra),
  automationId: `automation-of-${id}`,
  origin: 'automation',
});
