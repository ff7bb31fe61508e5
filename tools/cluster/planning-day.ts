import { expect } from 'vitest';
import type { Cluster } from './cluster.ts';
import { callOk } from './http.ts';
import { viaNginx, type User } from './users.ts';

/**
 * A person's day through nginx: a project and its tasks, a plan put in order, tasks done and
 * hidden, the project shared with a helper who adds to it, and an automation for today.
 */
export async function planADay(cluster: Cluster, ada: User, bob: User): Promise<void> {
  const route = viaNginx(cluster, ada);
  const workspaceId = ada.workspaceId;
  const { projectId } = await callOk(
    route,
    'createProject',
    { body: { workspaceId, name: 'Garden' } },
    ada.token,
  );
  const [dig, sow, water] = await Promise.all(
    ['Dig', 'Sow', 'Water'].map(async (name) => {
      const { id } = await callOk(
        route,
        'createTask',
        { body: { workspaceId, projectId, name } },
        ada.token,
      );
      return id;
    }),
  );
  const { id: plumber } = await callOk(
    route,
    'createTask',
    { body: { workspaceId, name: 'Call the plumber' } },
    ada.token,
  );
  const inProject = { workspaceId, projectId, origin: 'workspace' as const };
  for (const id of [dig!, sow!, water!]) {
    await callOk(
      route,
      'taskAction',
      { params: { id, action: 'plan' }, body: inProject },
      ada.token,
    );
  }
  await callOk(
    route,
    'taskAction',
    { params: { id: plumber, action: 'plan' }, body: { ...inProject, projectId: null } },
    ada.token,
  );
  await callOk(
    route,
    'reorderPlannedTask',
    { params: { id: dig! }, body: { workspaceId, afterTaskId: water! } },
    ada.token,
  );
  await callOk(
    route,
    'putTaskToFront',
    { params: { id: plumber }, body: { workspaceId } },
    ada.token,
  );
  const planned = await callOk(route, 'getWorkspace', { params: { id: workspaceId } }, ada.token);
  expect(planned.plannedTasks).toEqual([plumber, sow, water, dig]);

  await callOk(
    route,
    'taskAction',
    { params: { id: sow!, action: 'complete' }, body: inProject },
    ada.token,
  );
  await callOk(route, 'hideCompletedTasks', { body: { workspaceId } }, ada.token);
  const executed = await callOk(route, 'getWorkspace', { params: { id: workspaceId } }, ada.token);
  expect(executed.plannedTasks).toEqual([plumber, water, dig]);

  const { inviteLink } = await callOk(route, 'getInviteLink', { params: { projectId } }, ada.token);
  await callOk(
    viaNginx(cluster, bob),
    'joinInvite',
    { params: { inviteToken: inviteLink.split('/').pop()! } },
    bob.token,
  );
  await callOk(
    viaNginx(cluster, bob),
    'createTask',
    { body: { workspaceId: bob.workspaceId, projectId, name: 'Buy seeds' } },
    bob.token,
  );
  const projectTasks = await callOk(
    route,
    'listProjectTasks',
    { params: { id: projectId } },
    ada.token,
  );
  expect(projectTasks.map((task) => task.name).sort()).toEqual([
    'Buy seeds',
    'Dig',
    'Sow',
    'Water',
  ]);
  expect(projectTasks.find((task) => task.id === sow)?.state).toBe('DONE');

  const automation = await callOk(
    route,
    'createAutomation',
    {
      body: {
        workspaceId,
        day: new Date().getUTCDate(),
        actions: [{ type: 'TASK', payload: { taskName: 'Pay the rent' } }],
      },
    },
    ada.token,
  );
  const withRent = await callOk(route, 'getWorkspace', { params: { id: workspaceId } }, ada.token);
  expect(withRent.automations.filter((task) => task.automationId === automation.id)).toHaveLength(
    1,
  );
  const statuses = await callOk(route, 'listAutomationStatuses', {}, ada.token);
  expect(statuses.find((status) => status.id === automation.id)?.status).toBe('ACTIVE');
}
