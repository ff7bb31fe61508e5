import Papa from 'papaparse';
import { suggestedNameFor, type Trigger } from '@hustle/shared/automations';
import { LIMITS } from '@hustle/shared/constants';
import { isDay, isWithinRange, type Day } from '@hustle/shared/days';
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  type ExportDocumentInput,
} from '@hustle/shared/portability';
import { findDatePhrases } from '@hustle/shared/quick-add/date-phrases';
import { findRepeatPhrases } from '@hustle/shared/quick-add/repeat-phrases';
import { shortenText } from '@hustle/shared/text';

/**
 * Todoist's CSV export, one file per project (decisions 019 and 069: read in the browser, sent
 * as an import document). Columns: TYPE, CONTENT, DESCRIPTION, PRIORITY, INDENT, AUTHOR,
 * RESPONSIBLE, DATE, DATE_LANG, TIMEZONE, DURATION, DURATION_UNIT, DEADLINE, DEADLINE_LANG.
 * Dates and repeats are read by quick add's own parsers, so a due string means here what it
 * means typed into an add field.
 */

export interface CsvFile {
  name: string;
  text: string;
}

export interface TodoistImport {
  document: ExportDocumentInput;
  /** How Todoist's things came in, in words for the preview. */
  notes: string[];
  /** What has no place in Hustle and stays out, with how many. */
  leftOut: string[];
}

export class TodoistCsvError extends Error {}

type Row = Record<string, string | undefined>;
type Task = ExportDocumentInput['inbox'][number];
type Automation = ExportDocumentInput['automations'][number];
type Planned = Exclude<ExportDocumentInput['planned'][number], string>;

const REPEATING = /^(?:every|ev|every!|ev!)(?:\s|$)/i;
/** A checked item, as Markdown and Todoist templates write it. */
const COMPLETED = /^\[[xX]\]\s*/;
// eslint-disable-next-line no-control-regex -- the names rule refuses these; they are dropped
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
const ISO_DAY = /^(\d{4}-\d{2}-\d{2})(?:$|[T\s])/;
const LABEL = /(?:^|\s)@[\p{L}\p{N}_-]+/u;
/** Todoist writes an author as "Ada Lovelace (38117702)". */
const AUTHOR_ID = /\s*\(\d+\)\s*$/;

const COUNTED = [
  'planned',
  'overdue',
  'deadlines',
  'repeats',
  'descriptions',
  'comments',
  'checklistItems',
  'sections',
  'priorities',
  'labels',
  'assignees',
  'durations',
  'unreadDates',
  'subtasksAsTasks',
  'repeatDetails',
  'subtaskDetails',
  'projectComments',
  'notesShortened',
] as const;
type Counts = Record<(typeof COUNTED)[number], number>;

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

const cleanText = (text: string | undefined) => (text ?? '').replace(CONTROL_CHARACTERS, '').trim();

/** The repeat a due string says: a trigger, null for one Hustle cannot do, undefined for none. */
export function repeatOf(date: string, today: Day): Trigger | null | undefined {
  const [phrase] = findRepeatPhrases(date, today);
  if (phrase && phrase.start === 0) return phrase.trigger;
  return REPEATING.test(date) ? null : undefined;
}

/**
 * The day a due or deadline string names: an ISO day as written, else what quick add reads in
 * it ("Dec 3", "tomorrow", "by Friday"). A day gone by is today (Todoist's overdue).
 */
export function dayOf(
  text: string,
  today: Day,
): { day: Day; isDeadline: boolean; isOverdue: boolean } | null {
  const iso = ISO_DAY.exec(text)?.[1];
  if (iso !== undefined) {
    if (!isDay(iso) || !isWithinRange(iso, today)) return null;
    return { day: iso < today ? today : iso, isDeadline: false, isOverdue: iso < today };
  }
  const [phrase] = findDatePhrases(text, today);
  return phrase ? { day: phrase.day, isDeadline: phrase.isDeadline, isOverdue: false } : null;
}

/** One file's rows as its project's tasks, automations and Execute entries. */
class FileReader {
  readonly tasks: Task[] = [];
  /** The task or automation sub-tasks and comments belong to: the last one of indent 1. */
  private parent: { task: Task } | { automation: Automation } | null = null;

  constructor(
    private readonly out: {
      automations: Automation[];
      planned: Planned[];
      counts: Counts;
      unsupported: string[];
      unread: string[];
    },
    private readonly at: string,
    private readonly today: Day,
    private readonly projectRef: string | undefined,
  ) {}

