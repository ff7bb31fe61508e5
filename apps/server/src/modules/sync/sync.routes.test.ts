import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LIMITS } from '@hustle/shared/constants';
import type { SyncChanges, SyncResponse } from '@hustle/shared/sync';
import { applySyncChanges } from '@hustle/shared/sync-apply';
import type { WorkspaceResponse } from '@hustle/shared/workspace';
import { createMaintenance } from '../workspaces/maintenance.ts';
import { apiClientFor, type ApiClient } from '../../testing/api-client.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDialects } from '../../testing/test-databases.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(testDialects)('incremental sync (%s)', (dialect) => {
  let t: TestApp;
  let ada: ApiClient;
  let bea: ApiClient;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    ada = await apiClientFor(t.app, 'ada@example.com');
    bea = await apiClientFor(t.app, 'bea@example.com');
  });
  afterEach(() => t.close());

  const sync = async (client: ApiClient, since: number, limit?: number): Promise<SyncResponse> =>
    client.callOk('getSync', {
      query: { since: String(since), ...(limit ? { limit: String(limit) } : {}) },
    });
  const changesOf = async (client: ApiClient, since: number, limit?: number) => {
    const answer = await sync(client, since, limit);
    if (answer.kind !== 'changes') throw new Error(`expected changes, got ${answer.reason}`);
    return answer;
  };
  /** Brings a copy up to date page by page, as a client does. */
  const catchUp = async (client: ApiClient, copy: WorkspaceResponse, limit?: number) => {
    let current = copy;
    let pages = 0;
    for (let more = true; more; pages += 1) {
      const page: SyncChanges = await changesOf(client, current.version, limit);
      current = applySyncChanges(current, page);
      more = page.more;
    }
    return { copy: current, pages };
  };

  const ws = () => ada.workspaceId;
  const inboxCommand = () => ({ workspaceId: ws(), projectId: null, origin: 'workspace' as const });
  const newTask = (name: string, extra: { projectId?: string; planned?: boolean } = {}) =>
    ada.callOk('createTask', { body: { workspaceId: ws(), name, ...extra } });
  const act = (id: string, action: 'plan' | 'idle' | 'complete' | 'revert', projectId?: string) =>
    ada.callOk('taskAction', {
      params: { id, action },
      body: { ...inboxCommand(), projectId: projectId ?? null },
    });

  it('brings a copy to the snapshot after every kind of command', async () => {
    const { projectId } = await ada.callOk('createProject', {
      body: { workspaceId: ws(), name: 'Home' },
    });
    const { projectId: gardenId } = await ada.callOk('createProject', {
      body: { workspaceId: ws(), name: 'Garden' },
    });
    const inbox = await newTask('Buy milk', { planned: true });
    const other = await newTask('Call mum', { planned: true });
    const inProject = await newTask('Water plants', { projectId, planned: true });
    let automationId = '';

    const commands: [string, () => Promise<unknown>][] = [
      ['create inbox task', () => newTask('Post letter')],
      ['create project task', () => newTask('Fix tap', { projectId })],
      [
        'create project',
        () => ada.callOk('createProject', { body: { workspaceId: ws(), name: 'Work' } }),
      ],
      [
        'rename task',
        () =>
          ada.callOk('renameTask', {
            params: { id: inbox.id },
            body: { workspaceId: ws(), projectId: null, name: 'Buy oat milk' },
          }),
      ],
      ['complete inbox task', () => act(inbox.id, 'complete')],
      ['revert inbox task', () => act(inbox.id, 'revert')],
      ['complete project task', () => act(inProject.id, 'complete', projectId)],
      ['idle inbox task', () => act(other.id, 'idle')],
      ['plan inbox task', () => act(other.id, 'plan')],
      [
        'put to front',
        () =>
          ada.callOk('putTaskToFront', { params: { id: other.id }, body: { workspaceId: ws() } }),
      ],
      [
        'reorder',
        () =>
          ada.callOk('reorderPlannedTask', {
            params: { id: other.id },
            body: { workspaceId: ws(), afterTaskId: inbox.id },
          }),
      ],
      ['hide completed', () => ada.callOk('hideCompletedTasks', { body: { workspaceId: ws() } })],
      [
        'idle all planned',
        () => ada.callOk('idleAllPlannedTasks', { body: { workspaceId: ws() } }),
      ],
      [
        'rename project',
        () =>
          ada.callOk('renameProject', {
            params: { id: projectId },
            body: { workspaceId: ws(), name: 'House' },
          }),
      ],
      [
        'recolour project',
        () =>
          ada.callOk('setProjectColor', {
            params: { id: projectId },
            body: { workspaceId: ws(), color: '#123456' },
          }),
      ],
      [
        'move project',
        () =>
          ada.callOk('moveProject', {
            params: { id: ws() },
            body: { projectId: gardenId, index: 0 },
          }),
      ],
      [
        'delete project task',
        () =>
          ada.callOk('deleteTask', {
            params: { id: inProject.id },
            body: { ...inboxCommand(), projectId },
          }),
      ],
      [
        'delete inbox task',
        () => ada.callOk('deleteTask', { params: { id: other.id }, body: inboxCommand() }),
      ],
      [
        'archive project',
        () => ada.callOk('archiveProject', { params: { id: gardenId }, body: {} }),
      ],
      [
        'unarchive project',
        () => ada.callOk('unarchiveProject', { params: { id: gardenId }, body: {} }),
      ],
      [
        'create automation (makes a task today)',
        async () => {
          automationId = (
            await ada.callOk('createAutomation', {
              body: {
                workspaceId: ws(),
                trigger: { frequency: 'MONTHLY', dayOfMonth: 22 },
                steps: [{ type: 'TASK', payload: { taskName: 'Pay rent' } }],
              },
            })
          ).id;
        },
      ],
      ['delete automation', () => ada.callOk('deleteAutomation', { params: { id: automationId } })],
      ['delete project', () => ada.callOk('deleteProject', { params: { id: projectId } })],
    ];

    for (const [name, command] of commands) {
      const before: WorkspaceResponse = await ada.workspace();
      await command();
      const { copy } = await catchUp(ada, before);
      expect(copy, name).toEqual(await ada.workspace());
    }
  });

  it("brings copies to the snapshot after every kind of undo, a member's copy too", async () => {
    const { projectId } = await ada.callOk('createProject', {
      body: { workspaceId: ws(), name: 'Home' },
    });
    const { inviteLink } = await ada.callOk('getInviteLink', { params: { projectId } });
    await bea.callOk('joinInvite', { params: { inviteToken: inviteLink.replace('/invite/', '') } });
    const first = await newTask('Buy milk', { planned: true });
    const inProject = await newTask('Water plants', { projectId, planned: true });
    await newTask('Fix tap', { projectId, planned: true });
    await act(first.id, 'complete');
    await bea.callOk('taskAction', {
      params: { id: inProject.id, action: 'plan' },
      body: { workspaceId: bea.workspaceId, projectId, origin: 'workspace' },
    });
    const { id: automationId } = await ada.callOk('createAutomation', {
      body: {
        workspaceId: ws(),
        trigger: { frequency: 'MONTHLY', dayOfMonth: 22 },
        steps: [{ type: 'TASK', payload: { taskName: 'Pay rent' } }],
      },
    });

    type Undoable = { undo: { token: string } | null };
    const commands: [string, ApiClient, () => Promise<Undoable>][] = [
      [
        'delete project task',
        ada,
        () =>
          ada.callOk('deleteTask', {
            params: { id: inProject.id },
            body: { ...inboxCommand(), projectId },
          }),
      ],
      ['hide completed', ada, () => ada.callOk('hideCompletedTasks', {})],
      ['idle all planned', ada, () => ada.callOk('idleAllPlannedTasks', {})],
      ['archive project', ada, () => ada.callOk('archiveProject', { params: { id: projectId } })],
      [
        'leave project',
        bea,
        () =>
          bea.callOk('leaveProject', {
            params: { projectId },
            body: { workspaceId: bea.workspaceId },
          }),
      ],
      [
        'delete automation',
        ada,
        () => ada.callOk('deleteAutomation', { params: { id: automationId } }),
      ],
      ['delete project', ada, () => ada.callOk('deleteProject', { params: { id: projectId } })],
    ];

    for (const [name, client, command] of commands) {
      const { undo } = await command();
      const adaBefore: WorkspaceResponse = await ada.workspace();
      const beaBefore: WorkspaceResponse = await bea.workspace();
      await client.callOk('undo', { params: { token: undo!.token } });
      expect((await catchUp(ada, adaBefore)).copy, `undo ${name}`).toEqual(await ada.workspace());
      expect((await catchUp(bea, beaBefore)).copy, `undo ${name} (member)`).toEqual(
        await bea.workspace(),
      );
    }
  });

  it('tells a copy where a moved task went when its project sends only its card', async () => {
    const { projectId } = await ada.callOk('createProject', {
      body: { workspaceId: ws(), name: 'Long' },
    });
    const { projectId: shortId } = await ada.callOk('createProject', {
      body: { workspaceId: ws(), name: 'Short' },
    });
    // A full card: a task moved here goes last, beyond the tasks the project's entry carries.
    for (let step = 1; step <= LIMITS.projectCardOpenTasks; step += 1)
      await newTask(`Step ${step}`, { projectId });
    const loose = await newTask('Loose end');
    const planned = await newTask('Planned end', { planned: true });
    const carded = await newTask('On the short card', { projectId: shortId });

    const moves: [string, string, string | null][] = [
      ['inbox task', loose.id, null],
      ['planned inbox task', planned.id, null],
      ['task of another project', carded.id, shortId],
    ];
    const homes: Record<string, SyncChanges['taskHomes']> = {};
    for (const [name, id, from] of moves) {
      const before: WorkspaceResponse = await ada.workspace();
      await ada.callOk('moveTaskToProject', {
        params: { id },
        body: { workspaceId: ws(), projectId: from, toProjectId: projectId },
      });
      homes[name] = (await changesOf(ada, before.version)).taskHomes;
      const { copy } = await catchUp(ada, before);
      expect(copy, name).toEqual(await ada.workspace());
    }

    // Beyond the card, only the planned task came with the project's entry.
    expect(homes).toEqual({
      'inbox task': [{ id: loose.id, projectId }],
      'planned inbox task': [],
      'task of another project': [{ id: carded.id, projectId }],
    });
  });

  it('sends automation rules as they are, and their deletion', async () => {
    const { version } = await ada.workspace();
    const rule = await ada.callOk('createAutomation', {
      body: {
        workspaceId: ws(),
        trigger: { frequency: 'MONTHLY', dayOfMonth: 5 },
        steps: [{ type: 'TASK', payload: { taskName: 'Pay rent' } }],
      },
    });
    const made = await changesOf(ada, version);
    expect(made.automationRules).toEqual([rule]);
    await ada.callOk('deleteAutomation', { params: { id: rule.id } });
    const gone = await changesOf(ada, made.version);
    expect(gone.automationRules).toEqual([]);
    expect(gone.removed.automationRules).toEqual([rule.id]);
  });

  it('answers nothing new at the current version, and pages on whole commands', async () => {
    const start: WorkspaceResponse = await ada.workspace();
    expect(await sync(ada, start.version)).toMatchObject({
      kind: 'changes',
      version: start.version,
      more: false,
      projects: [],
      tasks: [],
      plannedTasks: null,
    });
    for (const name of ['One', 'Two', 'Three', 'Four', 'Five'])
      await newTask(name, { planned: true });

    // Each planned create logs two rows (task, planned): a page of three rows holds one command.
    const first = await changesOf(ada, start.version, 3);
    expect(first).toMatchObject({ version: start.version + 1, more: true });
    expect(first.tasks.map((task) => task.name)).toEqual(['One']);

    const { copy, pages } = await catchUp(ada, start, 3);
    expect(pages).toBe(5);
    expect(copy).toEqual(await ada.workspace());

    // A command bigger than a page comes whole.
    const beforeIdle = copy.version;
    await ada.callOk('idleAllPlannedTasks', { body: { workspaceId: ws() } });
    const idled = await changesOf(ada, beforeIdle, 2);
    expect(idled).toMatchObject({ version: beforeIdle + 1, more: false, plannedTasks: [] });
    expect(idled.tasks.map((task) => task.state)).toEqual(Array(5).fill('IDLE'));
  });

  it('says "take a snapshot" when the copy is older than the log or not of this history', async () => {
    const { version } = await ada.workspace();
    // The first version is the empty workspace, which no change row describes.
    expect(await sync(ada, 0)).toMatchObject({ kind: 'snapshot', reason: 'too-old', version });
    expect(await sync(ada, version + 5)).toMatchObject({
      kind: 'snapshot',
      reason: 'unknown-version',
      version,
    });

    await newTask('Old news');
    t.clock.advance(20 * DAY_MS);
    await newTask('Lately'); // also keeps the session alive
    t.clock.advance(11 * DAY_MS);
    await createMaintenance({ db: t.database.db, clock: t.clock }).pruneWriteHistory();
    expect(await sync(ada, version)).toMatchObject({ kind: 'snapshot', reason: 'too-old' });
    expect(await sync(ada, version + 1)).toMatchObject({ kind: 'changes', version: version + 2 });
  });

  it('says "take a snapshot" when the log holds a change it cannot express', async () => {
    const { version } = await ada.workspace();
    await t.database.db
      .updateTable('workspaces')
      .set({ version: version + 1 })
      .where('id', '=', ws())
      .execute();
    await t.database.db
      .insertInto('change_log')
      .values({
        workspace_id: ws(),
        version: version + 1,
        entity: 'workspace',
        entity_id: ws(),
        op: 'put',
        changed_at: t.clock.now().toISOString(),
      })
      .execute();
    expect(await sync(ada, version)).toMatchObject({
      kind: 'snapshot',
      reason: 'not-expressible',
      version: version + 1,
    });
  });

  it('refuses a version that is not a whole number, and a page size out of range', async () => {
    for (const query of [
      { since: '-1' },
      { since: 'abc' },
      { since: '1', limit: '0' },
      { since: '1', limit: '501' },
    ]) {
      const res = await ada.call('getSync', { query });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
  });

  it("never shows another user's changes; a shared project's changes reach its members", async () => {
    const beaStart: WorkspaceResponse = await bea.workspace();
    await newTask('Secret inbox task', { planned: true });
    const { projectId } = await ada.callOk('createProject', {
      body: { workspaceId: ws(), name: 'Private' },
    });
    await newTask('Private task', { projectId });
    expect(await sync(bea, beaStart.version)).toMatchObject({
      kind: 'changes',
      version: beaStart.version,
      projects: [],
      tasks: [],
    });

    const { inviteLink } = await ada.callOk('getInviteLink', { params: { projectId } });
    const inviteToken = String(inviteLink).replace('/invite/', '');
    await bea.callOk('joinInvite', { params: { inviteToken }, body: {} });
    const joined = await changesOf(bea, beaStart.version);
    expect(joined.projects.map((project) => project.name)).toEqual(['Private']);
    expect(joined.projects[0]!.tasks.map((task) => task.name)).toEqual(['Private task']);
    expect(joined.tasks).toEqual([]);
    let beaCopy = applySyncChanges(beaStart, joined);
    expect(beaCopy).toEqual(await bea.workspace());

    await newTask('Shared news', { projectId });
    await ada.callOk('renameProject', {
      params: { id: projectId },
      body: { workspaceId: ws(), name: 'Together' },
    });
    ({ copy: beaCopy } = await catchUp(bea, beaCopy));
    expect(beaCopy).toEqual(await bea.workspace());
    expect(beaCopy.projects[0]).toMatchObject({ name: 'Together', openTasksCount: 2 });

    await bea.callOk('leaveProject', {
      params: { projectId },
      body: { workspaceId: bea.workspaceId },
    });
    const left = await changesOf(bea, beaCopy.version);
    expect(left.removed.projects).toEqual([projectId]);
    expect(left.projects).toEqual([]);
    beaCopy = applySyncChanges(beaCopy, left);
    expect(beaCopy).toEqual(await bea.workspace());

    // Changes after leaving never reach Bea, and the earlier ones read as removals.
    await newTask('After Bea left', { projectId });
    expect(await changesOf(bea, beaCopy.version)).toMatchObject({ projects: [], tasks: [] });
    const replayed = await changesOf(bea, joined.version);
    expect(replayed.projects).toEqual([]);
    expect(replayed.removed.projects).toEqual([projectId]);
  });

  it('tells a member the owner deleted the shared project', async () => {
    const { projectId } = await ada.callOk('createProject', {
      body: { workspaceId: ws(), name: 'Shared' },
    });
    const shared = await newTask('Shared task', { projectId });
    const { inviteLink } = await ada.callOk('getInviteLink', { params: { projectId } });
    await bea.callOk('joinInvite', {
      params: { inviteToken: String(inviteLink).replace('/invite/', '') },
      body: {},
    });
    await bea.callOk('taskAction', {
      params: { id: shared.id, action: 'plan' },
      body: { workspaceId: bea.workspaceId, projectId, origin: 'workspace' },
    });
    const beaCopy: WorkspaceResponse = await bea.workspace();
    expect(beaCopy.plannedTasks).toEqual([shared.id]);

    await ada.callOk('deleteProject', { params: { id: projectId } });
    const gone = await changesOf(bea, beaCopy.version);
    expect(gone.removed.projects).toEqual([projectId]);
    expect(gone.plannedTasks).toEqual([]);
    expect(applySyncChanges(beaCopy, gone)).toEqual(await bea.workspace());
  });
});
