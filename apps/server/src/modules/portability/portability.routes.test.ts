import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { endpoints } from '@hustle/shared/api';
import { IMPORT_CAPS } from '@hustle/shared/constants';
import type { ExportDocumentInput } from '@hustle/shared/portability';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-databases.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { apiClientFor, callEndpoint, type ApiClient } from '../../testing/api-client.ts';
import { content } from '../../testing/export-content.ts';

const emptyDocument = (): ExportDocumentInput => ({
  format: 'hustle-export',
  version: 1,
  exportedAt: '2026-11-20T10:00:00.000Z',
  projects: [],
  inbox: [],
  automations: [],
  automationTasks: [],
  planned: [],
});

const at = '2026-11-01T08:00:00.000Z';
const docTask = (ref: string, name = ref) => ({
  ref,
  name,
  createdAt: at,
  updatedAt: at,
  completedAt: null,
});
const docProject = (ref: string, tasks: string[] = [], archivedAt: string | null = null) => ({
  ref,
  name: `Project ${ref}`,
  color: '#3366ff',
  archivedAt,
  createdAt: at,
  tasks: tasks.map((name) => docTask(`${ref}-${name}`, name)),
});
const docAutomation = (ref: string, day = 5) => ({
  ref,
  name: `Automation ${ref}`,
  dayOfMonth: day,
  taskName: `Task of ${ref}`,
  createdAt: at,
  runs: [],
});

/** `size` bytes of JSON whitespace, a mebibyte at a time. */
function* blanks(size: number) {
  const mebibyte = Buffer.alloc(1024 * 1024, ' ');
  for (let left = size; left > 0; left -= mebibyte.length) {
    yield left >= mebibyte.length ? mebibyte : mebibyte.subarray(0, left);
  }
}

