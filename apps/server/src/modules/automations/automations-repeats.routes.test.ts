import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-databases.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { apiClientFor, type ApiClient } from '../../testing/api-client.ts';

/** What decision 063 added to the wire; sent as JSON, so bad ones can be sent too. */
type AnyTrigger = Record<string, unknown> & { frequency: string };

describe.each(testDialects)('repeats: the rules decision 063 adds (%s)', (dialect) => {
  let t: TestApp;
  let ada: ApiClient;
  beforeEach(async () => {
    t = await createTestApp(dialect); // the clock starts on Sunday 2026-11-22 09:00 UTC
    ada = await apiClientFor(t.app, 'ada@example.com');
  });
  afterEach(() => t.close());

  const create = (trigger: AnyTrigger, extra: Record<string, unknown> = {}) =>
    ada.request('POST', '/api/v1/automations', {
      workspaceId: ada.workspaceId,
      trigger,
      steps: [{ type: 'TASK', payload: { taskName: 'Pay rent' } }],
      ...extra,
    });
  const createOk = async (trigger: AnyTrigger, extra: Record<string, unknown> = {}) => {
    const res = await create(trigger, extra);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { id: string; name: string; trigger: AnyTrigger; projectId?: string };
  };
  const statusOf = async (id: string) =>
    (await ada.callOk('listAutomationStatuses')).find((item) => item.id === id)!;
  const automationTasks = async () =>
    ((await ada.workspace()).automations as { name: string }[]).map((task) => task.name);
  /** A new moment: a fresh session (days pass in these tests), and what fell due fires. */
  const at = async (iso: string) => {
    t.clock.set(iso);
    ada = await apiClientFor(t.app, 'ada@example.com');
    await ada.callOk('listAutomationStatuses');
  };
  const livesIn = (timeZone: string) =>
    t.database.db.updateTable('users').set({ timezone: timeZone }).execute();

  it('keeps spec §3’s MONTHLY trigger byte for byte', async () => {
    await createOk({ frequency: 'MONTHLY', dayOfMonth: 5 });
    const res = await ada.call('listAutomations');
    expect(res.body).toContain('"trigger":{"frequency":"MONTHLY","dayOfMonth":5}');
    expect(res.body).not.toContain('projectId');
  });

  it('runs on the first Monday of the month, due until the month ends', async () => {
    const { id, name, trigger } = await createOk({
      frequency: 'WEEKDAY_OF_MONTH',
      nth: 1,
      weekday: 1,
    });
    expect(name).toBe('First Monday of every month');
    expect(trigger).toEqual({ frequency: 'WEEKDAY_OF_MONTH', nth: 1, weekday: 1 });
    expect(await statusOf(id)).toMatchObject({ status: 'IDLE', period: '2026-11' });
    expect((await ada.callOk('getAutomationHistory', { params: { id } })).nextRun).toEqual({
      period: '2026-12',
      date: '2026-12-07',
    });
    await at('2026-12-06T23:59:00.000Z');
    expect(await automationTasks()).toEqual([]);
    // Down on the 7th: still made later that month, once.
    await at('2026-12-09T10:00:00.000Z');
    expect(await statusOf(id)).toMatchObject({ status: 'ACTIVE', period: '2026-12' });
    expect(await automationTasks()).toEqual(['Pay rent']);
    await at('2026-12-20T10:00:00.000Z');
    expect(await automationTasks()).toEqual(['Pay rent']);
  });

  it('runs every 2 weeks on Mon and Thu, counted from its start', async () => {
    const { id, name } = await createOk({
      frequency: 'WEEKLY',
      weekdays: [4, 1],
      interval: 2,
      startsOn: '2026-11-23',
    });
    expect(name).toBe('Every 2 weeks on Mon, Thu');
    const history = await ada.callOk('getAutomationHistory', { params: { id } });
    expect(history.nextRun).toEqual({ period: '2026-11-23', date: '2026-11-23' });
    await at('2026-11-27T08:00:00.000Z'); // Friday: Mon and Thu of the first week ran
    await at('2026-12-03T08:00:00.000Z'); // Thursday of the week off: nothing new
    expect(await automationTasks()).toEqual(['Pay rent']);
    expect(await statusOf(id)).toMatchObject({ period: '2026-11-26', status: 'ACTIVE' });
    await at('2026-12-07T08:00:00.000Z');
    expect(await automationTasks()).toEqual(['Pay rent', 'Pay rent']);
  });

  it('runs at 00:00 where the user is, across a change to summer time', async () => {
    await livesIn('Europe/Warsaw');
    // The last Sunday of March 2027 is the day Warsaw's clocks go forward.
    await createOk({ frequency: 'WEEKDAY_OF_MONTH', nth: -1, weekday: 7 });
    await at('2027-03-27T22:59:00.000Z'); // 23:59 on Saturday in Warsaw
    expect(await automationTasks()).toEqual([]);
    await at('2027-03-27T23:00:00.000Z'); // 00:00 on Sunday
    expect(await automationTasks()).toEqual(['Pay rent']);
  });

  it('runs on the last day of the month and once a year, in New York across its clock change', async () => {
    await livesIn('America/New_York');
    await createOk({ frequency: 'LAST_DAY_OF_MONTH' });
    await createOk({ frequency: 'YEARLY', month: 11, dayOfMonth: 1 }, { name: 'Yearly' });
    // 1 November 2027: New York's clocks go back at 02:00; its day begins at 04:00 UTC.
    await at('2027-11-01T03:59:00.000Z');
    const october = await automationTasks();
    expect(october).toEqual(['Pay rent']); // 31 October, the last day
    await at('2027-11-01T04:00:00.000Z');
    expect(await automationTasks()).toEqual(['Pay rent', 'Pay rent']);
  });

  it('refuses bad rules with a clear 400, and keeps nothing', async () => {
    const bad: AnyTrigger[] = [
      { frequency: 'WEEKDAY_OF_MONTH', nth: 5, weekday: 1 },
      { frequency: 'WEEKDAY_OF_MONTH', nth: 1, weekday: 8 },
      { frequency: 'WEEKLY', weekdays: [1], interval: 2 },
      { frequency: 'DAILY', interval: 0, startsOn: '2026-11-22' },
      { frequency: 'DAILY', interval: 100, startsOn: '2026-11-22' },
      { frequency: 'DAILY', interval: 2, startsOn: '2036-11-22' },
      { frequency: 'DAILY', interval: 2, startsOn: '2026-02-30' },
      { frequency: 'YEARLY', month: 2, dayOfMonth: 30 },
      { frequency: 'YEARLY', month: 13, dayOfMonth: 1 },
      { frequency: 'LAST_DAY_OF_MONTH', dayOfMonth: 31 },
      { frequency: 'MONTHLY', dayOfMonth: 5, rule: 'FREQ=HOURLY' },
      { frequency: 'HOURLY' },
    ];
    for (const trigger of bad) {
      const res = await create(trigger);
      expect(res.statusCode, JSON.stringify(trigger)).toBe(400);
      expect(res.json().error.message).toBeTruthy();
    }
    expect(await ada.callOk('listAutomations')).toEqual([]);
  });

  it('keeps a start within five years of the user’s today by the server’s clock', async () => {
    t.clock.set('2032-01-01T09:00:00.000Z');
    // Signed in then: a session of 2026 has ended by 2032.
    const cid = await apiClientFor(t.app, 'cid@example.com');
    const make = (startsOn: string) =>
      cid.request('POST', '/api/v1/automations', {
        workspaceId: cid.workspaceId,
        trigger: { frequency: 'DAILY', interval: 2, startsOn },
        steps: [{ type: 'TASK', payload: { taskName: 'Stretch' } }],
      });
    const old = await make('2026-11-22');
    expect(old.statusCode).toBe(400);
    expect(old.json().error.message).toBe(
      'The start date must be within 5 years of today (2032-01-01).',
    );
    expect(await cid.callOk('listAutomations')).toEqual([]);
    const made = await make('2031-12-31');
    expect(made.statusCode).toBe(200);
    const edit = await cid.request('PUT', `/api/v1/automations/${made.json().id}`, {
      workspaceId: cid.workspaceId,
      trigger: { frequency: 'DAILY', interval: 3, startsOn: '2037-01-02' },
    });
    expect(edit.statusCode).toBe(400);
    expect((await cid.callOk('listAutomations'))[0]).toMatchObject({
      trigger: { frequency: 'DAILY', interval: 2, startsOn: '2031-12-31' },
    });
  });

  it('writes "every 1" plainly, so it is the plain rule', async () => {
    const { trigger } = await createOk({
      frequency: 'MONTHLY',
      dayOfMonth: 31,
      interval: 1,
      startsOn: '2026-11-22',
    });
    expect(trigger).toEqual({ frequency: 'MONTHLY', dayOfMonth: 31 });
  });
});