  read(row: Row, ref: string): void {
    const { counts } = this.out;
    const type = (row.TYPE ?? '').trim().toLowerCase();
    if (type === 'section') counts.sections += 1;
    if (type === 'note') this.comment(row);
    if (type !== 'task') return;
    const raw = cleanText(row.CONTENT);
    const completed = COMPLETED.test(raw);
    const content = raw.replace(COMPLETED, '');
    if (!content) return;
    if (Number(row.INDENT) > 1 && this.subtask(row, content, completed)) return;
    if (/^[123]$/.test((row.PRIORITY ?? '').trim())) counts.priorities += 1;
    if (LABEL.test(content)) counts.labels += 1;
    if (cleanText(row.RESPONSIBLE)) counts.assignees += 1;
    if (cleanText(row.DURATION)) counts.durations += 1;
    const date = cleanText(row.DATE);
    const trigger = date ? repeatOf(date, this.today) : undefined;
    if (trigger && !completed) {
      this.repeat(ref, content, trigger, row);
      return;
    }
    if (trigger === null) this.out.unsupported.push(`“${date}”`);
    const task = this.task(ref, content, completed, row, trigger === null ? '' : date);
    // A sub-task that comes in as a task has no checklist of its own: its siblings stay apart.
    if (!(Number(row.INDENT) > 1)) this.parent = { task };
  }

  private repeat(ref: string, content: string, trigger: Trigger, row: Row) {
    const taskName = shortenText(content, LIMITS.automationNameMaxLength);
    const automation: Automation = {
      ref,
      name: suggestedNameFor(trigger, taskName),
      // Spec §3's plain MONTHLY keeps its older form, as Hustle's own export writes it.
      ...(trigger.frequency === 'MONTHLY' && trigger.interval === undefined
        ? { dayOfMonth: trigger.dayOfMonth }
        : { trigger }),
      taskName,
      ...(this.projectRef === undefined ? {} : { projectRef: this.projectRef }),
      createdAt: this.at,
      runs: [],
    };
    this.out.automations.push(automation);
    this.out.counts.repeats += 1;
    if (cleanText(row.DESCRIPTION) || cleanText(row.DEADLINE)) this.out.counts.repeatDetails += 1;
    this.parent = { automation };
  }

  private task(ref: string, content: string, completed: boolean, row: Row, date: string) {
    const { counts } = this.out;
    const task: Task = {
      ref,
      name: shortenText(content, LIMITS.taskNameMaxLength),
      createdAt: this.at,
      updatedAt: this.at,
      completedAt: completed ? this.at : null,
    };
    const due = date ? dayOf(date, this.today) : null;
    if (date && !due) this.out.unread.push(`“${date}”`);
    const deadlineText = cleanText(row.DEADLINE);
    const deadline = deadlineText ? dayOf(deadlineText, this.today) : null;
    if (deadlineText && !deadline) this.out.unread.push(`“${deadlineText}”`);
    if (deadline || due?.isDeadline) {
      task.deadline = (deadline ?? due)!.day;
      counts.deadlines += 1;
    }
    if (due && !due.isDeadline && !completed) {
      this.out.planned.push({ ref, day: due.day });
      counts.planned += 1;
      if (due.isOverdue) counts.overdue += 1;
    }
    const description = cleanText(row.DESCRIPTION);
    if (description) {
      task.notes = description;
      counts.descriptions += 1;
    }
    this.tasks.push(task);
    return task;
  }

  /** A sub-task becomes a checklist item of its task; false when it must be a task itself. */
  private subtask(row: Row, content: string, completed: boolean): boolean {
    const { counts } = this.out;
    const parent = this.parent && 'task' in this.parent ? this.parent.task : null;
    const checklist = parent?.checklist ?? [];
    if (!parent || checklist.length >= LIMITS.checklistItemsPerTask) {
      counts.subtasksAsTasks += 1;
      return false;
    }
    checklist.push({
      name: shortenText(content, LIMITS.checklistItemNameMaxLength),
      doneAt: completed ? this.at : null,
      createdAt: this.at,
    });
    parent.checklist = checklist;
    counts.checklistItems += 1;
    if (cleanText(row.DESCRIPTION) || cleanText(row.DATE) || cleanText(row.DEADLINE)) {
      counts.subtaskDetails += 1;
    }
    return true;
  }

