import { ExportDocumentSchema, type ExportDocumentInput } from '@hustle/shared/portability';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { readImportDocument } from './document-reader.ts';

const at = '2026-11-01T08:00:00.000Z';
const task = (ref: string, name: string) => ({
  ref,
  name,
  createdAt: at,
  updatedAt: at,
  completedAt: null,
});

/** Names that trip a careless splitter: quotes, brackets, braces, commas, escapes, non-ASCII. */
const document: ExportDocumentInput = {
  format: 'hustle-export',
  version: 1,
  exportedAt: at,
  projects: [
    {
      ref: 'p1',
      name: 'Garden } ] , "quoted"',
      color: null,
      archivedAt: null,
      createdAt: at,
      tasks: [task('t1', 'Back\\slash \\" and [brackets]'), task('t2', 'Œufs 🥚 {x}')],
    },
  ],
  inbox: [task('t3', 'Tab\there, line\nbreak')],
  automations: [],
  automationTasks: [],
  planned: ['t2', 't3'],
  sharedWithMe: [{ name: 'Team', ownerEmail: 'bea@example.com' }],
};

/** The text's bytes in pieces of `size`, so pieces end inside strings, escapes and characters. */
async function* piecesOf(text: string, size: number) {
  const bytes = Buffer.from(text);
  for (let start = 0; start < bytes.length; start += size)
    yield bytes.subarray(start, start + size);
}

const read = (text: string, size = 64 * 1024, maxBytes = 1024 * 1024) =>
  readImportDocument(piecesOf(text, size), { maxBytes });

describe('readImportDocument', () => {
  it('reads the same document however the bytes are cut, as the contract schema does', async () => {
    const expected = ExportDocumentSchema.parse(document);
    const texts = [JSON.stringify(document), JSON.stringify(document, null, 2)];
    for (const text of texts) {
      for (const size of [1, 2, 3, 7, 64, 100_000]) {
        expect(await read(text, size)).toEqual(expected);
      }
    }
  });

  it('refuses text that is not JSON, or not whole', async () => {
    const text = JSON.stringify(document);
    const broken = [
      '',
      text.slice(0, -1),
      `${text}x`,
      text.replace('"inbox":[', '"inbox":[,'),
      text.replace('"planned":["t2","t3"]', '"planned":["t2","t3",]'),
      text.replace('"version":1', '"version":1.2.3'),
      '[]',
    ];
    for (const bad of broken) {
      await expect(read(bad, 5), bad.slice(0, 40)).rejects.toMatchObject({
        statusCode: 400,
        code: 'FST_ERR_CTP_INVALID_JSON_BODY',
      });
    }
  });

  it('names every problem by its path, items and outline and refs alike', async () => {
    const bad = {
      ...document,
      format: 'todo',
      projects: [{ ...document.projects[0], name: '' }],
      inbox: [{ ...task('t3', 'x'), completedAt: 'yesterday' }],
      extra: true,
    };
    const error = await read(JSON.stringify(bad)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    const { code, details } = error as AppError;
    expect(code).toBe('VALIDATION_FAILED');
    expect((details as { path: string }[]).map((issue) => issue.path)).toEqual([
      'projects.0.name',
      'inbox.0.completedAt',
      'format',
      '',
    ]);

    const refs = (await read(JSON.stringify({ ...document, planned: ['t1', 'nowhere'] })).catch(
      (caught: unknown) => caught,
    )) as AppError;
    expect(refs.details).toEqual([
      { path: 'planned.1', message: 'No task has the ref "nowhere".' },
    ]);
  });

  it('takes no more bytes than allowed, told or counted', async () => {
    const text = JSON.stringify(document);
    const size = Buffer.byteLength(text);
    expect(await read(text, 100, size)).toBeDefined();
    await expect(read(text, 100, size - 1)).rejects.toMatchObject({ statusCode: 413 });
    await expect(
      readImportDocument(piecesOf(text, 100), { maxBytes: size, declaredBytes: size + 1 }),
    ).rejects.toMatchObject({ statusCode: 413 });
  });
});