describe.each(testDialects)('repeats: the project an automation adds to (%s)', (dialect) => {
  let t: TestApp;
  let ada: ApiClient;
  let bea: ApiClient;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    ada = await apiClientFor(t.app, 'ada@example.com');
    bea = await apiClientFor(t.app, 'bea@example.com');
  });
  afterEach(() => t.close());

  const project = async (client: ApiClient, name: string) =>
    (
      await client.callOk('createProject', {
        body: { workspaceId: client.workspaceId, name },
      })
    ).projectId;
  const create = (projectId: string, trigger = { frequency: 'DAILY' as const }) =>
    ada.call('createAutomation', {
      body: {
        workspaceId: ada.workspaceId,
        trigger,
        steps: [{ type: 'TASK', payload: { taskName: 'Water plants' } }],
        projectId,
      },
    });
  const projectTasks = async (projectId: string) =>
    (await ada.workspace()).projects.find((p: { id: string }) => p.id === projectId)?.tasks ?? [];

  it('adds its tasks to the project, planned', async () => {
    const home = await project(ada, 'Home');
    const res = await create(home);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().projectId).toBe(home);
    const tasks = await projectTasks(home);
    expect(tasks).toMatchObject([{ name: 'Water plants', state: 'PLANNED' }]);
  });

  it('refuses another user’s project (404) and an archived one, and keeps nothing', async () => {
    const theirs = await project(bea, 'Bea’s');
    expect((await create(theirs)).statusCode).toBe(404);
    const old = await project(ada, 'Old');
    await ada.callOk('archiveProject', { params: { id: old }, body: {} });
    const archived = await create(old);
    expect(archived.statusCode).toBe(409);
    expect(archived.json().error.code).toBe('PROJECT_ARCHIVED');
    expect(await ada.callOk('listAutomations')).toEqual([]);
  });

  it('moves to another project or back to the inbox by an edit', async () => {
    const home = await project(ada, 'Home');
    const { id } = (await create(home, { frequency: 'DAILY' })).json();
    const edit = (projectId: string | null) =>
      ada.call('updateAutomation', { params: { id }, body: { projectId } });
    const theirs = await project(bea, 'Bea’s');
    expect((await edit(theirs)).statusCode).toBe(404);
    const inbox = await edit(null);
    expect(inbox.statusCode).toBe(200);
    expect(inbox.json().projectId).toBeUndefined();
  });

  it('adds to the inbox once its project is archived, rather than failing', async () => {
    const home = await project(ada, 'Home');
    const { id } = (await create(home, { frequency: 'WEEKLY', weekdays: [1] } as never)).json();
    await ada.callOk('archiveProject', { params: { id: home }, body: {} });
    t.clock.set('2026-11-23T08:00:00.000Z'); // Monday
    ada = await apiClientFor(t.app, 'ada@example.com');
    const statuses = await ada.callOk('listAutomationStatuses');
    expect(statuses.find((item) => item.id === id)).toMatchObject({ status: 'ACTIVE' });
    expect(((await ada.workspace()).automations as { name: string }[]).map((x) => x.name)).toEqual([
      'Water plants',
    ]);
  });
});