  /** A comment is added to its task's notes, with who wrote it. */
  private comment(row: Row): void {
    const { counts } = this.out;
    const text = cleanText(row.CONTENT);
    if (!text) return;
    if (!this.parent) {
      counts.projectComments += 1;
      return;
    }
    if ('automation' in this.parent) {
      counts.repeatDetails += 1;
      return;
    }
    const author = cleanText(row.AUTHOR).replace(AUTHOR_ID, '');
    const { task } = this.parent;
    const comment = author ? `Comment from ${author}: ${text}` : `Comment: ${text}`;
    const notes = task.notes ? `${task.notes}\n\n${comment}` : comment;
    if (notes.length > LIMITS.taskNotesMaxLength) counts.notesShortened += 1;
    task.notes = shortenText(notes, LIMITS.taskNotesMaxLength);
    counts.comments += 1;
  }
}

const listed = (items: string[]) =>
  items.length > 5 ? `${items.slice(0, 5).join(', ')}, …` : items.join(', ');

function sentences(counts: Counts, unsupported: string[], unread: string[]) {
  const say = (pairs: [number, string][]) =>
    pairs.filter(([count]) => count > 0).map(([count, text]) => `${text} (${count}).`);
  return {
    notes: say([
      [counts.planned, 'Due dates become planned days'],
      [counts.overdue, 'Overdue tasks are planned for today'],
      [counts.deadlines, 'Deadlines come in as deadlines'],
      [counts.repeats, 'Repeating tasks become automations in their project'],
      [counts.descriptions, 'Descriptions become notes'],
      [counts.comments, 'Comments are added to their task’s notes'],
      [counts.checklistItems, 'Sub-tasks become checklist items of their task'],
    ]),
    leftOut: say([
      [unsupported.length, `Repeats Hustle cannot do come in once: ${listed(unsupported)}`],
      [unread.length, `Dates Hustle cannot read are left out: ${listed(unread)}`],
      [counts.priorities, 'Priorities are left out'],
      [counts.sections, 'Sections are left out; their tasks keep their order'],
      [counts.labels, 'Labels are not kept apart; they stay in the task names'],
      [counts.assignees, 'Assignees are left out'],
      [counts.durations, 'Durations are left out'],
      [counts.subtasksAsTasks, 'Sub-tasks of repeating tasks, or past 100, come in as tasks'],
      [counts.subtaskDetails, 'Sub-tasks’ own dates and descriptions are left out'],
      [
        counts.repeatDetails,
        'Descriptions, deadlines and comments of repeating tasks are left out',
      ],
      [counts.projectComments, 'Project comments are left out'],
      [counts.notesShortened, 'Notes longer than 10,000 characters are shortened'],
    ]),
  };
}

/**
 * Projects, tasks in their order with their due days, deadlines, descriptions as notes, comments
 * added to the notes and sub-tasks as checklist items; checked tasks as completed; repeating
 * tasks as automations of the same rule in their project. What has no place in Hustle is said.
 */
export function todoistCsvToDocument(files: CsvFile[], now: Date, today: Day): TodoistImport {
  const at = now.toISOString();
  const counts = Object.fromEntries(COUNTED.map((key) => [key, 0])) as Counts;
  const out = {
    automations: [] as Automation[],
    planned: [] as Planned[],
    counts,
    unsupported: [] as string[],
    unread: [] as string[],
  };
  const inbox: Task[] = [];
  const projects: ExportDocumentInput['projects'] = [];

  files.forEach((file, fileIndex) => {
    const name = projectNameOf(file.name);
    const isInbox = name.toLowerCase() === 'inbox';
    const reader = new FileReader(out, at, today, isInbox ? undefined : `f${fileIndex}`);
    rowsOf(file).forEach((row, rowIndex) => reader.read(row, `f${fileIndex}-r${rowIndex}`));
    if (isInbox) inbox.push(...reader.tasks);
    else {
      projects.push({
        ref: `f${fileIndex}`,
        name,
        color: null,
        archivedAt: null,
        createdAt: at,
        tasks: reader.tasks,
      });
    }
  });

  return {
    document: {
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      exportedAt: at,
      projects,
      inbox,
      automations: out.automations,
      automationTasks: [],
      planned: out.planned,
    },
    ...sentences(counts, out.unsupported, out.unread),
  };
}
