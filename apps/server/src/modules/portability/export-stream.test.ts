import { ExportDocumentSchema, type ExportAnswer } from '@hustle/shared/portability';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiClientFor, type ApiClient } from '../../testing/api-client.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDialects } from '../../testing/test-databases.ts';
import { exportJson } from './export-stream.ts';

describe.each(testDialects)('the export as it streams (%s)', (dialect) => {
  let t: TestApp;
  let ada: ApiClient;

  beforeEach(async () => {
    t = await createTestApp(dialect);
    ada = await apiClientFor(t.app, 'ada@example.com');
  });
  afterEach(() => t.close());

  const makeTask = async (name: string, projectId: string | null, planned = false) =>
    (
      await ada.callOk('createTask', {
        body: { workspaceId: ada.workspaceId, projectId, name, planned },
      })
    ).id;

  it('writes a task moved meanwhile from a list already written to a later one once, and the file imports', async () => {
    const { projectId } = await ada.callOk('createProject', {
      body: { workspaceId: ada.workspaceId, name: 'Garden' },
    });
    const moving = await makeTask('Moving', projectId, true);
    await makeTask('Staying', projectId);
    await makeTask('In the inbox', null, true);

    const chunks: string[] = [];
    for await (const chunk of exportJson(t.database.db, ada.workspaceId, new Date())) {
      chunks.push(chunk);
      // The project's tasks are written; the inbox is read next. The task moves there now.
      if (chunk.endsWith('"inbox":[')) {
        await t.database.db
          .updateTable('tasks')
          .set({ project_id: null, workspace_id: ada.workspaceId })
          .where('id', '=', moving)
          .execute();
      }
    }
    const doc = JSON.parse(chunks.join('')) as ExportAnswer;
    expect(doc.projects[0]!.tasks.map((task) => task.name)).toEqual(['Moving', 'Staying']);
    expect(doc.inbox.map((task) => task.name)).toEqual(['In the inbox']);
    expect(doc.planned.map((entry) => entry.ref)).toEqual([moving, expect.any(String)]);
    expect(ExportDocumentSchema.safeParse(doc).success).toBe(true);
  });
});
