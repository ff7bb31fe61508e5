import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UndoTicket } from '@hustle/shared/undo';
import { testDialects } from '../../testing/test-databases.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { apiClientFor, type ApiClient } from '../../testing/api-client.ts';

/** The workspace as a user sees it, without what every write moves on (the version). */
async function seen(client: ApiClient) {
  const { version: _version, ...rest } = await client.workspace();
  return rest;
}

describe.each(testDialects)('undo (%s)', (dialect) => {
  let t: TestApp;
  let ada: ApiClient;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    ada = await apiClientFor(t.app, 'ada@example.com');
  });
  afterEach(() => t.close());

  const inbox = { projectId: null, origin: 'workspace' } as const;
  const addTask = (
    client: ApiClient,
    name: string,
    extra: { projectId?: string; planned?: boolean } = {},
  ) => client.callOk('createTask', { body: { workspaceId: client.workspaceId, name, ...extra } });
  const act = (
    client: ApiClient,
    id: string,
    action: 'plan' | 'complete',
    projectId: string | null = null,
  ) =>
    client.callOk('taskAction', {
      params: { id, action },
      body: { workspaceId: client.workspaceId, projectId, origin: 'workspace' },
    });
  const undo = (client: ApiClient, ticket: UndoTicket | null) =>
    client.call('undo', { params: { token: ticket!.token } });
  const addProject = (client: ApiClient, name: string) =>
    client.callOk('createProject', { body: { workspaceId: client.workspaceId, name } });
  async function share(projectId: string, member: ApiClient) {
    const { inviteLink } = await ada.callOk('getInviteLink', { params: { projectId } });
    await member.callOk('joinInvite', {
      params: { inviteToken: inviteLink.replace('/invite/', '') },
    });
  }

  it('brings a deleted task back to its place in the inbox and the Execute list, completion too', async () => {
    const a = await addTask(ada, 'A', { planned: true });
    const b = await addTask(ada, 'B', { planned: true });
    await addTask(ada, 'C', { planned: true });
    await act(ada, b.id, 'complete');
    const before = await seen(ada);

    const deleted = await ada.callOk('deleteTask', {
      params: { id: b.id },
      body: { workspaceId: ada.workspaceId, ...inbox },
    });
    expect(deleted.undo).toMatchObject({ kind: 'deleteTask', token: expect.any(String) });
    expect((await ada.workspace()).tasks.map((task: { id: string }) => task.id)).not.toContain(
      b.id,
    );

    const res = await undo(ada, deleted.undo);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, kind: 'deleteTask' });
    expect(await seen(ada)).toEqual(before);
    const back = (await ada.workspace()).tasks.find((task: { id: string }) => task.id === b.id);
    expect(back).toMatchObject({ done: true, state: 'DONE', completedAt: expect.any(String) });

    // Once only: a repeat answers the same and changes nothing.
    const { version } = await ada.workspace();
    const again = await undo(ada, deleted.undo);
    expect(again.statusCode).toBe(200);
    expect((await ada.workspace()).version).toBe(version);
    expect(a.id).toBeTruthy();
  });

  it('puts a restored task before a task that took its key meanwhile', async () => {
    await addTask(ada, 'A');
    const last = await addTask(ada, 'Last');
    const deleted = await ada.callOk('deleteTask', {
      params: { id: last.id },
      body: { workspaceId: ada.workspaceId, ...inbox },
    });
    await addTask(ada, 'New');
    expect((await undo(ada, deleted.undo)).statusCode).toBe(200);
    const names = (await ada.workspace()).tasks.map((task: { name: string }) => task.name);
    expect(names).toEqual(['A', 'Last', 'New']);
  });

  it("restores a shared project's task on every member's Execute list, the member undoing", async () => {
    const bea = await apiClientFor(t.app, 'bea@example.com');
    const { projectId } = await addProject(ada, 'Garden');
    await share(projectId, bea);
    await addTask(ada, 'Seeds', { projectId });
    const task = await addTask(bea, 'Water', { projectId });
    await addTask(ada, 'Mow', { projectId });
    await act(ada, task.id, 'plan', projectId);
    await addTask(ada, 'Inbox', { planned: true });
    await act(bea, task.id, 'plan', projectId);
    const [adaBefore, beaBefore] = [await seen(ada), await seen(bea)];

    const deleted = await bea.callOk('deleteTask', {
      params: { id: task.id },
      body: { workspaceId: bea.workspaceId, projectId, origin: 'workspace' },
    });
    expect((await ada.workspace()).plannedTasks).not.toContain(task.id);
    expect((await undo(bea, deleted.undo)).statusCode).toBe(200);
    expect(await seen(ada)).toEqual(adaBefore);
    expect(await seen(bea)).toEqual(beaBefore);
  });

  it('brings a deleted project back whole: members, order, tasks, plans, completion, invite link', async () => {
    const bea = await apiClientFor(t.app, 'bea@example.com');
    await addProject(ada, 'First');
    const { projectId } = await addProject(ada, 'Garden');
    await addProject(ada, 'Last');
    await share(projectId, bea);
    const seeds = await addTask(ada, 'Seeds', { projectId, planned: true });
    const water = await addTask(ada, 'Water', { projectId });
    await addTask(ada, 'Mow', { projectId });
    await act(ada, water.id, 'complete', projectId);
    await act(bea, seeds.id, 'plan', projectId);
    const { inviteLink } = await ada.callOk('getInviteLink', { params: { projectId } });
    const tasksBefore = await ada.callOk('listProjectTasks', { params: { id: projectId } });
    const [adaBefore, beaBefore] = [await seen(ada), await seen(bea)];

    const deleted = await ada.callOk('deleteProject', { params: { id: projectId } });
    expect((await ada.call('listProjectTasks', { params: { id: projectId } })).statusCode).toBe(
      404,
    );
    expect((await undo(ada, deleted.undo)).statusCode).toBe(200);

    expect(await seen(ada)).toEqual(adaBefore);
    expect(await seen(bea)).toEqual(beaBefore);
    expect(await ada.callOk('listProjectTasks', { params: { id: projectId } })).toEqual(
      tasksBefore,
    );
    expect(await ada.callOk('getInviteLink', { params: { projectId } })).toEqual({ inviteLink });
  });

  it('un-archives with every planned row back, and refuses once the project was brought back', async () => {
    const bea = await apiClientFor(t.app, 'bea@example.com');
    const { projectId } = await addProject(ada, 'Garden');
    await share(projectId, bea);
    await addTask(ada, 'Before', { planned: true });
    const seeds = await addTask(ada, 'Seeds', { projectId, planned: true });
    await addTask(ada, 'After', { planned: true });
    await act(bea, seeds.id, 'plan', projectId);
    const [adaBefore, beaBefore] = [await seen(ada), await seen(bea)];
    const strip = (ws: { projects: { updatedAt?: string }[] }) => ({
      ...ws,
      projects: ws.projects.map(({ updatedAt: _u, ...project }) => project),
    });

    const archived = await ada.callOk('archiveProject', { params: { id: projectId } });
    expect((await ada.workspace()).plannedTasks).not.toContain(seeds.id);
    expect((await undo(ada, archived.undo)).statusCode).toBe(200);
    expect(strip(await seen(ada))).toEqual(strip(adaBefore));
    expect(strip(await seen(bea))).toEqual(strip(beaBefore));

    const again = await ada.callOk('archiveProject', { params: { id: projectId } });
    await ada.callOk('unarchiveProject', { params: { id: projectId } });
    const refused = await undo(ada, again.undo);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'UNDO_UNAVAILABLE',
      message: expect.stringMatching(/brought back/),
    });
    // Archiving what is archived already changes nothing and offers no undo.
    await ada.callOk('archiveProject', { params: { id: projectId } });
    expect((await ada.callOk('archiveProject', { params: { id: projectId } })).undo).toBeNull();
  });

  it('puts "Move all tasks to planning" back in order, keeping what changed since', async () => {
    const ids = [];
    for (const name of ['A', 'B', 'C', 'D'])
      ids.push((await addTask(ada, name, { planned: true })).id);
    await act(ada, ids[1]!, 'complete');
    const idle = await addTask(ada, 'Idle');
    const before = await seen(ada);

    const moved = await ada.callOk('idleAllPlannedTasks', {
      body: { workspaceId: ada.workspaceId },
    });
    expect((await ada.workspace()).plannedTasks).toEqual([]);
    expect((await undo(ada, moved.undo)).statusCode).toBe(200);
    expect(await seen(ada)).toEqual(before);

    // Again, with a task deleted and another planned in the meantime.
    const movedAgain = await ada.callOk('idleAllPlannedTasks', {
      body: { workspaceId: ada.workspaceId },
    });
    await ada.callOk('deleteTask', {
      params: { id: ids[2]! },
      body: { workspaceId: ada.workspaceId, ...inbox },
    });
    await act(ada, idle.id, 'plan');
    expect((await undo(ada, movedAgain.undo)).statusCode).toBe(200);
    // What was planned meanwhile follows the list that comes back.
    expect((await ada.workspace()).plannedTasks).toEqual([ids[0], ids[1], ids[3], idle.id]);
    // An empty list moves nothing and offers no undo.
    await ada.callOk('idleAllPlannedTasks', { body: { workspaceId: ada.workspaceId } });
    expect((await ada.callOk('idleAllPlannedTasks', {})).undo).toBeNull();
  });

  it('shows hidden completed tasks again where they were', async () => {
    const a = await addTask(ada, 'A', { planned: true });
    await addTask(ada, 'B', { planned: true });
    const c = await addTask(ada, 'C', { planned: true });
    await act(ada, a.id, 'complete');
    await act(ada, c.id, 'complete');
    const before = await seen(ada);
    const hidden = await ada.callOk('hideCompletedTasks', {});
    expect((await ada.workspace()).plannedTasks).toHaveLength(1);
    expect((await undo(ada, hidden.undo)).statusCode).toBe(200);
    expect(await seen(ada)).toEqual(before);
  });

  it('takes a member back into a project they left, in their order, with their plans', async () => {
    const bea = await apiClientFor(t.app, 'bea@example.com');
    await addProject(bea, 'Own first');
    const { projectId } = await addProject(ada, 'Garden');
    await share(projectId, bea);
    await addProject(bea, 'Own last');
    await bea.callOk('moveProject', {
      params: { id: bea.workspaceId },
      body: { projectId, index: 0 },
    });
    const seeds = await addTask(ada, 'Seeds', { projectId });
    await addTask(bea, 'Mine', { planned: true });
    await act(bea, seeds.id, 'plan', projectId);
    const [adaBefore, beaBefore] = [await seen(ada), await seen(bea)];

    const left = await bea.callOk('leaveProject', {
      params: { projectId },
      body: { workspaceId: bea.workspaceId },
    });
    expect((await bea.workspace()).projects).toHaveLength(2);
    // Someone else's ticket is unknown to them.
    expect((await undo(ada, left.undo)).statusCode).toBe(404);
    expect((await undo(bea, left.undo)).statusCode).toBe(200);
    expect(await seen(bea)).toEqual(beaBefore);
    expect(await seen(ada)).toEqual(adaBefore);
  });

  describe('never gives back more than the caller could reach now (issue 28)', () => {
    const leave = (member: ApiClient, projectId: string) =>
      member.callOk('leaveProject', {
        params: { projectId },
        body: { workspaceId: member.workspaceId },
      });
    const removeMember = (projectId: string, member: ApiClient) =>
      ada.callOk('removeProjectMember', {
        params: { projectId, workspaceId: member.workspaceId },
      });
    const projectsOf = async (client: ApiClient) =>
      (await client.workspace()).projects.map((project: { id: string }) => project.id);
    async function expectRefused(res: Awaited<ReturnType<typeof undo>>, message: RegExp) {
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'UNDO_UNAVAILABLE', message });
    }

    it('keeps a removed member out who undoes the leave they made before joining again', async () => {
      const bea = await apiClientFor(t.app, 'bea@example.com');
      const { projectId } = await addProject(ada, 'Garden');
      await share(projectId, bea);
      const left = await leave(bea, projectId);
      await share(projectId, bea);
      await removeMember(projectId, bea);
      await ada.callOk('regenerateInviteLink', { params: { projectId } });
      const adaBefore = await seen(ada);

      await expectRefused(await undo(bea, left.undo), /current invite link/);
      expect(await projectsOf(bea)).not.toContain(projectId);
      expect(await ada.callOk('listProjectMembers', { params: { projectId } })).toEqual([]);
      expect(await seen(ada)).toEqual(adaBefore);
    });

    it("refuses a leave's undo once the link changed or the project was archived", async () => {
      const bea = await apiClientFor(t.app, 'bea@example.com');
      const { projectId } = await addProject(ada, 'Garden');
      await share(projectId, bea);
      const left = await leave(bea, projectId);
      await ada.callOk('regenerateInviteLink', { params: { projectId } });
      await expectRefused(await undo(bea, left.undo), /current invite link/);

      await share(projectId, bea);
      const leftAgain = await leave(bea, projectId);
      await ada.callOk('archiveProject', { params: { id: projectId } });
      await expectRefused(await undo(bea, leftAgain.undo), /archived since/);
      expect(await projectsOf(bea)).not.toContain(projectId);
    });

    it('takes a member back in while the link they had still works, even after a removal', async () => {
      const bea = await apiClientFor(t.app, 'bea@example.com');
      const { projectId } = await addProject(ada, 'Garden');
      await share(projectId, bea);
      const left = await leave(bea, projectId);
      await share(projectId, bea);
      await removeMember(projectId, bea);
      // The link Bea joined by still lets her in, so the undo gives her nothing new.
      expect((await undo(bea, left.undo)).statusCode).toBe(200);
      expect(await projectsOf(bea)).toContain(projectId);
    });

    it("refuses a removed member's undo of a task delete in the project", async () => {
      const bea = await apiClientFor(t.app, 'bea@example.com');
      const { projectId } = await addProject(ada, 'Garden');
      await share(projectId, bea);
      const task = await addTask(bea, 'Water', { projectId, planned: true });
      const deleted = await bea.callOk('deleteTask', {
        params: { id: task.id },
        body: { workspaceId: bea.workspaceId, projectId, origin: 'workspace' },
      });
      await removeMember(projectId, bea);
      await expectRefused(await undo(bea, deleted.undo), /gone from your workspace/);
      const { rows } = await sql`select id from tasks where id = ${task.id}`.execute(t.database.db);
      expect(rows).toEqual([]);
    });

    it("leaves a removed member's hidden and moved rows of the project off their list", async () => {
      const bea = await apiClientFor(t.app, 'bea@example.com');
      const { projectId } = await addProject(ada, 'Garden');
      await share(projectId, bea);
      const shared = await addTask(bea, 'Water', { projectId, planned: true });
      const own = await addTask(bea, 'Mine', { planned: true });
      const moved = await bea.callOk('idleAllPlannedTasks', {});
      await act(bea, shared.id, 'complete', projectId);
      await act(bea, own.id, 'complete');
      await removeMember(projectId, bea);
      expect((await undo(bea, moved.undo)).statusCode).toBe(200);
      expect((await bea.workspace()).plannedTasks).toEqual([own.id]);
    });

    it('brings a deleted project back to the members still here, not one whose account is gone', async () => {
      const [bea, cy] = [
        await apiClientFor(t.app, 'bea@example.com'),
        await apiClientFor(t.app, 'cy@example.com'),
      ];
      const { projectId } = await addProject(ada, 'Garden');
      await share(projectId, bea);
      await share(projectId, cy);
      await addTask(cy, 'Water', { projectId, planned: true });
      const deleted = await ada.callOk('deleteProject', { params: { id: projectId } });
      await cy.callOk('deleteAccount', { body: { email: 'cy@example.com' } });

      expect((await undo(ada, deleted.undo)).statusCode).toBe(200);
      expect(await projectsOf(bea)).toContain(projectId);
      const members = await ada.callOk('listProjectMembers', { params: { projectId } });
      expect(members.map((member: { email: string }) => member.email)).toEqual(['bea@example.com']);
    });
  });

  it('restores a deleted automation with its history and columns this code does not know', async () => {
    const automation = await ada.callOk('createAutomation', {
      body: {
        workspaceId: ada.workspaceId,
        trigger: { frequency: 'MONTHLY', dayOfMonth: 22 },
        steps: [{ type: 'TASK', payload: { taskName: 'Invoice' } }],
      },
    });
    // A column another change might add: the snapshot keeps whole rows, so it comes back too.
    const db = t.database.db;
    await sql`alter table automations add column paused integer not null default 0`.execute(db);
    await sql`update automations set paused = 1 where id = ${automation.id}`.execute(db);
    const statuses = await ada.callOk('listAutomationStatuses');
    const list = await ada.callOk('listAutomations');
    expect(statuses[0]).toMatchObject({ status: 'ACTIVE' });

    const deleted = await ada.callOk('deleteAutomation', { params: { id: automation.id } });
    expect(await ada.callOk('listAutomations')).toEqual([]);
    expect((await undo(ada, deleted.undo)).statusCode).toBe(200);
    expect(await ada.callOk('listAutomations')).toEqual(list);
    expect(await ada.callOk('listAutomationStatuses')).toEqual(statuses);
    const { rows } = await sql<{ paused: number }>`select paused from automations`.execute(db);
    expect(rows.map((row) => Number(row.paused))).toEqual([1]);
  });

  it('refuses cleanly: expired, the project gone, unknown or malformed tokens', async () => {
    const { projectId } = await addProject(ada, 'Garden');
    const task = await addTask(ada, 'Seeds', { projectId });
    const deleted = await ada.callOk('deleteTask', {
      params: { id: task.id },
      body: { workspaceId: ada.workspaceId, projectId, origin: 'workspace' },
    });
    await ada.callOk('deleteProject', { params: { id: projectId } });
    const gone = await undo(ada, deleted.undo);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().error.code).toBe('UNDO_UNAVAILABLE');

    const other = await addTask(ada, 'Other');
    const late = await ada.callOk('deleteTask', {
      params: { id: other.id },
      body: { workspaceId: ada.workspaceId, ...inbox },
    });
    t.clock.advance(10 * 60_000 + 1);
    const expired = await undo(ada, late.undo);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().error.message).toMatch(/10 minutes/);

    expect(
      (await ada.call('undo', { params: { token: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b' } }))
        .statusCode,
    ).toBe(404);
    expect((await ada.post('/api/v1/undo/not-a-token')).statusCode).toBe(404);
  });

  it('undoes once when two undos race, and never answers 5xx racing new edits', async () => {
    const ids = [];
    for (const name of ['A', 'B', 'C']) ids.push((await addTask(ada, name, { planned: true })).id);
    const moved = await ada.callOk('idleAllPlannedTasks', {});
    const { version } = await ada.workspace();
    const answers = await Promise.all([
      undo(ada, moved.undo),
      undo(ada, moved.undo),
      act(ada, ids[1]!, 'plan').then(() => ({ statusCode: 200 })),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    const ws = await ada.workspace();
    expect([...ws.plannedTasks].sort()).toEqual([...ids].sort());
    // One undo took effect: its rows were logged once, at one version.
    const { rows } = await sql<{ version: number }>`
      select distinct version from change_log
      where workspace_id = ${ada.workspaceId} and version > ${version} and entity_id = ${ids[0]}`.execute(
      t.database.db,
    );
    expect(rows).toHaveLength(1);

    const task = await addTask(ada, 'D');
    const deleted = await ada.callOk('deleteTask', {
      params: { id: task.id },
      body: { workspaceId: ada.workspaceId, ...inbox },
    });
    const raced = await Promise.all([
      undo(ada, deleted.undo),
      ada.call('renameTask', {
        params: { id: task.id },
        body: { workspaceId: ada.workspaceId, projectId: null, name: 'E' },
      }),
      ada.call('taskAction', {
        params: { id: task.id, action: 'plan' },
        body: { workspaceId: ada.workspaceId, ...inbox },
      }),
    ]);
    for (const res of raced) expect([200, 404]).toContain(res.statusCode);
    expect(raced[0]!.statusCode).toBe(200);
  });

  it("answers a member's undo racing the owner's delete of the project without a 5xx", async () => {
    const bea = await apiClientFor(t.app, 'bea@example.com');
    for (let round = 0; round < 4; round += 1) {
      const { projectId } = await addProject(ada, `Garden ${round}`);
      await share(projectId, bea);
      const task = await addTask(bea, 'Water', { projectId, planned: true });
      const deleted = await bea.callOk('deleteTask', {
        params: { id: task.id },
        body: { workspaceId: bea.workspaceId, projectId, origin: 'workspace' },
      });
      const [undone, removed] = await Promise.all([
        undo(bea, deleted.undo),
        ada.call('deleteProject', { params: { id: projectId } }),
      ]);
      expect(removed.statusCode).toBe(200);
      expect([200, 404, 409]).toContain(undone.statusCode);
      // Whichever came first, the project and the task are gone for both.
      const { rows } = await sql`select id from tasks where id = ${task.id}`.execute(t.database.db);
      expect(rows).toEqual([]);
      expect((await bea.workspace()).plannedTasks).toEqual([]);
    }
  });
});
