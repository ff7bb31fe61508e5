import Papa from 'papaparse';
import { suggestedAutomationName } from '@hustle/shared/automations';
import { LIMITS } from '@hustle/shared/constants';
import type { ExportDocumentInput } from '@hustle/shared/portability';
import { shortenText } from '@hustle/shared/text';

/**
 * Todoist's CSV export, one file per project (decision 019: read in the browser, sent as an
 * import document). Columns: TYPE, CONTENT, DESCRIPTION, PRIORITY, INDENT, AUTHOR, RESPONSIBLE,
 * DATE, DATE_LANG, TIMEZONE, DURATION, DURATION_UNIT, DEADLINE, DEADLINE_LANG.
 */

export interface CsvFile {
  name: string;
  text: string;
}

export interface TodoistImport {
  document: ExportDocumentInput;
  /** What the mapping changed or left out, in words for the preview. */
  notes: string[];
}

export class TodoistCsvError extends Error {}

type Row = Record<string, string | undefined>;
type Task = ExportDocumentInput['inbox'][number];
type Automation = ExportDocumentInput['automations'][number];

/** "every month on the 15th", "every 15th", "every 15": the day of a monthly repeat. */
const MONTHLY_ON_A_DAY = /^(?:every|ev)\s+(?:month\s+on\s+(?:the\s+)?)?(\d{1,2})(?:st|nd|rd|th)?$/i;
const REPEATING = /^(?:every|ev|every!|ev!)\s/i;
/** A checked item, as Markdown and Todoist templates write it. */
const COMPLETED = /^\[[xX]\]\s*/;
// eslint-disable-next-line no-control-regex -- the names rule refuses these; they are dropped
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

export function monthlyDayOf(date: string): number | null {
  const match = MONTHLY_ON_A_DAY.exec(date.trim());
  const day = match ? Number(match[1]) : NaN;
  return day >= 1 && day <= 31 ? day : null;
}

function rowsOf(file: CsvFile): Row[] {
  const parsed = Papa.parse<Row>(file.text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim().toUpperCase(),
  });
  const fields = parsed.meta.fields ?? [];
  if (!fields.includes('TYPE') || !fields.includes('CONTENT')) {
    throw new TodoistCsvError(
      `${file.name} is not a Todoist CSV export: its first row must name the columns TYPE and CONTENT.`,
    );
  }
  const broken = parsed.errors.find((error) => error.type === 'Quotes');
  if (broken) {
    throw new TodoistCsvError(
      `${file.name} cannot be read: ${broken.message} (row ${broken.row}).`,
    );
  }
  return parsed.data;
}

const projectNameOf = (fileName: string) =>
  shortenText(fileName.replace(/\.csv$/i, '').trim(), LIMITS.projectNameMaxLength) || 'Todoist';

/**
 * Projects, tasks in their order, checked tasks as completed, and tasks repeating monthly on a
 * day as automations. Sections, sub-task levels, notes and descriptions have no place in
 * Hustle: the notes say what was left out.
 */
export function todoistCsvToDocument(files: CsvFile[], now: Date): TodoistImport {
  const at = now.toISOString();
  const seen = { sections: 0, notes: 0, descriptions: 0, subtasks: 0, oneOffRepeats: 0 };
  const inbox: Task[] = [];
  const automations: Automation[] = [];
  const projects: ExportDocumentInput['projects'] = [];

  files.forEach((file, fileIndex) => {
    const name = projectNameOf(file.name);
    const isInbox = name.toLowerCase() === 'inbox';
    const tasks: Task[] = isInbox ? inbox : [];
    rowsOf(file).forEach((row, rowIndex) => {
      const type = (row.TYPE ?? '').trim().toLowerCase();
      if (type === 'section') seen.sections += 1;
      if (type === 'note') seen.notes += 1;
      if (type !== 'task') return;
      const raw = (row.CONTENT ?? '').replace(CONTROL_CHARACTERS, '').trim();
      const completed = COMPLETED.test(raw);
      const content = raw.replace(COMPLETED, '');
      if (!content) return;
      if ((row.DESCRIPTION ?? '').trim()) seen.descriptions += 1;
      if (Number(row.INDENT) > 1) seen.subtasks += 1;
      const date = (row.DATE ?? '').trim();
      const day = monthlyDayOf(date);
      const ref = `f${fileIndex}-r${rowIndex}`;
      if (day !== null && !completed) {
        const taskName = shortenText(content, LIMITS.automationNameMaxLength);
        automations.push({
          ref,
          name: suggestedAutomationName(day, taskName),
          dayOfMonth: day,
          taskName,
          createdAt: at,
          runs: [],
        });
        return;
      }
      if (REPEATING.test(date)) seen.oneOffRepeats += 1;
      tasks.push({
        ref,
        name: shortenText(content, LIMITS.taskNameMaxLength),
        createdAt: at,
        updatedAt: at,
        completedAt: completed ? at : null,
      });
    });
    if (!isInbox) {
      projects.push({
        ref: `f${fileIndex}`,
        name,
        color: null,
        archivedAt: null,
        createdAt: at,
        tasks,
      });
    }
  });

  const notes = [
    [automations.length, 'Monthly tasks become automations that add them to Execute each month'],
    [seen.oneOffRepeats, 'Tasks repeating another way come in once, without repeating'],
    [seen.sections, 'Sections are left out; their tasks keep their order'],
    [seen.subtasks, 'Sub-tasks come in as tasks of their project'],
    [seen.notes, 'Comments are left out'],
    [seen.descriptions, 'Task descriptions are left out'],
  ]
    .filter(([count]) => Number(count) > 0)
    .map(([count, text]) => `${text} (${count}).`);

  return {
    document: {
      format: 'hustle-export',
      version: 1,
      exportedAt: at,
      projects,
      inbox,
      automations,
      automationTasks: [],
      planned: [],
    },
    notes,
  };
}
