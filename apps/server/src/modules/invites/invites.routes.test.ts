import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-databases.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { apiClientFor, type ApiClient } from '../../testing/api-client.ts';

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
    projectId = (
      await owner.post('/api/v1/projects', {
        workspaceId: owner.workspaceId,
        name: 'Garden',
        color: '#009379',
      })
    ).json().projectId;
    const link = (await owner.get(`/api/v1/projects/${projectId}/invite-link`)).json().inviteLink;
    token = link.replace('/invite/', '');
  });
  afterEach(() => t.close());

  const join = (client: ApiClient, inviteToken = token) =>
    client.post(`/api/v1/invites/${inviteToken}/join`);
  const snapshot = async () => ({
    owner: await owner.workspace(),
    member: await member.workspace(),
  });

  it('gives the owner one stable, long, unguessable link', async () => {
    expect(token.length).toBeGreaterThan(10);
    expect(token).toMatch(/^[\w-]{40,}$/);
    const again = (await owner.get(`/api/v1/projects/${projectId}/invite-link`)).json().inviteLink;
    expect(again).toBe(`/invite/${token}`);
    const stored = await t.database.db.selectFrom('invites').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('shows the invite to a signed-in reader and lets them join once, at the end of their order', async () => {
    await member.post('/api/v1/projects', { workspaceId: member.workspaceId, name: 'Mine' });
    expect((await t.app.inject(`/api/v1/invites/${token}`)).statusCode).toBe(401);
    expect((await member.get(`/api/v1/invites/${token}`)).json()).toEqual({
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
    expect((await member.get(`/api/v1/invites/${token}`)).json().isMember).toBe(true);
    expect((await owner.workspace()).projects[0].shared).toBeNull();
    expect((await join(owner)).statusCode).toBe(200);
    expect((await owner.workspace()).projects).toHaveLength(1);
  });

  it('answers 404 with a clear message for unknown tokens, and 400 for short ones', async () => {
    const unknown = await member.get('/api/v1/invites/abcdefghijklmnopqrstuvwxyz');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toMatch(/not valid anymore/);
    expect((await member.get('/api/v1/invites/short')).statusCode).toBe(400);
    expect((await join(member, 'abcdefghijklmnopqrstuvwxyz')).statusCode).toBe(404);
  });

  it('regenerating kills the old link', async () => {
    const fresh = (await owner.post(`/api/v1/projects/${projectId}/invite-link/regenerate`)).json()
      .inviteLink;
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
    const res = await owner.get(`/api/v1/projects/${projectId}/invite-link`);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('SHARING_NOT_AVAILABLE');
    const joinRes = await join(member);
    expect(joinRes.statusCode).toBe(403);
    expect((await member.workspace()).projects).toEqual([]);
  });

  it('lets members work on tasks, and only the owner change the project', async () => {
    await join(member);
    const mws = member.workspaceId;
    const task = (
      await member.post('/api/v1/tasks', {
        workspaceId: mws,
        projectId,
        name: 'Weed',
        planned: true,
      })
    ).json();
    expect(task.projectId).toBe(projectId);
    const body = { workspaceId: mws, projectId, origin: 'workspace' };
    expect(
      (
        await member.put(`/api/v1/tasks/${task.id}/rename`, {
          workspaceId: mws,
          projectId,
          name: 'Weed beds',
        })
      ).statusCode,
    ).toBe(200);
    expect((await member.put(`/api/v1/tasks/${task.id}/complete`, body)).statusCode).toBe(200);
    expect((await member.put(`/api/v1/tasks/${task.id}/revert`, body)).statusCode).toBe(200);
    expect(
      (await member.put(`/api/v1/workspace/tasks/${task.id}/put-to-front`, { workspaceId: mws }))
        .statusCode,
    ).toBe(200);

    // Planning is per workspace; completing is for everyone.
    expect((await member.workspace()).plannedTasks).toEqual([task.id]);
    expect((await owner.workspace()).plannedTasks).toEqual([]);
    await member.put(`/api/v1/tasks/${task.id}/complete`, body);
    expect((await owner.workspace()).projects[0].completedTasksCount).toBe(1);
    await member.put(`/api/v1/tasks/${task.id}/revert`, body);

    const before = await snapshot();
    const refusals = [
      member.put(`/api/v1/projects/${projectId}/rename`, { workspaceId: mws, name: 'Mine now' }),
      member.put(`/api/v1/projects/${projectId}/color`, { workspaceId: mws, color: '#000000' }),
      member.post(`/api/v1/projects/${projectId}/archive`, { workspaceId: mws }),
      member.post(`/api/v1/projects/${projectId}/unarchive`, { workspaceId: mws }),
      member.del(`/api/v1/projects/${projectId}`),
      member.get(`/api/v1/projects/${projectId}/invite-link`),
      member.post(`/api/v1/projects/${projectId}/invite-link/regenerate`),
    ];
    for (const res of await Promise.all(refusals)) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    const after = await snapshot();
    expect(after.owner.projects).toEqual(before.owner.projects);
    expect(after.member.projects).toEqual(before.member.projects);
    expect((await member.del(`/api/v1/projects/${projectId}`)).json().error.message).toMatch(
      /owner/,
    );
  });

  it('keeps strangers and signed-out callers out of a shared project entirely', async () => {
    await join(member);
    const task = (
      await owner.post('/api/v1/tasks', {
        workspaceId: owner.workspaceId,
        projectId,
        name: 'Prune',
      })
    ).json();
    const sws = stranger.workspaceId;
    const body = { workspaceId: sws, projectId, origin: 'workspace' };
    const before = await snapshot();
    const calls: [string, string, unknown?][] = [
      ['PUT', `/api/v1/projects/${projectId}/rename`, { workspaceId: sws, name: 'x' }],
      ['PUT', `/api/v1/projects/${projectId}/color`, { workspaceId: sws, color: '#000000' }],
      ['POST', `/api/v1/projects/${projectId}/archive`, { workspaceId: sws }],
      ['POST', `/api/v1/projects/${projectId}/unarchive`, { workspaceId: sws }],
      ['DELETE', `/api/v1/projects/${projectId}`],
      ['GET', `/api/v1/projects/${projectId}/tasks`],
      ['GET', `/api/v1/projects/${projectId}/invite-link`],
      ['POST', `/api/v1/projects/${projectId}/leave`, { workspaceId: sws }],
      ['POST', '/api/v1/tasks', { workspaceId: sws, projectId, name: 'x' }],
      ['PUT', `/api/v1/tasks/${task.id}/rename`, { workspaceId: sws, projectId, name: 'x' }],
      ['POST', `/api/v1/tasks/${task.id}/delete`, body],
      ['PUT', `/api/v1/tasks/${task.id}/plan`, body],
      ['PUT', `/api/v1/tasks/${task.id}/complete`, body],
    ];
    for (const [method, url, payload] of calls) {
      const asStranger = await stranger.call(method as 'GET', url, payload);
      expect(asStranger.statusCode, `${method} ${url}`).toBe(404);
      const signedOut = await t.app.inject({
        method: method as 'GET',
        url,
        ...(payload ? { payload: payload as object } : {}),
      });
      expect(signedOut.statusCode, `${method} ${url} signed out`).toBe(401);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('bumps every member workspace when the shared project changes', async () => {
    await join(member);
    const version = async (client: ApiClient) =>
      (await client.get('/api/v1/dashboard/version')).json().version;
    const [o0, m0] = [await version(owner), await version(member)];
    await owner.post('/api/v1/tasks', { workspaceId: owner.workspaceId, projectId, name: 'Water' });
    expect([await version(owner), await version(member)]).toEqual([o0 + 1, m0 + 1]);
    await owner.put(`/api/v1/projects/${projectId}/rename`, {
      workspaceId: owner.workspaceId,
      name: 'Yard',
    });
    expect((await member.workspace()).projects[0].name).toBe('Yard');
  });

  it('archiving or deleting removes the project and its planned tasks for every member', async () => {
    await join(member);
    const task = (
      await member.post('/api/v1/tasks', {
        workspaceId: member.workspaceId,
        projectId,
        name: 'Mow',
        planned: true,
      })
    ).json();
    await owner.post(`/api/v1/projects/${projectId}/archive`, { workspaceId: owner.workspaceId });
    let ws = await member.workspace();
    expect(ws.plannedTasks).not.toContain(task.id);
    expect(ws.projects).toEqual([]);
    await owner.post(`/api/v1/projects/${projectId}/unarchive`, { workspaceId: owner.workspaceId });
    expect((await member.workspace()).projects).toHaveLength(1);
    await owner.del(`/api/v1/projects/${projectId}`);
    ws = await member.workspace();
    expect(ws.projects).toEqual([]);
  });

  it('a member leaves (un-planning its tasks); the owner cannot', async () => {
    await join(member);
    const task = (
      await member.post('/api/v1/tasks', {
        workspaceId: member.workspaceId,
        projectId,
        name: 'Rake',
        planned: true,
      })
    ).json();
    const ownerLeaves = await owner.post(`/api/v1/projects/${projectId}/leave`, {
      workspaceId: owner.workspaceId,
    });
    expect(ownerLeaves.statusCode).toBe(403);
    const left = await member.post(`/api/v1/projects/${projectId}/leave`, {
      workspaceId: member.workspaceId,
    });
    expect(left.statusCode).toBe(200);
    const ws = await member.workspace();
    expect(ws.projects).toEqual([]);
    expect(ws.plannedTasks).not.toContain(task.id);
    expect((await owner.workspace()).projects[0].tasks.map((x: { id: string }) => x.id)).toContain(
      task.id,
    );
    expect(
      (
        await member.post(`/api/v1/projects/${projectId}/leave`, {
          workspaceId: member.workspaceId,
        })
      ).statusCode,
    ).toBe(404);
  });
});
