import { IMPORT_CAPS } from '@hustle/shared/constants';
import { todayIn } from '@hustle/shared/days';
import { ExportDocumentSchema, type ExportDocumentInput } from '@hustle/shared/portability';
import { browserTimeZone } from '../../../ui/dates.ts';
import { TodoistCsvError, todoistCsvToDocument } from './todoist-csv.ts';

/** What the picked files hold, ready to preview and import. */
export interface ImportSource {
  document: ExportDocumentInput;
  /** How reading them mapped things (Todoist files), in words. */
  notes: string[];
  /** What reading them left out (Todoist files), in words with counts. */
  leftOut: string[];
}

/** A file that cannot be imported; `issues` lists each problem by its place in the file. */
export class ImportFileError extends Error {
  constructor(
    message: string,
    readonly issues: string[] = [],
  ) {
    super(message);
  }
}

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
const isCsv = (file: File) => /\.csv$/i.test(file.name) || file.type === 'text/csv';
const isJson = (file: File) => /\.json$/i.test(file.name) || file.type === 'application/json';

function checkSize(bytes: number): void {
  if (bytes > IMPORT_CAPS.maxBytes) {
    throw new ImportFileError(
      `This import is ${megabytes(bytes)}; one import can be at most ${megabytes(IMPORT_CAPS.maxBytes)}. ` +
        'Import fewer files at a time.',
    );
  }
}

async function readHustleExport(file: File): Promise<ImportSource> {
  let data: unknown;
  try {
    data = JSON.parse(await file.text());
  } catch {
    throw new ImportFileError(`${file.name} is not valid JSON, so it is not a Hustle export.`);
  }
  const parsed = ExportDocumentSchema.safeParse(data);
  if (!parsed.success) {
    throw new ImportFileError(
      `${file.name} is not an export Hustle can read:`,
      parsed.error.issues.map((issue) =>
        issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
      ),
    );
  }
  return { document: data as ExportDocumentInput, notes: [], leftOut: [] };
}

async function readTodoistFiles(files: File[], now: Date): Promise<ImportSource> {
  const texts = await Promise.all(
    files.map(async (file) => ({ name: file.name, text: await file.text() })),
  );
  try {
    return todoistCsvToDocument(texts, now, todayIn(now, browserTimeZone()));
  } catch (error) {
    if (error instanceof TodoistCsvError) throw new ImportFileError(error.message);
    throw error;
  }
}

/** One Hustle export, or Todoist CSV files (one per project); anything else is refused. */
export async function readImportFiles(files: File[], now = new Date()): Promise<ImportSource> {
  if (files.length === 0) throw new ImportFileError('Choose a file to import.');
  checkSize(files.reduce((sum, file) => sum + file.size, 0));
  let source: ImportSource;
  if (files.every(isCsv)) source = await readTodoistFiles(files, now);
  else if (files.length === 1 && isJson(files[0]!)) source = await readHustleExport(files[0]!);
  else {
    throw new ImportFileError(
      'Choose one Hustle export (.json), or Todoist CSV files (.csv), one per project.',
    );
  }
  // The document sent can be larger than the files read (Todoist rows gain dates and refs).
  checkSize(new Blob([JSON.stringify(source.document)]).size);
  return source;
}
