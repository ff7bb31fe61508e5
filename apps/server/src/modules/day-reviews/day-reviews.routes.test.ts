import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Task } from '@hustle/shared/tasks';
import type { WorkspaceResponse } from '@hustle/shared/workspace';
import { apiClientFor, type ApiClient } from '../../testing/api-client.ts';
import { stateSnapshotter } from '../../testing/state-snapshot.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDialects } from '../../testing/test-databases.ts';

// 18:00 in Warsaw: today there is 2026-11-27.
const NOW = '2026-11-27T17:00:00.000Z';
const TODAY = '2026-11-27';
const TOMORROW = '2026-11-28';

/** Issue 30 item 3 through the API: finishing the day (decision 077). */
describe.each(testDialects)('finishing the day (%s)', (dialect) => {
  let t: TestApp;
  let ada: ApiClient;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    t.clock.set(NOW);
    ada = await apiClientFor(t.app, 'ada@example.com');
    await ada.callOk('updateDaySettings', {
      body: { workspaceId: ada.workspaceId, timeZone: 'Europe/Warsaw' },
    });
  });
  afterEach(() => t.close());

  const add = async (name: string, client = ada) =>
    (
      await client.callOk('createTask', {
        body: { workspaceId: client.workspaceId, projectId: null, name, planned: true },
      })
    ).id;
  const finish = (
    body: { day?: string; note?: string; moves?: { taskId: string; to: string | null }[] },
    client = ada,
  ) =>
    client.call('finishDay', {
      body: {
        workspaceId: client.workspaceId,
        day: body.day ?? TODAY,
        note: body.note ?? '',
        moves: body.moves ?? [],
      },
    });
  const read = async (client = ada) => (await client.workspace()) as WorkspaceResponse;
  const taskIn = (ws: WorkspaceResponse, id: string): Task =>
    [...ws.tasks, ...ws.projects.flatMap((p) => p.tasks)].find((task) => task.id === id)!;

  it('carries each unfinished task where it was sent and keeps the note for tomorrow', async () => {
    const [report, call, shop] = [
      await add('Write report'),
      await add('Call Ann'),
      await add('Shop'),
    ];
    expect((await read()).dayReview).toBeNull();
    const res = await finish({
      note: '  Start with the report  ',
      moves: [
        { taskId: report, to: TOMORROW },
        { taskId: call, to: null },
        { taskId: shop, to: '2026-12-01' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().undo).toMatchObject({ kind: 'finishDay' });
    const ws = await read();
    expect(ws.dayReview).toEqual({ day: TODAY, note: 'Start with the report' });
    expect(taskIn(ws, report)).toMatchObject({ plannedFor: TOMORROW, state: 'PLANNED' });
    expect(taskIn(ws, call)).toMatchObject({ plannedFor: null, state: 'IDLE' });
    expect(taskIn(ws, shop)).toMatchObject({ plannedFor: '2026-12-01' });
    // Finishing again replaces the note; an older day finished later does not hide the newer.
    await finish({ note: 'Report first' });
    expect((await read()).dayReview).toEqual({ day: TODAY, note: 'Report first' });
    expect((await finish({ day: '2026-11-26', note: 'old' })).statusCode).toBe(200);
    expect((await read()).dayReview).toEqual({ day: TODAY, note: 'Report first' });
  });

  it('undoes a finish: the tasks back on their day and place, the review as it was', async () => {
    const [one, two, three] = [await add('One'), await add('Two'), await add('Three')];
    await finish({ note: 'First' });
    const before = await read();
    const { undo } = (
      await finish({
        note: 'Second',
        moves: [
          { taskId: one, to: TOMORROW },
          { taskId: two, to: null },
        ],
      })
    ).json();
    await ada.callOk('undo', { params: { token: undo.token } });
    const after = await read();
    expect(after.dayReview).toEqual({ day: TODAY, note: 'First' });
    expect(after.plannedTasks).toEqual(before.plannedTasks);
    expect([one, two, three].map((id) => taskIn(after, id).plannedFor)).toEqual([
      TODAY,
      TODAY,
      TODAY,
    ]);
    // The first finish undone leaves no finished day.
    const first = await finish({ day: '2026-11-25' });
    await ada.callOk('undo', { params: { token: first.json().undo.token } });
    expect((await read()).dayReview).toEqual({ day: TODAY, note: 'First' });
  });

  it('a later finish of the same day makes the earlier one no longer undoable', async () => {
    const { undo } = (await finish({ note: 'First' })).json();
    t.clock.set('2026-11-27T17:05:00.000Z');
    await finish({ note: 'Second' });
    const res = await ada.call('undo', { params: { token: undo.token } });
    expect(res.statusCode).toBe(409);
    expect((await read()).dayReview?.note).toBe('Second');
  });

  it('refuses bad input with a clear 400 and another user’s task with 404, changing nothing', async () => {
    const task = await add('Mine');
    const bea = await apiClientFor(t.app, 'bea@example.com');
    const hers = await add('Hers', bea);
    const snapshot = await stateSnapshotter(t);
    const before = await snapshot();
    const tomorrow = await finish({ day: TOMORROW });
    expect(tomorrow.statusCode).toBe(400);
    expect(tomorrow.json().error.message).toBe(
      `Only a day that has come can be finished: today (${TODAY}) or one before.`,
    );
    expect((await finish({ day: '2026-02-30' })).statusCode).toBe(400);
    const twoLines = await finish({ note: 'One\nTwo' });
    expect(twoLines.statusCode).toBe(400);
    expect(twoLines.json().error.message).toContain('one line');
    expect((await finish({ note: 'x'.repeat(281) })).statusCode).toBe(400);
    const twice = [
      { taskId: task, to: TOMORROW },
      { taskId: task, to: null },
    ];
    expect((await finish({ moves: twice })).statusCode).toBe(400);
    expect((await finish({ moves: [{ taskId: task, to: '2040-01-01' }] })).statusCode).toBe(400);
    // The move of an own task before another user's is not made either.
    const foreign = await finish({
      moves: [
        { taskId: task, to: TOMORROW },
        { taskId: hers, to: TOMORROW },
      ],
    });
    expect(foreign.statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
    expect((await read()).dayReview).toBeNull();
  });

  it('leaves a task completed meanwhile where it is, and tells other devices through sync', async () => {
    const task = await add('Done already');
    await ada.callOk('taskAction', {
      params: { id: task, action: 'complete' },
      body: { workspaceId: ada.workspaceId, projectId: null, origin: 'workspace' },
    });
    const since = (await read()).version;
    expect((await finish({ note: 'Rest', moves: [{ taskId: task, to: null }] })).statusCode).toBe(
      200,
    );
    expect(taskIn(await read(), task)).toMatchObject({ state: 'DONE', plannedFor: TODAY });
    const page = (await ada.callOk('getSync', { query: { since: String(since) } })) as {
      kind: string;
      dayReview?: WorkspaceResponse['dayReview'];
    };
    expect(page).toMatchObject({ kind: 'changes', dayReview: { day: TODAY, note: 'Rest' } });
  });
});
