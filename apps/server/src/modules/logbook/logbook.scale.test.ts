import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGBOOK_PAGE_SIZE, logbookCursorOf, type LogbookPage } from '@hustle/shared/logbook';
import { apiClientFor, type ApiClient } from '../../testing/api-client.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

const COUNT = 50_000;

/**
 * Issue 30 item 4: 50,000 completed tasks page without slowing. A page seeks down
 * `tasks_completed_by_at_idx` to its cursor and reads one page's rows, so a page near the first
 * completion runs the same statements, on the same plan, as the newest one.
 */
describe('logbook at 50,000 completions (sqlite)', () => {
  let t: TestApp;
  let ada: ApiClient;
  let statements: string[] = [];
  let isCounting = false;

  beforeAll(async () => {
    t = await createTestApp('sqlite', {
      onQuery: (text) => {
        if (isCounting) statements.push(text);
      },
    });
    ada = await apiClientFor(t.app, 'ada@example.com');
    // One completion a minute from 1 January 2025, ids ordered as the instants are.
    await sql`with recursive n(i) as (select 0 union all select i + 1 from n where i < ${COUNT - 1})
      insert into tasks (id, workspace_id, name, position, created_at, updated_at, completed_at,
        completed_by)
      select printf('%08x-0000-4000-8000-000000000000', i), ${ada.workspaceId}, 'Task ' || i,
        printf('a%08d', i), '2025-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z',
        strftime('%Y-%m-%dT%H:%M:00.000Z', '2025-01-01', '+' || i || ' minutes'), ${ada.workspaceId}
      from n`.execute(t.database.db);
  }, 60_000);
  afterAll(() => t?.close());

  const read = async (before?: string) => {
    statements = [];
    isCounting = true;
    const started = performance.now();
    const page = (await ada
      .callOk('getLogbook', { query: before ? { before } : {} })
      .finally(() => (isCounting = false))) as LogbookPage;
    return { page, ms: performance.now() - started, statements: [...statements] };
  };

  it('reads a page near the first completion as it reads the newest', async () => {
    await read(); // warm: statements compiled, pages of the file in memory
    const newest = await read();
    const oldestTask = 'Task 60';
    // The cursor of the completion just after Task 60: its page holds 60 … 11.
    const cursor = logbookCursorOf({
      completedAt: '2025-01-01T01:01:00.000Z',
      id: '0000003d-0000-4000-8000-000000000000',
    });
    const deep = await read(cursor);

    const names = (page: LogbookPage) => page.days.flatMap((d) => d.tasks.map((x) => x.name));
    expect(names(newest.page)).toHaveLength(LOGBOOK_PAGE_SIZE);
    expect(names(newest.page)[0]).toBe(`Task ${COUNT - 1}`);
    expect(names(deep.page)[0]).toBe(oldestTask);
    expect(names(deep.page).at(-1)).toBe('Task 11');
    // Each day's totals count the whole day (1,440 a minute apart), on either page.
    expect(deep.page.days[0]!.totals.done).toBe(1_440);
    // The same statements, the same plan: a seek down the index to the cursor.
    // (The session lookup is left out: a session read a moment ago is not read again.)
    const own = (list: string[]) => list.filter((text) => !text.includes('"sessions"'));
    expect(own(deep.statements)).toHaveLength(own(newest.statements).length);
    const plan = await sql<{ detail: string }>`explain query plan
      select id from tasks where completed_by = ${ada.workspaceId} and completed_at is not null
        and (completed_at, id) < (${'2025-01-01T01:01:00.000Z'}, ${'x'})
      order by completed_at desc, id desc limit 51`.execute(t.database.db);
    const details = plan.rows.map((row) => row.detail).join('\n');
    expect(details).toContain('tasks_completed_by_at_idx');
    // A range of the index ending at the cursor (`completed_at>?` is the `is not null`).
    expect(details).toMatch(/completed_by=\? AND .*\(completed_at,id\)<\(\?,\?\)\)/);
    expect(details).not.toContain('TEMP B-TREE');
    // Not a timing budget (a shared machine), but a page 50,000 deep taking many times the
    // newest one's would mean it walked the index from the top.
    expect(deep.ms).toBeLessThan(newest.ms * 5 + 50);
  });
});
