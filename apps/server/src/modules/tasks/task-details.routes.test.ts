import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LIMITS } from '@hustle/shared/constants';
import type { SyncResponse } from '@hustle/shared/sync';
import type { TaskDetails } from '@hustle/shared/task-details';
import type { Task } from '@hustle/shared/tasks';
import type { WorkspaceResponse } from '@hustle/shared/workspace';
import { apiClientFor, type ApiClient } from '../../testing/api-client.ts';
import { stateSnapshotter, type StateSnapshot } from '../../testing/state-snapshot.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDialects } from '../../testing/test-databases.ts';

/** Issue 31 through the API: an opened task's notes and checklist, on both databases. */
describe.each(testDialects)('task details (%s)', (dialect) => {
  let t: TestApp;
  let ada: ApiClient;
  let bob: ApiClient;
  let snapshot: () => Promise<StateSnapshot>;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    ada = await apiClientFor(t.app, 'ada@example.com');
    bob = await apiClientFor(t.app, 'bob@example.com');
    snapshot = await stateSnapshotter(t);
  });
  afterEach(() => t.close());

  const inbox = (client = ada) => ({ workspaceId: client.workspaceId, projectId: null });
  const newTask = async (name = 'Paint the fence') =>
    (await ada.callOk('createTask', { body: { ...inbox(), name, planned: true } })).id;
  const details = (id: string, client = ada) =>
    client.callOk('getTaskDetails', { params: { id } }) as Promise<TaskDetails>;
  const addItem = (taskId: string, name: string, itemId = crypto.randomUUID()) =>
    ada.call('addChecklistItem', { params: { id: taskId }, body: { ...inbox(), itemId, name } });
  const names = async (taskId: string) => (await details(taskId)).checklist.map((i) => i.name);
  const rowOf = async (id: string): Promise<Task> => {
    const ws = (await ada.workspace()) as WorkspaceResponse;
    return ws.tasks.find((task) => task.id === id)!;
  };

  it('keeps notes as written, marks the row, and clears the mark for blank notes', async () => {
    const id = await newTask();
    const notes = 'Buy **white** paint\n\n- brush\n- [shop](https://example.com)';
    await ada.callOk('setTaskNotes', { params: { id }, body: { ...inbox(), notes } });
    expect((await details(id)).notes).toBe(notes);
    expect((await rowOf(id)).hasNotes).toBe(true);
    await ada.callOk('setTaskNotes', { params: { id }, body: { ...inbox(), notes: ' \n ' } });
    expect((await rowOf(id)).hasNotes).toBe(false);
  });

  it('refuses notes past the limit with a 400 and keeps the old ones', async () => {
    const id = await newTask();
    const fits = 'n'.repeat(LIMITS.taskNotesMaxLength);
    await ada.callOk('setTaskNotes', { params: { id }, body: { ...inbox(), notes: fits } });
    const before = await snapshot();
    const res = await ada.call('setTaskNotes', {
      params: { id },
      body: { ...inbox(), notes: `${fits}n` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(await snapshot()).toEqual(before);
    expect((await details(id)).notes).toBe(fits);
  });

  it('adds, renames, checks, reorders and deletes items, with the progress on the row', async () => {
    const id = await newTask();
    const [a, b, c] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    for (const [itemId, name] of [
      [a, 'Sand'],
      [b, 'Prime'],
      [c, 'Paint'],
    ] as const) {
      expect((await addItem(id, name, itemId)).statusCode).toBe(200);
    }
    // The same add sent again (an outbox replay) changes nothing.
    expect((await addItem(id, 'Sand', a)).statusCode).toBe(200);
    const item = (itemId: string) => ({ id, itemId });
    await ada.callOk('updateChecklistItem', {
      params: item(a),
      body: { ...inbox(), name: 'Sand well', done: true },
    });
    await ada.callOk('updateChecklistItem', { params: item(c), body: { ...inbox(), done: true } });
    expect((await rowOf(id)).checklist).toEqual({ done: 2, total: 3 });

    await ada.callOk('moveChecklistItem', {
      params: item(c),
      body: { ...inbox(), afterItemId: null },
    });
    expect(await names(id)).toEqual(['Paint', 'Sand well', 'Prime']);
    await ada.callOk('moveChecklistItem', {
      params: item(c),
      body: { ...inbox(), afterItemId: b },
    });
    expect(await names(id)).toEqual(['Sand well', 'Prime', 'Paint']);
    const self = await ada.call('moveChecklistItem', {
      params: item(c),
      body: { ...inbox(), afterItemId: c },
    });
    expect(self.statusCode).toBe(400);

    const deleted = await ada.callOk('deleteChecklistItem', { params: item(a), body: inbox() });
    expect(await names(id)).toEqual(['Prime', 'Paint']);
    expect((await rowOf(id)).checklist).toEqual({ done: 1, total: 2 });
    // Undo puts it back where it was, checked as it was.
    await ada.callOk('undo', { params: { token: deleted.undo!.token } });
    expect((await details(id)).checklist).toEqual([
      { id: a, name: 'Sand well', done: true },
      { id: b, name: 'Prime', done: false },
      { id: c, name: 'Paint', done: true },
    ]);
    expect((await rowOf(id)).checklist).toEqual({ done: 2, total: 3 });
  });

  it('refuses the 101st item with a 400 and adds nothing', async () => {
    const id = await newTask();
    for (let i = 0; i < LIMITS.checklistItemsPerTask; i++) {
      expect((await addItem(id, `Step ${i + 1}`)).statusCode).toBe(200);
    }
    const before = await snapshot();
    const res = await addItem(id, 'One too many');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'CHECKLIST_FULL',
      message: 'A checklist holds at most 100 items.',
    });
    expect(await snapshot()).toEqual(before);
  });

  it('turns an item into an open task of its own, beside its task, once', async () => {
    const id = await newTask();
    const itemId = crypto.randomUUID();
    await addItem(id, 'Buy brushes', itemId);
    const newId = crypto.randomUUID();
    const turn = () =>
      ada.call('checklistItemToTask', {
        params: { id, itemId },
        body: { ...inbox(), taskId: newId },
      });
    expect((await turn()).statusCode).toBe(200);
    expect((await turn()).statusCode).toBe(200);
    const made = await rowOf(newId);
    expect(made).toMatchObject({ name: 'Buy brushes', projectId: null, state: 'IDLE' });
    expect((await details(id)).checklist).toEqual([]);
    expect((await rowOf(id)).checklist).toEqual({ done: 0, total: 0 });
  });

  it('answers 404 for another user’s task and item, and changes nothing', async () => {
    const id = await newTask();
    const itemId = crypto.randomUUID();
    await addItem(id, 'Sand', itemId);
    const other = await newTask('Other');
    const before = await snapshot();
    const bobs = inbox(bob);
    const answers = await Promise.all([
      bob.call('getTaskDetails', { params: { id } }),
      bob.call('setTaskNotes', { params: { id }, body: { ...bobs, notes: 'Mine' } }),
      bob.call('addChecklistItem', {
        params: { id },
        body: { ...bobs, itemId: crypto.randomUUID(), name: 'Mine' },
      }),
      bob.call('updateChecklistItem', { params: { id, itemId }, body: { ...bobs, done: true } }),
      bob.call('deleteChecklistItem', { params: { id, itemId }, body: bobs }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([404, 404, 404, 404, 404]);
    // An item named under a task it is not on is as unknown.
    const wrong = await ada.call('deleteChecklistItem', {
      params: { id: other, itemId },
      body: inbox(),
    });
    expect(wrong.statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('brings the checklist back with an undone task delete', async () => {
    const id = await newTask();
    await addItem(id, 'Sand');
    await ada.callOk('setTaskNotes', { params: { id }, body: { ...inbox(), notes: 'Kept' } });
    const deleted = await ada.callOk('deleteTask', {
      params: { id },
      body: { ...inbox(), origin: 'workspace' },
    });
    await ada.callOk('undo', { params: { token: deleted.undo!.token } });
    expect(await details(id)).toMatchObject({ notes: 'Kept', checklist: [{ name: 'Sand' }] });
  });

  it('tells other devices: the row’s marks come with the next sync', async () => {
    const id = await newTask();
    const { version } = (await ada.workspace()) as WorkspaceResponse;
    await addItem(id, 'Sand');
    const answer = (await ada.callOk('getSync', {
      query: { since: String(version) },
    })) as SyncResponse;
    if (answer.kind !== 'changes') throw new Error(`expected changes, got ${answer.reason}`);
    expect(answer.tasks.find((task) => task.id === id)?.checklist).toEqual({ done: 0, total: 1 });
  });
});