describe.each(testDialects)('repeats: racing a project away (%s)', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(() => t.close());

  it('an automation made while its project is archived or deleted ends one way, never a 5xx', async () => {
    const ada = await apiClientFor(t.app, 'ada@example.com');
    for (const away of ['archiveProject', 'deleteProject'] as const) {
      const { projectId } = await ada.callOk('createProject', {
        body: { workspaceId: ada.workspaceId, name: away },
      });
      const [created, gone] = await Promise.all([
        ada.call('createAutomation', {
          body: {
            workspaceId: ada.workspaceId,
            trigger: { frequency: 'DAILY' },
            steps: [{ type: 'TASK', payload: { taskName: `After ${away}` } }],
            projectId,
          },
        }),
        ada.call(away, { params: { id: projectId }, body: {} } as never),
      ]);
      expect(gone.statusCode, gone.body).toBe(200);
      expect([200, 404, 409], created.body).toContain(created.statusCode);
      const kept = (await ada.callOk('listAutomations')).filter(
        (automation) => automation.steps[0]!.payload.taskName === `After ${away}`,
      );
      expect(kept).toHaveLength(created.statusCode === 200 ? 1 : 0);
      // Its run never fails: its task went to the project while it was there (and with it, if
      // it was deleted), else to the inbox — which of them depends on who came first.
      if (created.statusCode === 200) {
        const status = (await ada.callOk('listAutomationStatuses')).find(
          (item) => item.id === kept[0]!.id,
        )!;
        expect(['DONE', 'ACTIVE']).toContain(status.status);
      }
    }
  });
});
