import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EXPORT_VERSION } from '@hustle/shared/portability';
import { describe, expect, it } from 'vitest';
import { json, renderWithRouter, stubApi } from '../../../test/render-app.tsx';
import home from '../model/samples/Home.csv?raw';
import { ImportDataModal } from './import-data-modal.tsx';

const at = '2026-11-20T10:00:00.000Z';

/** A picked file; jsdom's File lacks the `text()` every browser has, so it is given here. */
function aFile(content: string, name: string, type = '') {
  return Object.assign(new File([content], name, { type }), { text: async () => content });
}
const exportFile = (document: object, name = 'hustle-export-2026-11-20.json') =>
  aFile(JSON.stringify(document), name, 'application/json');
const homeCsv = () => aFile(home, 'Home.csv', 'text/csv');
const aDocument = {
  format: 'hustle-export',
  version: 1,
  exportedAt: at,
  projects: [
    {
      ref: 'p',
      name: 'Garden',
      color: null,
      archivedAt: null,
      createdAt: at,
      tasks: [{ ref: 't', name: 'Dig', createdAt: at, updatedAt: at, completedAt: null }],
    },
  ],
  inbox: [],
  automations: [],
  automationTasks: [],
  planned: ['t'],
};
const added = { projects: 1, tasks: 1, automations: 0 };
const details = { planned: 0, deadlines: 0, notes: 0, checklistItems: 0, automationsInProjects: 0 };

function renderModal() {
  const user = userEvent.setup();
  renderWithRouter(<ImportDataModal onClose={() => {}} />);
  const pick = (...files: File[]) => user.upload(screen.getByTestId('import-file-input'), files);
  return { user, pick };
}

