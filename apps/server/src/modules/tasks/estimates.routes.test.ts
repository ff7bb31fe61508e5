import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Task } from '@hustle/shared/tasks';
import type { WorkspaceResponse } from '@hustle/shared/workspace';
import { apiClientFor, type ApiClient } from '../../testing/api-client.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDialects } from '../../testing/test-databases.ts';

/** Issue 30 through the API: a task's estimate and each weekday's capacity. */
describe.each(testDialects)('estimates and capacity (%s)', (dialect) => {
  let t: TestApp;
  let ada: ApiClient;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    t.clock.set('2026-11-27T10:00:00.000Z');
    ada = await apiClientFor(t.app, 'ada@example.com');
  });
  afterEach(() => t.close());

  const add = async (name: string, projectId: string | null = null) =>
    (
      await ada.callOk('createTask', {
        body: { workspaceId: ada.workspaceId, projectId, name, planned: true },
      })
    ).id;
  const estimate = (client: ApiClient, id: string, value: unknown, projectId: string | null) =>
    client.call('setTaskEstimate', {
      params: { id },
      body: { workspaceId: client.workspaceId, projectId, estimate: value as number },
    });
  const read = async (client = ada) => (await client.workspace()) as WorkspaceResponse;
  const taskIn = (ws: WorkspaceResponse, id: string): Task =>
    [...ws.tasks, ...ws.projects.flatMap((p) => p.tasks)].find((task) => task.id === id)!;

  it('sets an estimate the lists carry, that every member of the project sees, and clears it', async () => {
    const { projectId } = await ada.callOk('createProject', {
      body: { workspaceId: ada.workspaceId, name: 'Home' },
    });
    const inbox = await add('Call Anna');
    const paint = await add('Paint', projectId);
    expect(taskIn(await read(), inbox).estimate).toBeNull();
    expect((await estimate(ada, inbox, 5, null)).statusCode).toBe(200);
    expect((await estimate(ada, paint, 480, projectId)).statusCode).toBe(200);

    const { inviteLink } = await ada.callOk('getInviteLink', { params: { projectId } });
    const bea = await apiClientFor(t.app, 'bea@example.com');
    await bea.callOk('joinInvite', { params: { inviteToken: inviteLink.replace('/invite/', '') } });
    expect(taskIn(await read(bea), paint).estimate).toBe(480);
    expect((await estimate(bea, paint, 90, projectId)).statusCode).toBe(200);

    const ws = await read();
    expect([taskIn(ws, inbox).estimate, taskIn(ws, paint).estimate]).toEqual([5, 90]);
    // The same estimate again changes nothing, not even the version.
    expect((await estimate(ada, inbox, 5, null)).statusCode).toBe(200);
    expect((await read()).version).toBe(ws.version);
    expect((await estimate(ada, inbox, null, null)).statusCode).toBe(200);
    expect(taskIn(await read(), inbox).estimate).toBeNull();
  });

  it('refuses estimates outside 5 minutes to 8 hours, and anything not whole minutes', async () => {
    const task = await add('Write');
    await estimate(ada, task, 30, null);
    const before = await read();
    const bad = [-5, 0, 4, 481, 30.5, Number.MAX_SAFE_INTEGER, '30', '30m', true, {}];
    const answers = await Promise.all(bad.map((value) => estimate(ada, task, value, null)));
    expect(answers.map((res) => res.statusCode)).toEqual(bad.map(() => 400));
    expect(answers[2]!.json().error.message).toMatch(/at least 5 minutes/);
    expect(answers[3]!.json().error.message).toMatch(/at most 8 hours/);
    expect(answers[4]!.json().error.message).toMatch(/whole minutes/);
    expect(answers[6]!.json().error.message).toMatch(/number of minutes/);
    expect(await read()).toEqual(before);
  });

  it('answers 404 for another user’s task', async () => {
    const task = await add('Mine');
    const eve = await apiClientFor(t.app, 'eve@example.com');
    expect((await estimate(eve, task, 30, null)).statusCode).toBe(404);
    expect(taskIn(await read(), task).estimate).toBeNull();
  });

  it('keeps six hours a day until the user sets each weekday, 0 to 16 hours', async () => {
    expect((await read()).days.capacity).toEqual([360, 360, 360, 360, 360, 360, 360]);
    const week = [480, 480, 480, 480, 240, 0, 960];
    await ada.callOk('updateDaySettings', {
      body: { workspaceId: ada.workspaceId, capacity: week },
    });
    // Other settings leave it as it is.
    await ada.callOk('updateDaySettings', {
      body: { workspaceId: ada.workspaceId, carryOverTo: 'bottom' },
    });
    const after = await read();
    expect(after.days).toMatchObject({ carryOverTo: 'bottom', capacity: week });

    const bad = [
      [360, 360, 360, 360, 360, 360],
      [360, 360, 360, 360, 360, 360, 360, 360],
      [360, 360, 360, 360, 360, 360, -1],
      [360, 360, 360, 360, 360, 360, 961],
      [360, 360, 360, 360, 360, 360, 1.5],
      ['360', 360, 360, 360, 360, 360, 360],
      '360',
    ];
    const answers = await Promise.all(
      bad.map((capacity) =>
        ada.call('updateDaySettings', {
          body: { workspaceId: ada.workspaceId, capacity: capacity as number[] },
        }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(bad.map(() => 400));
    expect(answers[0]!.json().error.message).toMatch(/seven days/);
    expect(answers[3]!.json().error.message).toMatch(/at most 16 hours/);
    expect(await read()).toEqual(after);
  });
});
