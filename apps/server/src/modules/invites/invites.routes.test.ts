import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-databases.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import type { TaskAction } from '@hustle/shared/tasks';
import { apiClientFor, callEndpoint, type ApiClient } from '../../testing/api-client.ts';

describe.each(testDialects)('sharing by invite link (%s)', (dialect) => {
  let t: TestApp;
  let owner: ApiClient;
  let member: ApiClient;
  let stranger: ApiClient;
  let projectId: string;
  let token: string;

  beforeEach(async () => {
    t = await createTestApp(dialect);
    owner = await apiClientFor(t.app, 'owner@example.com');
    member = await apiClientFor(t.app, 'member@example.com');
    stranger = await apiClientFor(t.app, 'stranger@example.com');
    ({ projectId } = await owner.callOk('createProject', {
      body: { workspaceId: owner.workspaceId, name: 'Garden', color: '#009379' },
    }));
    const { inviteLink } = await owner.callOk('getInviteLink', { params: { projectId } });
    token = inviteLink.replace('/invite/', '');
  });
  afterEach(() => t.close());

  const join = (client: ApiClient, inviteToken = token) =>
    client.call('joinInvite', { params: { inviteToken } });
  const readInvite = (client: ApiClient, inviteToken = token) =>
    client.call('readInvite', { params: { inviteToken } });
  const inviteLink = (client: ApiClient) => client.call('getInviteLink', { params: { projectId } });
  const regenerate = (client: ApiClient) =>
    client.call('regenerateInviteLink', { params: { projectId } });
  const addTask = (client: ApiClient, name: string, planned = false) =>
    client.callOk('createTask', {
      body: { workspaceId: client.workspaceId, projectId, name, planned },
    });
  const snapshot = async () => ({
    owner: await owner.workspace(),
    member: await member.workspace(),
  });

  it('gives the owner one stable, long, unguessable link', async () => {
    expect(token.length).toBeGreaterThan(10);
    expect(token).toMatch(/^[\w-]{40,}$/);
    const again = (await inviteLink(owner)).json().inviteLink;
    expect(again).toBe(`/invite/${token}`);
    const stored = await t.database.db.selectFrom('invites').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('shows the invite to a signed-in reader and lets them join once, at the end of their order', async () => {
    await member.callOk('createProject', {
      body: { workspaceId: member.workspaceId, name: 'Mine' },
    });
    const signedOut = await callEndpoint(t.app, 'readInvite', { params: { inviteToken: token } });
    expect(signedOut.statusCode).toBe(401);
    expect((await readInvite(member)).json()).toEqual({
      name: 'Garden',
      color: '#009379',
      ownerEmail: 'owner@example.com',
      isMember: false,
    });
    const joined = await join(member);
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toEqual({ projectId, workspaceId: member.workspaceId });
    expect((await join(member)).statusCode).toBe(200);
    const ws = await member.workspace();
    expect(ws.projects.map((p: { name: string }) => p.name)).toEqual(['Mine', 'Garden']);
    expect(ws.projects[1].shared).toEqual({
      workspaceId: owner.workspaceId,
      ownerId: owner.userId,
      ownerEmail: 'owner@example.com',
    });
    expect((await readInvite(member)).json().isMember).toBe(true);
    expect((await owner.workspace()).projects[0].shared).toBeNull();
    expect((await join(owner)).statusCode).toBe(200);
    expect((await owner.workspace()).projects).toHaveLength(1);
  });

  it('answers 404 with a clear message for unknown tokens, and 400 for short ones', async () => {
    const unknown = await readInvite(member, 'abcdefghijklmnopqrstuvwxyz');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toMatch(/not valid anymore/);
    expect((await readInvite(member, 'short')).statusCode).toBe(400);
    expect((await join(member, 'abcdefghijklmnopqrstuvwxyz')).statusCode).toBe(404);
  });

  it('regenerating kills the old link', async () => {
    const fresh = (await regenerate(owner)).json().inviteLink;
    expect(fresh).not.toBe(`/invite/${token}`);
    expect((await join(member)).statusCode).toBe(404);
    expect((await join(member, fresh.replace('/invite/', ''))).statusCode).toBe(200);
  });

  it('does not let a Free owner share', async () => {
    await t.database.db
      .updateTable('subscriptions')
      .set({ plan: 'FREE', is_trial: 0 })
      .where('user_id', '=', owner.userId)
      .execute();
    const res = await inviteLink(owner);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('SHARING_NOT_AVAILABLE');
    const joinRes = await join(member);
    expect(joinRes.statusCode).toBe(403);
    expect((await member.workspace()).projects).toEqual([]);
  });

  it("counts on each card the reader's own completions, not the other's (issue 28)", async () => {
    await join(member);
    const [a, b, c] = [
      await addTask(owner, 'Dig'),
      await addTask(owner, 'Sow'),
      await addTask(member, 'Water'),
    ];
    const complete = (client: ApiClient, taskId: string, action: TaskAction = 'complete') =>
      client.callOk('taskAction', {
        params: { id: taskId, action },
        body: { workspaceId: client.workspaceId, projectId, origin: 'workspace' },
      });
    const counts = async () => ({
      owner: (await owner.workspace()).projects[0].completedTasksCount,
      member: (await member.workspace()).projects[0].completedTasksCount,
    });

    await complete(owner, a.id);
    expect(await counts()).toEqual({ owner: 1, member: 0 });
    await complete(member, b.id);
    await complete(member, c.id);
    expect(await counts()).toEqual({ owner: 1, member: 2 });
    // A revert takes the completion back from whoever made it; completing again is the new
    // completer's.
    await complete(owner, b.id, 'revert');
    expect(await counts()).toEqual({ owner: 1, member: 1 });
    await complete(owner, b.id);
    expect(await counts()).toEqual({ owner: 2, member: 1 });
  });

  it('lets members work on tasks, and only the owner change the project', async () => {
    await join(member);
    const mws = member.workspaceId;
    const task = await addTask(member, 'Weed', true);
    expect(task.projectId).toBe(projectId);
    const params = { id: task.id };
    const body = { workspaceId: mws, projectId, origin: 'workspace' } as const;
    const act = (action: TaskAction) =>
      member.call('taskAction', { params: { ...params, action }, body });
    const rename = await member.call('renameTask', {
      params,
      body: { workspaceId: mws, projectId, name: 'Weed beds' },
    });
    expect(rename.statusCode).toBe(200);
    expect((await act('complete')).statusCode).toBe(200);
    expect((await act('revert')).statusCode).toBe(200);
    const toFront = await member.call('putTaskToFront', { params, body: { workspaceId: mws } });
    expect(toFront.statusCode).toBe(200);

    // Planning is per workspace; completing is for everyone, and counted as the member's.
    expect((await member.workspace()).plannedTasks).toEqual([task.id]);
    expect((await owner.workspace()).plannedTasks).toEqual([]);
    await act('complete');
    expect((await owner.workspace()).projects[0].tasks).toEqual([]);
    expect((await member.workspace()).projects[0].completedTasksCount).toBe(1);
    await act('revert');

    const before = await snapshot();
    const project = { params: { id: projectId } };
    const refusals = [
      member.call('renameProject', { ...project, body: { workspaceId: mws, name: 'Mine now' } }),
      member.call('setProjectColor', { ...project, body: { workspaceId: mws, color: '#000000' } }),
      member.call('archiveProject', { ...project, body: { workspaceId: mws } }),
      member.call('unarchiveProject', { ...project, body: { workspaceId: mws } }),
      member.call('deleteProject', project),
      inviteLink(member),
      regenerate(member),
    ];
    for (const res of await Promise.all(refusals)) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    const after = await snapshot();
    expect(after.owner.projects).toEqual(before.owner.projects);
    expect(after.member.projects).toEqual(before.member.projects);
    expect((await member.call('deleteProject', project)).json().error.message).toMatch(/owner/);
  });

  it('keeps strangers and signed-out callers out of a shared project entirely', async () => {
    await join(member);
    const task = await addTask(owner, 'Prune');
    const sws = stranger.workspaceId;
    const body = { workspaceId: sws, projectId, origin: 'workspace' } as const;
    const project = { params: { id: projectId } };
    const ofTask = { params: { id: task.id } };
    /** Every call on the project and its tasks, made with the given headers. */
    const attempts = (headers: Record<string, string>) => {
      const call: ApiClient['call'] = (operation, ...[input]) =>
        callEndpoint(t.app, operation, input, headers);
      return [
        call('renameProject', { ...project, body: { workspaceId: sws, name: 'x' } }),
        call('setProjectColor', { ...project, body: { workspaceId: sws, color: '#000000' } }),
        call('archiveProject', { ...project, body: { workspaceId: sws } }),
        call('unarchiveProject', { ...project, body: { workspaceId: sws } }),
        call('deleteProject', project),
        call('listProjectTasks', project),
        call('getInviteLink', { params: { projectId } }),
        call('leaveProject', { params: { projectId }, body: { workspaceId: sws } }),
        call('createTask', { body: { workspaceId: sws, projectId, name: 'x' } }),
        call('renameTask', { ...ofTask, body: { workspaceId: sws, projectId, name: 'x' } }),
        call('deleteTask', { ...ofTask, body }),
        call('taskAction', { params: { ...ofTask.params, action: 'plan' }, body }),
        call('taskAction', { params: { ...ofTask.params, action: 'complete' }, body }),
      ];
    };
    const before = await snapshot();
    for (const res of await Promise.all(attempts(stranger.headers))) {
      expect(res.statusCode, res.body).toBe(404);
    }
    for (const res of await Promise.all(attempts({}))) {
      expect(res.statusCode, `${res.body} signed out`).toBe(401);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('bumps every member workspace when the shared project changes', async () => {
    await join(member);
    const version = async (client: ApiClient) =>
      (await client.callOk('getWorkspaceVersion')).version;
    const [o0, m0] = [await version(owner), await version(member)];
    await addTask(owner, 'Water');
    expect([await version(owner), await version(member)]).toEqual([o0 + 1, m0 + 1]);
    await owner.callOk('renameProject', {
      params: { id: projectId },
      body: { workspaceId: owner.workspaceId, name: 'Yard' },
    });
    expect((await member.workspace()).projects[0].name).toBe('Yard');
  });

  it('archiving or deleting removes the project and its planned tasks for every member', async () => {
    await join(member);
    const task = await addTask(member, 'Mow', true);
    const project = { params: { id: projectId }, body: { workspaceId: owner.workspaceId } };
    await owner.callOk('archiveProject', project);
    let ws = await member.workspace();
    expect(ws.plannedTasks).not.toContain(task.id);
    expect(ws.projects).toEqual([]);
    await owner.callOk('unarchiveProject', project);
    expect((await member.workspace()).projects).toHaveLength(1);
    await owner.callOk('deleteProject', { params: { id: projectId } });
    ws = await member.workspace();
    expect(ws.projects).toEqual([]);
  });

  it('a member leaves (un-planning its tasks); the owner cannot', async () => {
    await join(member);
    const task = await addTask(member, 'Rake', true);
    const leave = (client: ApiClient) =>
      client.call('leaveProject', {
        params: { projectId },
        body: { workspaceId: client.workspaceId },
      });
    expect((await leave(owner)).statusCode).toBe(403);
    expect((await leave(member)).statusCode).toBe(200);
    const ws = await member.workspace();
    expect(ws.projects).toEqual([]);
    expect(ws.plannedTasks).not.toContain(task.id);
    expect((await owner.workspace()).projects[0].tasks.map((x: { id: string }) => x.id)).toContain(
      task.id,
    );
    expect((await leave(member)).statusCode).toBe(404);
  });
});
