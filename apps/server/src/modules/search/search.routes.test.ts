import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_PAGE_SIZE, type SearchPage } from '@hustle/shared/search';
import { apiClientFor, type ApiClient } from '../../testing/api-client.ts';
import { insertTasks } from '../../testing/seed-tasks.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDialects } from '../../testing/test-databases.ts';

/** Issue 31 item 6 (decision 075): searching tasks by a word of their name, notes or checklist. */
describe.each(testDialects)('search (%s)', (dialect) => {
  let t: TestApp;
  let ada: ApiClient;
  let bob: ApiClient;
  let eve: ApiClient;
  let garden: string;
  let users = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t?.close());

  /** Fresh people per test: Ada owns Garden, shared with Bob; Eve is a stranger. */
  async function world() {
    users += 1;
    ada = await apiClientFor(t.app, `ada${users}@example.com`);
    bob = await apiClientFor(t.app, `bob${users}@example.com`);
    eve = await apiClientFor(t.app, `eve${users}@example.com`);
    garden = await newProject(ada, 'Garden');
    const { inviteLink } = await ada.callOk('getInviteLink', { params: { projectId: garden } });
    await bob.callOk('joinInvite', {
      params: { inviteToken: inviteLink.replace(/^.*\/invite\//, '') },
    });
  }

  const newProject = async (who: ApiClient, name: string) =>
    (await who.callOk('createProject', { body: { workspaceId: who.workspaceId, name } })).projectId;
  const newTask = async (who: ApiClient, name: string, projectId: string | null = null) =>
    (
      await who.callOk('createTask', {
        body: { workspaceId: who.workspaceId, projectId, name },
      })
    ).id;
  const about = (who: ApiClient, projectId: string | null) => ({
    workspaceId: who.workspaceId,
    projectId,
  });
  const setNotes = (who: ApiClient, id: string, projectId: string | null, notes: string) =>
    who.callOk('setTaskNotes', { params: { id }, body: { ...about(who, projectId), notes } });
  const addItem = async (who: ApiClient, id: string, projectId: string | null, name: string) => {
    const itemId = crypto.randomUUID();
    await who.callOk('addChecklistItem', {
      params: { id },
      body: { ...about(who, projectId), itemId, name },
    });
    return itemId;
  };
  const search = (who: ApiClient, q: string, cursor?: string) =>
    who.callOk('searchTasks', {
      query: { q, ...(cursor ? { cursor } : {}) },
    }) as Promise<SearchPage>;
  const names = async (who: ApiClient, q: string) =>
    (await search(who, q)).results.map((result) => result.name);

  it('finds a done task of an archived project by a word of its notes', async () => {
    await world();
    const shed = await newProject(ada, 'Shed');
    const id = await newTask(ada, 'Paint the door', shed);
    await setNotes(ada, id, shed, 'Two coats of the green varnish,\nthen let it dry.');
    await ada.callOk('taskAction', {
      params: { id, action: 'complete' },
      body: { ...about(ada, shed), origin: 'workspace' },
    });
    await ada.callOk('archiveProject', { params: { id: shed }, body: {} });

    const { results, next } = await search(ada, 'varnish');
    expect(next).toBeNull();
    expect(results).toEqual([
      {
        taskId: id,
        name: 'Paint the door',
        state: 'DONE',
        place: {
          kind: 'project',
          projectId: shed,
          name: 'Shed',
          color: expect.any(String),
          isArchived: true,
        },
        matchedIn: 'notes',
        excerpt: 'Two coats of the green varnish,',
      },
    ]);
  });

  it('finds by name, notes and checklist, the name first; every word, the last as a start', async () => {
    await world();
    const inChecklist = await newTask(ada, 'Weekend');
    await addItem(ada, inChecklist, null, 'Buy tulip bulbs');
    const inNotes = await newTask(ada, 'Shopping');
    await setNotes(ada, inNotes, null, 'Remember the tulip vase');
    await newTask(ada, 'Plant tulips by the fence', garden);
    await newTask(ada, 'Water the roses', garden);

    const found = await search(ada, 'tulip');
    expect(found.results.map((r) => [r.name, r.matchedIn, r.excerpt, r.place.name])).toEqual([
      ['Plant tulips by the fence', 'name', null, 'Garden'],
      ['Shopping', 'notes', 'Remember the tulip vase', 'Inbox'],
      ['Weekend', 'checklist', 'Buy tulip bulbs', 'Inbox'],
    ]);
    // Every word must be there; the last one may be half typed, the others are whole words.
    expect(await names(ada, 'tulips fen')).toEqual(['Plant tulips by the fence']);
    expect(await names(ada, 'tul fence')).toEqual([]);
    expect(await names(ada, 'WATER, roses!')).toEqual(['Water the roses']);
    // Words of other languages, diacritics as typed.
    await newTask(ada, 'Zażółć gęślą jaźń');
    expect(await names(ada, 'gęślą')).toEqual(['Zażółć gęślą jaźń']);
    expect(await names(ada, 'zaż')).toEqual(['Zażółć gęślą jaźń']);
    // Punctuation alone asks for nothing.
    expect(await search(ada, '!!! ---')).toEqual({ results: [], next: null });
  });

  it('ranks the name over the notes over the checklist, both above one, the newest first among equals', async () => {
    await world();
    const old = await newTask(ada, 'Oil the hinges');
    const both = await newTask(ada, 'Squeaky gate');
    await setNotes(ada, both, null, 'Oil it twice');
    await addItem(ada, both, null, 'Buy oil');
    const notes = await newTask(ada, 'Door');
    await setNotes(ada, notes, null, 'The oil can is in the shed');
    const newer = await newTask(ada, 'Oil the bike chain');
    const inBoth = await newTask(ada, 'Oil change');
    await setNotes(ada, inBoth, null, 'Synthetic oil, 5 litres');

    const order = (await search(ada, 'oil')).results.map((r) => r.taskId);
    // name + notes (6), then names (4) newest first, then notes + checklist (3), then notes (2).
    expect(order).toEqual([inBoth, newer, old, both, notes]);
  });

  it("answers each caller only the tasks they can see: a member the shared project's, a stranger none", async () => {
    await world();
    await newTask(ada, 'Secret compost recipe');
    const shared = await newTask(ada, 'Compost heap', garden);
    await newTask(eve, 'Eve compost');

    expect((await names(ada, 'compost')).sort()).toEqual(['Compost heap', 'Secret compost recipe']);
    const bobs = await search(bob, 'compost');
    expect(bobs.results.map((r) => r.taskId)).toEqual([shared]);
    expect(await names(eve, 'compost')).toEqual(['Eve compost']);
    // A member who leaves no longer finds it.
    await bob.callOk('leaveProject', {
      params: { projectId: garden },
      body: { workspaceId: bob.workspaceId },
    });
    expect(await names(bob, 'compost')).toEqual([]);
  });

  it('keeps the index in step with renames, notes, checklist edits, moves and deletes', async () => {
    await world();
    const id = await newTask(ada, 'Call the plumber');
    expect(await names(ada, 'plumber')).toEqual(['Call the plumber']);

    await ada.callOk('renameTask', {
      params: { id },
      body: { ...about(ada, null), name: 'Call the electrician' },
    });
    expect(await names(ada, 'plumber')).toEqual([]);
    expect(await names(ada, 'electrician')).toEqual(['Call the electrician']);

    await setNotes(ada, id, null, 'Ask about the fuse box');
    expect(await names(ada, 'fuse')).toEqual(['Call the electrician']);
    await setNotes(ada, id, null, 'Ask about the wiring');
    expect(await names(ada, 'fuse')).toEqual([]);

    const itemId = await addItem(ada, id, null, 'Find the invoice');
    expect(await names(ada, 'invoice')).toEqual(['Call the electrician']);
    await ada.callOk('updateChecklistItem', {
      params: { id, itemId },
      body: { ...about(ada, null), name: 'Find the receipt' },
    });
    expect(await names(ada, 'invoice')).toEqual([]);
    expect(await names(ada, 'receipt')).toEqual(['Call the electrician']);
    await ada.callOk('deleteChecklistItem', { params: { id, itemId }, body: about(ada, null) });
    expect(await names(ada, 'receipt')).toEqual([]);

    // Moved into the shared project: Bob finds it now.
    expect(await names(bob, 'electrician')).toEqual([]);
    await ada.callOk('moveTaskToProject', {
      params: { id },
      body: { ...about(ada, null), toProjectId: garden },
    });
    const found = await search(bob, 'electrician');
    expect(found.results.map((r) => [r.name, r.place.name])).toEqual([
      ['Call the electrician', 'Garden'],
    ]);

    await ada.callOk('deleteTask', {
      params: { id },
      body: { ...about(ada, garden), origin: 'workspace' },
    });
    expect(await names(ada, 'electrician')).toEqual([]);
    expect(await names(bob, 'electrician')).toEqual([]);
  });

  it('finds what an import brought, with its notes and checklist', async () => {
    await world();
    const id = await newTask(ada, 'Renew the passport');
    await setNotes(ada, id, null, 'Photos from the kiosk');
    await addItem(ada, id, null, 'Old passport');
    const exported = await ada.callOk('exportData');
    await eve.callOk('importData', { body: exported as never });
    const found = await search(eve, 'kiosk');
    expect(found.results.map((r) => [r.name, r.matchedIn])).toEqual([
      ['Renew the passport', 'notes'],
    ]);
    expect(await names(eve, 'old passport')).toEqual(['Renew the passport']);
  });

  it('pages the results, the best first, each once', async () => {
    await world();
    await insertTasks(t.database.db, ada.workspaceId, 45, {
      projectIds: [garden],
      inProjects: 1,
      name: (index) => `Prune the hedge ${index}`,
    });
    const seen: string[] = [];
    let cursor: string | undefined;
    const sizes: number[] = [];
    do {
      const page = await search(ada, 'hedge', cursor);
      sizes.push(page.results.length);
      seen.push(...page.results.map((r) => r.taskId));
      cursor = page.next ?? undefined;
    } while (cursor);
    expect(sizes).toEqual([SEARCH_PAGE_SIZE, SEARCH_PAGE_SIZE, 5]);
    expect(new Set(seen).size).toBe(45);
  });

  it('refuses a query too long, of too many words, empty, or a cursor past the end, with a 400', async () => {
    await world();
    const refusal = async (query: Record<string, string>) => {
      const res = await ada.call('searchTasks', { query: query as never });
      expect(res.statusCode).toBe(400);
      return res.json().error.message as string;
    };
    expect(await refusal({ q: 'a'.repeat(201) })).toContain('at most 200 characters');
    expect(await refusal({ q: 'a b c d e f g h i j k' })).toContain('at most 10 words');
    expect(await refusal({ q: '   ' })).toContain('Type something to search for.');
    expect(await refusal({ q: 'x', cursor: '500' })).toContain('at most 500 results');
    expect(await refusal({ q: 'x', cursor: '-1' })).toBeTruthy();
    expect(await refusal({ q: 'a\u0000b' })).toContain('NUL');
    expect(await refusal({ q: 'a\u0007' })).toContain('control characters');
    const broken = await ada.get('/api/v1/search?q=ab%ED%A0%80');
    expect(broken.statusCode, broken.body).toBe(400);
    // Quotes, operators and index syntax are just characters.
    for (const q of ['"', 'NEAR(a b)', 'name:x', "a' OR 1=1 --", '*', 'x & y | !z', 'h0']) {
      const res = await ada.call('searchTasks', { query: { q } });
      expect(res.statusCode, `${q}: ${res.body}`).toBe(200);
    }
  });
});
