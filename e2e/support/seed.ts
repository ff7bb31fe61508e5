import { EXPORT_FORMAT, EXPORT_VERSION } from '@hustle/shared/portability';
import type { Api, SignedInUser } from './api.ts';

/** A project with its tasks, in the order given. */
export async function seedProject(
  api: Api,
  user: SignedInUser,
  name: string,
  tasks: string[] = [],
  color?: string,
): Promise<string> {
  const projectId = await api.createProject(user, name, color);
  for (const task of tasks) await api.createTask(user, task, { projectId });
  return projectId;
}

/** A workspace that looks lived in: inbox tasks, four projects, one task planned, one done. */
export async function seedLivedIn(api: Api, user: SignedInUser): Promise<void> {
  for (const name of [
    'Book the dentist for next week',
    'Read https://developer.mozilla.org/en-US/docs/Web/Accessibility before the review',
    'Renew the parking permit',
  ]) {
    await api.createTask(user, name, { planned: false });
  }
  const website = await seedProject(api, user, 'Website relaunch', [
    'Write the pricing page copy',
    'Pick a photo for the hero section',
    'Check the contact form on mobile',
    'Ask Maria for the new logo files',
  ]);
  // One planned task, so both states of the box show.
  const [firstTask] = await api.projectTasks(user, website);
  await api.planTask(user, firstTask!.id, { projectId: website });
  await seedProject(api, user, 'Move to Kraków', [
    'Compare three moving companies',
    'Cancel the old internet contract',
    'Pack the books',
  ]);
  await seedProject(api, user, 'Garden', ['Cut back the roses', 'Order tulip bulbs']);
  const errands = await seedProject(api, user, 'Errands', [
    'Pick up the dry cleaning',
    'Buy stamps',
  ]);
  const done = await api.createTask(user, 'Post the parcel', { projectId: errands, planned: true });
  await api.completeTask(user, done, { projectId: errands });
}

/**
 * Many projects of a few tasks each ('Project 1'…, 'Task 1 of 1'…) and inbox tasks ('Inbox 1'…),
 * in one import: a request per task would take longer than the scenario that uses them.
 */
export async function seedMany(
  api: Api,
  user: SignedInUser,
  {
    projects = 0,
    tasksEach = 0,
    inbox = 0,
  }: { projects?: number; tasksEach?: number; inbox?: number },
): Promise<void> {
  const at = new Date().toISOString();
  const task = (project: number, index: number) => ({
    ref: `p${project}-t${index}`,
    name: `Task ${index} of ${project}`,
    createdAt: at,
    updatedAt: at,
    completedAt: null,
  });
  await api.importDocument(user, {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: at,
    projects: Array.from({ length: projects }, (_, p) => ({
      ref: `p${p + 1}`,
      name: `Project ${p + 1}`,
      color: null,
      archivedAt: null,
      createdAt: at,
      tasks: Array.from({ length: tasksEach }, (_, t) => task(p + 1, t + 1)),
    })),
    inbox: Array.from({ length: inbox }, (_, t) => ({ ...task(0, t + 1), name: `Inbox ${t + 1}` })),
    automations: [],
    automationTasks: [],
    planned: [],
  });
}
