import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-databases.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { apiClientFor, type ApiClient } from '../../testing/api-client.ts';

describe.each(testDialects)('who a project is shared with (%s)', (dialect) => {
  let t: TestApp;
  let owner: ApiClient;
  let member: ApiClient;
  let second: ApiClient;
  let projectId: string;

  beforeEach(async () => {
    t = await createTestApp(dialect);
    owner = await apiClientFor(t.app, 'owner@example.com');
    member = await apiClientFor(t.app, 'member@example.com');
    second = await apiClientFor(t.app, 'second@example.com');
    ({ projectId } = await owner.callOk('createProject', {
      body: { workspaceId: owner.workspaceId, name: 'Garden' },
    }));
    const { inviteLink } = await owner.callOk('getInviteLink', { params: { projectId } });
    const inviteToken = inviteLink.replace('/invite/', '');
    await member.callOk('joinInvite', { params: { inviteToken } });
  });
  afterEach(() => t.close());

  const members = (client: ApiClient) =>
    client.call('listProjectMembers', { params: { projectId } });
  const remove = (client: ApiClient, workspaceId: string) =>
    client.call('removeProjectMember', { params: { projectId, workspaceId } });
  const version = async (client: ApiClient) => (await client.callOk('getWorkspaceVersion')).version;
  const addTask = async (name: string) =>
    (
      await owner.callOk('createTask', {
        body: { workspaceId: owner.workspaceId, projectId, name },
      })
    ).id;
  const plan = (client: ApiClient, id: string) =>
    client.call('taskAction', {
      params: { id, action: 'plan' },
      body: { workspaceId: client.workspaceId, projectId, origin: 'workspace' },
    });
  const plannedRowsOf = (workspaceId: string) =>
    t.database.db
      .selectFrom('planned_tasks')
      .select('task_id')
      .where('workspace_id', '=', workspaceId)
      .execute();

  it('tells the owner how many share the project, and members who owns it', async () => {
    const ownerCard = (await owner.workspace()).projects[0];
    expect(ownerCard.shared).toBeNull();
    expect(ownerCard.memberCount).toBe(1);
    const memberCard = (await member.workspace()).projects[0];
    expect(memberCard.memberCount).toBeNull();
    expect(memberCard.shared.ownerEmail).toBe('owner@example.com');
  });

  it('lists the members, oldest first, to the owner only', async () => {
    const { inviteLink } = await owner.callOk('getInviteLink', { params: { projectId } });
    await second.callOk('joinInvite', { params: { inviteToken: inviteLink.slice(8) } });
    const listed = await members(owner);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().map((m: { email: string }) => m.email)).toEqual([
      'member@example.com',
      'second@example.com',
    ]);
    expect(listed.json()[0]).toEqual({
      workspaceId: member.workspaceId,
      email: 'member@example.com',
      joinedAt: expect.any(String),
    });
    expect((await members(member)).statusCode).toBe(403);
    const stranger = await apiClientFor(t.app, 'stranger@example.com');
    expect((await members(stranger)).statusCode).toBe(404);
  });

  it('removes a member: their plan drops the project, both workspaces get a new version', async () => {
    const taskId = await addTask('Weed');
    expect((await plan(member, taskId)).statusCode).toBe(200);
    const [o0, m0] = [await version(owner), await version(member)];
    const res = await remove(owner, member.workspaceId);
    expect(res.statusCode, res.body).toBe(200);
    expect([await version(owner), await version(member)]).toEqual([o0 + 1, m0 + 1]);
    const ws = await member.workspace();
    expect(ws.projects).toEqual([]);
    expect(ws.plannedTasks).toEqual([]);
    expect((await owner.workspace()).projects[0].memberCount).toBe(0);
    expect((await members(owner)).json()).toEqual([]);
    expect((await plan(member, taskId)).statusCode).toBe(404);
  });

  it('refuses to remove the owner, and answers 404 for someone who is not a member', async () => {
    const self = await remove(owner, owner.workspaceId);
    expect(self.statusCode).toBe(403);
    expect(self.json().error.message).toMatch(/Archive or delete/);
    const notMember = await remove(owner, second.workspaceId);
    expect(notMember.statusCode).toBe(404);
    expect(notMember.json().error.message).toBe('Member was not found.');
    expect((await remove(owner, 'no-such-workspace')).statusCode).toBe(404);
    expect((await remove(member, member.workspaceId)).statusCode).toBe(403);
    expect((await owner.workspace()).projects[0].memberCount).toBe(1);
  });

  it('leaves no stray planned row when a member plans while being removed', async () => {
    const taskIds = await Promise.all(['A', 'B', 'C', 'D'].map(addTask));
    const answers = await Promise.all([
      ...taskIds.slice(0, 2).map((id) => plan(member, id)),
      remove(owner, member.workspaceId),
      ...taskIds.slice(2).map((id) => plan(member, id)),
    ]);
    for (const res of answers) expect([200, 404], res.body).toContain(res.statusCode);
    expect(answers[2]!.statusCode).toBe(200);
    expect(await plannedRowsOf(member.workspaceId)).toEqual([]);
    expect((await member.workspace()).projects).toEqual([]);
  });

  it('tells the owner when a member leaves', async () => {
    const o0 = await version(owner);
    await member.callOk('leaveProject', {
      params: { projectId },
      body: { workspaceId: member.workspaceId },
    });
    expect(await version(owner)).toBe(o0 + 1);
    expect((await owner.workspace()).projects[0].memberCount).toBe(0);
  });
});