describe('the import dialog', () => {
  it('previews, imports from the keyboard and sums up', async () => {
    const calls = stubApi({
      'POST /api/v1/import/preview': () => json(200, { added, details, skipped: [] }),
      'POST /api/v1/import': () => json(200, { ok: true, version: 7, added, details, skipped: [] }),
    });
    const { user, pick } = renderModal();
    expect(screen.getByRole('button', { name: 'Choose a file' })).toHaveFocus();

    await pick(exportFile(aDocument));
    const counts = await screen.findByRole('list', { name: 'Will be added' });
    expect(
      within(counts)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1project', '1task', '0automations']);
    expect(screen.getByRole('button', { name: 'Import' })).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('status')).toHaveTextContent('Imported 1 project and 1 task.');
    expect(screen.getByRole('button', { name: 'Done' })).toHaveFocus();
    expect(calls.map((call) => call.route)).toEqual([
      'POST /api/v1/import/preview',
      'POST /api/v1/import',
    ]);
    expect(calls[1]!.body).toEqual(aDocument);
  });

  it('lists what comes along, what the plan leaves out, and what Todoist files lose', async () => {
    const calls = stubApi({
      'POST /api/v1/import/preview': () =>
        json(200, {
          added: { projects: 1, tasks: 7, automations: 5 },
          details: {
            planned: 3,
            deadlines: 3,
            notes: 1,
            checklistItems: 3,
            automationsInProjects: 5,
          },
          skipped: [
            {
              kind: 'automations',
              count: 2,
              reason:
                'Your plan allows 2 automations. Upgrade to Premium for unlimited automations.',
            },
          ],
        }),
    });
    const { pick } = renderModal();
    await pick(homeCsv());

    const listed = (name: string) =>
      within(screen.getByRole('list', { name }))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(await screen.findByText('2 automations')).toBeInTheDocument();
    expect(listed('With them')).toEqual([
      '3 tasks planned for a day',
      '3 deadlines',
      '1 task with notes',
      '3 checklist items',
      '5 automations adding to a project',
    ]);
    const leftOut = listed('Left out');
    expect(leftOut[0]).toMatch(/^2 automations — Your plan allows 2 automations\. Upgrade/);
    expect(leftOut).toEqual(
      expect.arrayContaining([
        'Repeats Hustle cannot do come in once: “every morning” (1).',
        'Priorities are left out (4).',
        'Sections are left out; their tasks keep their order (2).',
      ]),
    );
    expect(listed('From Todoist')).toEqual(
      expect.arrayContaining([
        'Repeating tasks become automations in their project (7).',
        'Comments are added to their task’s notes (2).',
        'Sub-tasks become checklist items of their task (3).',
      ]),
    );
    // The file is read as the current version: the weekly repeat goes with its project.
    const sent = calls[0]!.body as { version: number; automations: object[] };
    expect(sent.version).toBe(EXPORT_VERSION);
    expect(sent.automations).toContainEqual(
      expect.objectContaining({
        taskName: 'Water the plants',
        trigger: { frequency: 'WEEKLY', weekdays: [1] },
        projectRef: 'f0',
      }),
    );
  });

  it('names every problem of a file that is not a valid export, by its place in the file', async () => {
    const calls = stubApi({});
    const { pick } = renderModal();
    const broken = {
      ...aDocument,
      projects: [{ ...aDocument.projects[0], name: '' }],
      planned: ['nowhere'],
    };
    await pick(exportFile(broken, 'broken.json'));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('broken.json is not an export Hustle can read:');
    expect(within(alert).getByText(/^projects\.0\.name: /)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose another file' })).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('refuses a file that is not JSON, a file too large, and a mix of kinds, before sending anything', async () => {
    const calls = stubApi({});
    const { pick } = renderModal();

    await pick(aFile('{"format":', 'export.json', 'application/json'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'export.json is not valid JSON, so it is not a Hustle export.',
    );

    // A file's size is read before its text: this one says it is larger than an import may be.
    const huge = Object.defineProperty(aFile('{}', 'huge.json'), 'size', {
      value: 257 * 1024 * 1024,
    });
    await pick(huge);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This import is 257 MB; one import can be at most 256 MB.',
    );

    await pick(exportFile(aDocument), homeCsv());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Choose one Hustle export (.json), or Todoist CSV files (.csv), one per project.',
    );
    expect(calls).toEqual([]);
  });

  // Building and reading a 21,000-task file takes a second alone, over five beside other suites.
  it(
    'takes the export of a large account, more than 20,000 tasks, and previews it',
    { timeout: 30_000 },
    async () => {
      const calls = stubApi({
        'POST /api/v1/import/preview': () =>
          json(200, {
            added: { projects: 5, tasks: 21_000, automations: 0 },
            details,
            skipped: [],
          }),
      });
      const project = (p: number) => ({
        ...aDocument.projects[0]!,
        ref: `p${p}`,
        name: `Project ${p}`,
        tasks: Array.from({ length: 4_200 }, (_, t) => ({
          ...aDocument.projects[0]!.tasks[0]!,
          ref: `p${p}-t${t}`,
          name: `Task ${t}`,
        })),
      });
      const { pick } = renderModal();
      await pick(exportFile({ ...aDocument, projects: [1, 2, 3, 4, 5].map(project), planned: [] }));

      const counts = await screen.findByRole('list', { name: 'Will be added' });
      expect(within(counts).getAllByRole('listitem')[1]).toHaveTextContent('21000tasks');
      expect(calls.map((call) => call.route)).toEqual(['POST /api/v1/import/preview']);
      const sent = calls[0]!.body as typeof aDocument;
      expect(sent.projects.flatMap((p) => p.tasks)).toHaveLength(21_000);
    },
  );

  it('shows the server’s refusal and lets the user try again', async () => {
    stubApi({
      'POST /api/v1/import/preview': () => json(200, { added, details, skipped: [] }),
      'POST /api/v1/import': () =>
        json(503, { error: { code: 'UNAVAILABLE', message: 'Hustle is busy. Try again soon.' } }),
    });
    const { user, pick } = renderModal();
    await pick(exportFile(aDocument));
    await user.click(await screen.findByRole('button', { name: 'Import' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Hustle is busy. Try again soon.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
  });
});
