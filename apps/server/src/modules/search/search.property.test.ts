import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchWords, type SearchPage } from '@hustle/shared/search';
import { apiClientFor, type ApiClient } from '../../testing/api-client.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDialects } from '../../testing/test-databases.ts';

/** Letters of three scripts, digits, and letters with marks the index must keep. */
const LETTERS = [...'abcdefghijklmnopqrstuvwxyz0123456789ąćęłńóśźżćжзийкλμνé'];
/**
 * Between words: every ASCII punctuation mark, spaces and a dash of another script. Joined, they
 * make the host names, addresses, versions and paths people paste into tasks
 * (`developer.mozilla.org`, `ada@example.com`, `v1.2.3`, `notes/today`).
 */
const SEPARATORS = [...` !"#$%&'()*+,-./:;<=>?@[\\]^_\`{|}~–`];

const word = fc
  .array(fc.constantFrom(...LETTERS), { minLength: 2, maxLength: 7 })
  .map((letters) => letters.join(''));
const separator = fc
  .array(fc.constantFrom(...SEPARATORS), { minLength: 1, maxLength: 2 })
  .map((marks) => marks.join(''));
const text = fc
  .tuple(word, fc.array(fc.tuple(separator, word), { minLength: 0, maxLength: 4 }))
  .map(([first, rest]) => first + rest.map(([between, next]) => between + next).join(''));

/**
 * Decision 075: a word is a run of letters, digits and marks, on both databases, as `searchWords`
 * reads it. Whatever a task's name and notes hold, each of their words finds it, and every task
 * a search answers holds every word searched for (the last as a start).
 */
describe.each(testDialects)('search finds by the same words the app reads (%s)', (dialect) => {
  let t: TestApp;
  let users = 0;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t?.close());

  const search = async (who: ApiClient, q: string) =>
    ((await who.callOk('searchTasks', { query: { q } })) as SearchPage).results;

  it('finds each task by each word of its name and notes, and answers only tasks with every word', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ name: text, notes: text }), { minLength: 1, maxLength: 5 }),
        async (tasks) => {
          users += 1;
          const who = await apiClientFor(t.app, `finder${users}@example.com`);
          const made: { id: string; words: string[] }[] = [];
          for (const { name, notes } of tasks) {
            const { id } = await who.callOk('createTask', {
              body: { workspaceId: who.workspaceId, projectId: null, name },
            });
            await who.callOk('setTaskNotes', {
              params: { id },
              body: { workspaceId: who.workspaceId, projectId: null, notes },
            });
            made.push({ id, words: [...searchWords(name), ...searchWords(notes)] });
          }
          for (const task of made) {
            for (const typed of new Set(task.words)) {
              const found = await search(who, typed);
              expect(
                found.map((result) => result.taskId),
                `${typed} in ${task.words.join(' ')}`,
              ).toContain(task.id);
              for (const result of found) {
                const holder = made.find((other) => other.id === result.taskId)!;
                expect(holder.words.some((held) => held.startsWith(typed))).toBe(true);
              }
            }
          }
        },
      ),
      { numRuns: 12 },
    );
  });
});