describe.each(testDialects)('export and import (%s)', (dialect) => {
  let t: TestApp;
  let ada: ApiClient;
  let bob: ApiClient;

  beforeEach(async () => {
    t = await createTestApp(dialect); // the clock starts on Sunday 2026-11-22 09:00 UTC
    ada = await apiClientFor(t.app, 'ada@example.com');
    bob = await apiClientFor(t.app, 'bob@example.com');
  });
  afterEach(() => t.close());

  const body = (client: ApiClient) => ({ workspaceId: client.workspaceId });
  const makeProject = async (client: ApiClient, name: string) =>
    (await client.callOk('createProject', { body: { ...body(client), name } })).projectId;
  const makeTask = async (
    client: ApiClient,
    name: string,
    projectId: string | null = null,
    planned = false,
  ) =>
    (await client.callOk('createTask', { body: { ...body(client), projectId, name, planned } })).id;
  const complete = (client: ApiClient, id: string, projectId: string | null = null) =>
    client.callOk('taskAction', {
      params: { id, action: 'complete' },
      body: { ...body(client), projectId, origin: 'workspace' },
    });
  const exportOf = (client: ApiClient) => client.callOk('exportData');
  const importInto = (client: ApiClient, doc: ExportDocumentInput) =>
    client.call('importData', { body: doc });
  const makeFree = (client: ApiClient) =>
    t.database.db
      .updateTable('subscriptions')
      .set({ plan: 'FREE', is_trial: 0 })
      .where('user_id', '=', client.userId)
      .execute();

  /** Ada: two active projects and an archived one, inbox, automation with its task, Bob's project joined. */
  async function richAccount() {
    const garden = await makeProject(ada, 'Garden');
    const kitchen = await makeProject(ada, 'Kitchen');
    const old = await makeProject(ada, 'Old');
    await makeTask(ada, 'Dig', garden, true);
    const sow = await makeTask(ada, 'Sow', garden);
    await complete(ada, sow, garden);
    await makeTask(ada, 'Clean', kitchen, true);
    await makeTask(ada, 'Attic box', old);
    await ada.callOk('archiveProject', { params: { id: old } });
    await makeTask(ada, 'Call mum', null, true);
    const bills = await makeTask(ada, 'Bills');
    await complete(ada, bills);
    await ada.callOk('moveProject', {
      params: { id: ada.workspaceId },
      body: { projectId: kitchen, index: 0 },
    });
    const reorderTarget = (await ada.workspace()).plannedTasks as string[];
    await ada.callOk('putTaskToFront', {
      params: { id: reorderTarget.at(-1)! },
      body: { workspaceId: ada.workspaceId },
    });
    await ada.callOk('createAutomation', {
      body: {
        ...body(ada),
        name: 'Rent',
        trigger: { frequency: 'MONTHLY', dayOfMonth: 22 },
        steps: [{ type: 'TASK', payload: { taskName: 'Pay rent' } }],
      },
    });
    const bobs = await makeProject(bob, 'Bob’s secrets');
    await makeTask(bob, 'Bob only', bobs);
    const { inviteLink } = await bob.callOk('getInviteLink', { params: { projectId: bobs } });
    await ada.callOk('joinInvite', { params: { inviteToken: inviteLink.replace('/invite/', '') } });
    await makeTask(ada, 'Ada in Bob’s', bobs, true);
  }

  it('exports everything the user owns, in order, and nothing of anyone else', async () => {
    await richAccount();
    const doc = await exportOf(ada);
    expect(doc).toMatchObject({
      format: 'hustle-export',
      version: 3,
      exportedAt: t.clock.now().toISOString(),
    });
    expect(doc.projects.map((p) => [p.name, p.archivedAt !== null])).toEqual([
      ['Kitchen', false],
      ['Garden', false],
      ['Old', true],
    ]);
    const garden = doc.projects.find((p) => p.name === 'Garden')!;
    expect(garden.tasks.map((task) => [task.name, task.completedAt !== null])).toEqual([
      ['Dig', false],
      ['Sow', true],
    ]);
    expect(garden.tasks[0]).toMatchObject({
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(doc.inbox.map((task) => [task.name, task.completedAt !== null])).toEqual([
      ['Call mum', false],
      ['Bills', true],
    ]);
    expect(doc.automations).toEqual([
      expect.objectContaining({
        name: 'Rent',
        dayOfMonth: 22,
        taskName: 'Pay rent',
        runs: [expect.objectContaining({ period: '2026-11', status: 'CREATED' })],
      }),
    ]);
    const [rentTask] = doc.automationTasks;
    expect(rentTask).toMatchObject({ name: 'Pay rent', automationRef: doc.automations[0]!.ref });
    expect(doc.automations[0]!.runs[0]!.taskRef).toBe(rentTask!.ref);
    const names = new Map(
      [...doc.projects.flatMap((p) => p.tasks), ...doc.inbox, ...doc.automationTasks].map(
        (task) => [task.ref, task.name],
      ),
    );
    // Bills was completed without being planned: completing plans it (it shows among the done).
    expect(doc.planned.map(({ ref }) => names.get(ref))).toEqual([
      'Bills',
      'Dig',
      'Sow',
      'Clean',
      'Call mum',
      'Pay rent',
    ]);
    expect(doc.sharedWithMe).toEqual([{ name: 'Bob’s secrets', ownerEmail: 'bob@example.com' }]);
    const text = JSON.stringify(doc);
    expect(text).not.toContain('Bob only');
    expect(text).not.toContain('Ada in Bob’s');

    const bobsDoc = await exportOf(bob);
    expect(bobsDoc.projects.map((p) => p.name)).toEqual(['Bob’s secrets']);
    expect(bobsDoc.projects[0]!.tasks.map((task) => task.name)).toEqual([
      'Bob only',
      'Ada in Bob’s',
    ]);
    expect(JSON.stringify(bobsDoc)).not.toMatch(/Garden|Call mum|Rent/);
  });

  it('keeps the start of a long run failure, so the export can always be imported', async () => {
    const { id } = await ada.callOk('createAutomation', {
      body: {
        ...body(ada),
        trigger: { frequency: 'MONTHLY', dayOfMonth: 3 },
        steps: [{ type: 'TASK', payload: { taskName: 'Pay rent' } }],
      },
    });
    await t.database.db
      .insertInto('automation_runs')
      .values({
        automation_id: id,
        period: '2026-10',
        task_id: null,
        status: 'ERROR',
        error: 'E'.repeat(5000),
        created_at: at,
      })
      .execute();
    const doc = await exportOf(ada);
    expect(doc.automations[0]!.runs[0]!.error).toHaveLength(2000);
    expect((await importInto(bob, doc)).statusCode).toBe(200);
  });

  it('lets a Free user export too', async () => {
    await makeFree(ada);
    await makeProject(ada, 'Garden');
    const res = await ada.call('exportData');
    expect(res.statusCode).toBe(200);
    expect(res.json().projects).toHaveLength(1);
  });

  it('round-trips: an empty account importing the export has the same content and order', async () => {
    await richAccount();
    const doc = await exportOf(ada);
    const carol = await apiClientFor(t.app, 'carol@example.com');
    const before = (await carol.workspace()).version as number;
    const res = await importInto(carol, doc);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ok: true,
      version: before + 1,
      added: { projects: 3, tasks: 7, automations: 1 },
      details: { planned: 6, deadlines: 0, notes: 0, checklistItems: 0, automationsInProjects: 0 },
      skipped: [],
    });
    const copy = await exportOf(carol);
    expect(content(copy)).toEqual(content(doc));
    expect(copy.sharedWithMe).toEqual([]);
    // Fresh ids: nothing of Ada's is shared with Carol's copy.
    const adaIds = new Set([...doc.projects, ...doc.inbox, ...doc.automations].map((x) => x.ref));
    expect(
      [...copy.projects, ...copy.inbox, ...copy.automations].some((x) => adaIds.has(x.ref)),
    ).toBe(false);
    const workspace = await carol.workspace();
    expect(workspace.projects.map((p: { name: string }) => p.name)).toEqual(['Kitchen', 'Garden']);
    // An export does not say who completed a task; the importer's cards count what it brought.
    expect(
      workspace.projects.map((p: { name: string; completedTasksCount: number }) => [
        p.name,
        p.completedTasksCount,
      ]),
    ).toEqual([
      ['Kitchen', 0],
      ['Garden', 1],
    ]);
    expect(workspace.archivedProjectsCount).toBe(1);
    // The month's run came along, so the automation does not fire a second time.
    expect(await carol.callOk('listAutomationStatuses')).toEqual([
      expect.objectContaining({ name: 'Rent', status: 'ACTIVE', period: '2026-11' }),
    ]);
    expect(workspace.automations).toHaveLength(1);
    const changes = await t.database.db
      .selectFrom('change_log')
      .select('entity')
      .where('workspace_id', '=', carol.workspaceId)
      .where('version', '=', before + 1)
      .execute();
    expect(new Set(changes.map((row) => row.entity))).toEqual(
      new Set(['project', 'membership', 'task', 'planned', 'automation']),
    );
  });

  it('adds an import after what the account already holds', async () => {
    await makeProject(ada, 'Existing');
    const existingTask = await makeTask(ada, 'Existing task', null, true);
    const res = await importInto(ada, {
      ...emptyDocument(),
      projects: [docProject('p', ['One'])],
      inbox: [docTask('t', 'Imported')],
      planned: ['p-One', 't'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const workspace = await ada.workspace();
    expect(workspace.projects.map((p: { name: string }) => p.name)).toEqual([
      'Existing',
      'Project p',
    ]);
    expect(workspace.tasks.map((task: { name: string }) => task.name)).toEqual([
      'Existing task',
      'Imported',
    ]);
    expect(workspace.plannedTasks[0]).toBe(existingTask);
    expect(workspace.plannedTasks).toHaveLength(3);
  });

  it('refuses a bad document with every problem by its field path, and stores nothing', async () => {
    const doc = {
      ...emptyDocument(),
      projects: [{ ...docProject('p', ['One']), name: '' }],
      inbox: [{ ...docTask('t'), completedAt: 'yesterday' }, docTask('p-One')],
      planned: ['t', 'nowhere'],
    };
    const res = await importInto(ada, doc);
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    const paths = (error.details as { path: string }[]).map((issue) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(['projects.0.name', 'inbox.0.completedAt']));

    const refs = await importInto(ada, {
      ...emptyDocument(),
      inbox: [docTask('t'), docTask('t')],
      planned: ['nowhere'],
    });
    expect(refs.statusCode).toBe(400);
    expect((refs.json().error.details as { path: string }[]).map((issue) => issue.path)).toEqual([
      'inbox.1.ref',
      'planned.0',
    ]);

    const notOurs = await importInto(ada, { ...emptyDocument(), format: 'todo-list' } as never);
    expect(notOurs.json().error.details[0]).toMatchObject({
      path: 'format',
      message: expect.stringContaining('Not a Hustle export'),
    });
    expect((await exportOf(ada)).inbox).toEqual([]);
  });

  it('is all or nothing: an item failing half-way leaves nothing behind', async () => {
    const { db } = t.database;
    if (dialect === 'sqlite') {
      await sql`create trigger refuse_boom before insert on automations when new.name = 'Boom'
        begin select raise(abort, 'refused'); end`.execute(db);
    } else {
      await sql`create function refuse_boom() returns trigger language plpgsql as $$
        begin if new.name = 'Boom' then raise exception 'refused'; end if; return new; end $$`.execute(
        db,
      );
      await sql`create trigger refuse_boom before insert on automations
        for each row execute function refuse_boom()`.execute(db);
    }
    const before = (await ada.workspace()).version;
    const res = await importInto(ada, {
      ...emptyDocument(),
      projects: [docProject('p', ['One', 'Two'])],
      inbox: [docTask('t')],
      automations: [docAutomation('a'), { ...docAutomation('b'), name: 'Boom' }],
      planned: ['t'],
    });
    expect(res.statusCode).toBe(500);
    const after = await ada.workspace();
    expect(after.version).toBe(before);
    expect(after.projects).toEqual([]);
    expect(after.tasks).toEqual([]);
    expect(await ada.callOk('listAutomations')).toEqual([]);
  });

  it('applies the plan limits: what does not fit is left out and said why, the rest goes in', async () => {
    await makeFree(ada);
    await makeProject(ada, 'Mine');
    const doc = {
      ...emptyDocument(),
      projects: [
        ...['a', 'b', 'c', 'd', 'e', 'f'].map((ref) => docProject(ref, ['x', 'y'])),
        docProject('z', ['old'], at),
      ],
      automations: [docAutomation('a1'), docAutomation('a2'), docAutomation('a3')],
      automationTasks: [{ ...docTask('made'), automationRef: 'a3' }],
      planned: ['a-x', 'f-x', 'made'],
    };
    const expected = {
      added: { projects: 5, tasks: 10, automations: 2 },
      details: { planned: 2, deadlines: 0, notes: 0, checklistItems: 0, automationsInProjects: 0 },
      skipped: [
        {
          kind: 'projects',
          count: 2,
          reason: 'Your plan allows 5 projects. Upgrade to Premium for unlimited projects.',
        },
        { kind: 'tasks', count: 4, reason: 'Their project was left out.' },
        {
          kind: 'automations',
          count: 1,
          reason: 'Your plan allows 2 automations. Upgrade to Premium for unlimited automations.',
        },
      ],
    };
    const preview = await ada.call('previewImport', { body: doc });
    expect(preview.json()).toEqual(expected);
    const res = await importInto(ada, doc);
    expect(res.json()).toMatchObject(expected);
    const workspace = await ada.workspace();
    expect(workspace.projects.map((p: { name: string }) => p.name)).toEqual([
      'Mine',
      'Project a',
      'Project b',
      'Project c',
      'Project d',
    ]);
    expect(workspace.archivedProjectsCount).toBe(1);
    expect(await ada.callOk('listAutomations')).toHaveLength(2);
    // The task of the automation left out stays, as an automation task of none.
    expect(workspace.automations.map((task: { name: string }) => task.name)).toEqual(['made']);
    expect(workspace.plannedTasks).toHaveLength(2);
  });

  it('takes a document far over the usual body limit, and refuses one over its own', async () => {
    const tasks = Array.from({ length: 1800 }, (_, i) =>
      docTask(`t${i}`, `${i} ${'x'.repeat(600)}`),
    );
    const big = { ...emptyDocument(), inbox: tasks };
    expect(JSON.stringify(big).length).toBeGreaterThan(1024 * 1024);
    const res = await importInto(ada, big);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.json().added.tasks).toBe(1800);

    // Streamed, so no Content-Length tells the server beforehand: it counts as the bytes come.
    const refused = await t.app.inject({
      method: 'POST',
      url: endpoints.importData.path,
      headers: { ...ada.headers, 'content-type': 'application/json' },
      payload: Readable.from(blanks(IMPORT_CAPS.maxBytes + 1)),
    });
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error.code).toBe('BAD_REQUEST');
    expect((await exportOf(ada)).inbox).toHaveLength(1800);
  });

  it('takes imports one at a time, and a refused one leaves the way free for the next', async () => {
    const carol = await apiClientFor(t.app, 'carol@example.com');
    const notJson = t.app.inject({
      method: 'POST',
      url: endpoints.importData.path,
      headers: { ...bob.headers, 'content-type': 'application/json' },
      payload: Readable.from([Buffer.from('{"format":"hustle-export",'), Buffer.from('"inbox":[')]),
    });
    const [big, refused, bad, small] = await Promise.all([
      importInto(ada, { ...emptyDocument(), inbox: [docTask('a1'), docTask('a2')] }),
      notJson,
      importInto(carol, { ...emptyDocument(), planned: ['nowhere'] }),
      importInto(carol, { ...emptyDocument(), inbox: [docTask('c1')] }),
    ]);
    expect([big, refused, bad, small].map((res) => res.statusCode)).toEqual([200, 400, 400, 200]);
    expect(refused.json().error.code).toBe('BAD_REQUEST');
    expect(bad.json().error.code).toBe('VALIDATION_FAILED');
    const after = await importInto(bob, { ...emptyDocument(), inbox: [docTask('b1')] });
    expect(after.statusCode).toBe(200);
    expect((await exportOf(ada)).inbox.map((task) => task.name)).toEqual(['a1', 'a2']);
    expect((await exportOf(carol)).inbox.map((task) => task.name)).toEqual(['c1']);
    expect((await exportOf(bob)).inbox.map((task) => task.name)).toEqual(['b1']);
  });

  it('needs a session', async () => {
    const res = await callEndpoint(t.app, 'exportData', {});
    expect(res.statusCode).toBe(401);
  });
});
