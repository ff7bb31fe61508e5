import { z } from 'zod';
import { DayOfMonthSchema, AutomationTextSchema, TriggerSchema } from './automations.ts';
import { ColorSchema } from './colors.ts';
import { CAPS, IMPORT_CAPS, LIMITS } from './constants.ts';
import { DAY_NOTE_MAX, noteProblem } from './day-reviews.ts';
import { DaySchema } from './day-schemas.ts';
import { NewTaskNameSchema, ProjectNameSchema } from './names.ts';
import { ChecklistItemNameSchema } from './task-details.ts';
import { EstimateMinutesSchema } from './tasks.ts';
import { storableText } from './text.ts';

/**
 * The export document (docs/export-format.md): everything one account owns, in its order. The
 * import reads the same document, so what an export holds is exactly what an import restores.
 * Refs name entities inside one document only; an import gives every entity a fresh id.
 */

export const EXPORT_FORMAT = 'hustle-export';
/**
 * Version 2 (decision 069) added planned days, deadlines, notes, checklists and an automation's
 * project. A version 1 file is read as version 2 (its fields are a subset, and a bare ref in
 * `planned` is planned for today), so older files still import. Version 3 added
 * a task's time entries (decision 078) and the finished days with their notes for tomorrow
 * (decision 077); versions 1 and 2 are subsets of it. Version 4 added a task's reminder (issue 30);
 * versions 1 to 3 are subsets of it.
 */
export const EXPORT_VERSION = 4;
/** The versions an import reads. */
export const IMPORT_VERSIONS = [1, 2, 3, EXPORT_VERSION] as const;
/** The most time entries one task carries in a document. */
export const EXPORT_TIME_ENTRIES_PER_TASK = 1000;

const RefSchema = storableText(100).min(1, 'A ref cannot be empty.');
const TimestampSchema = z.iso.datetime({
  offset: true,
  message: 'Expected an ISO 8601 date-time.',
});
/** A failed run's error text is kept up to this length. */
export const RUN_ERROR_MAX_LENGTH = 2000;
/** A month ('YYYY-MM') for monthly automations, a day ('YYYY-MM-DD') for weekly and daily ones. */
const PeriodSchema = z
  .string()
  .regex(
    /^\d{4}-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?$/,
    'Expected a month, YYYY-MM, or a day, YYYY-MM-DD.',
  );

/** One step of a task's checklist, in the task's order (decision 064). */
export const ExportChecklistItemSchema = z
  .object({
    name: ChecklistItemNameSchema,
    /** When it was checked; null while open. */
    doneAt: TimestampSchema.nullable(),
    createdAt: TimestampSchema,
  })
  .strict();
export type ExportChecklistItem = z.infer<typeof ExportChecklistItemSchema>;

/** A stretch of focus on a task by the exporting user (version 3, decision 076), ended. */
export const ExportTimeEntrySchema = z
  .object({
    startedAt: TimestampSchema,
    endedAt: TimestampSchema,
  })
  .strict()
  .refine((entry) => Date.parse(entry.endedAt) >= Date.parse(entry.startedAt), {
    message: 'A time entry cannot end before it starts.',
    path: ['endedAt'],
  });
export type ExportTimeEntry = z.infer<typeof ExportTimeEntrySchema>;

/** A task; what it lacks is absent (no deadline, no notes, no checklist), so files stay small. */
export const ExportTaskSchema = z
  .object({
    ref: RefSchema,
    name: NewTaskNameSchema,
    createdAt: TimestampSchema,
    updatedAt: TimestampSchema,
    completedAt: TimestampSchema.nullable(),
    /** The day it is due, YYYY-MM-DD (version 2). */
    deadline: DaySchema.optional(),
    /** How long it will take, in whole minutes, 5 to 480 (version 2, issue 30). */
    estimate: EstimateMinutesSchema.optional(),
    /**
     * When the exporting user is reminded of it, ISO 8601 (version 4, issue 30). An import keeps
     * only a reminder still ahead: one already past would otherwise be sent late.
     */
    remindAt: TimestampSchema.optional(),
    /** Markdown, up to 10,000 characters (version 2). */
    notes: z
      .string()
      .max(
        LIMITS.taskNotesMaxLength,
        `Notes have at most ${LIMITS.taskNotesMaxLength.toLocaleString('en')} characters.`,
      )
      .pipe(storableText(LIMITS.taskNotesMaxLength))
      .optional(),
    /** Its checklist in order (version 2). */
    checklist: z
      .array(ExportChecklistItemSchema)
      .max(
        LIMITS.checklistItemsPerTask,
        `A checklist holds at most ${LIMITS.checklistItemsPerTask} items.`,
      )
      .optional(),
    /** The exporting user's ended time entries on it, oldest first (version 3). */
    timeEntries: z
      .array(ExportTimeEntrySchema)
      .max(
        EXPORT_TIME_ENTRIES_PER_TASK,
        `A task carries at most ${EXPORT_TIME_ENTRIES_PER_TASK} time entries.`,
      )
      .optional(),
  })
  .strict();
export type ExportTask = z.infer<typeof ExportTaskSchema>;

const listOfTasks = z
  .array(ExportTaskSchema)
  .max(CAPS.tasksPerList, `A list holds at most ${CAPS.tasksPerList} tasks.`);

/** Without its tasks: the export's answer lists them all, an import takes a list's cap. */
const ProjectFields = z
  .object({
    ref: RefSchema,
    name: ProjectNameSchema,
    color: ColorSchema.nullable(),
    archivedAt: TimestampSchema.nullable(),
    createdAt: TimestampSchema,
    /** In the project's own order. */
    tasks: z.array(ExportTaskSchema),
  })
  .strict();

export const ExportProjectSchema = ProjectFields.extend({ tasks: listOfTasks }).strict();
export type ExportProject = z.infer<typeof ExportProjectSchema>;

export const ExportRunSchema = z
  .object({
    period: PeriodSchema,
    status: z.enum(['CREATED', 'ERROR', 'SKIPPED']),
    /** The task this period's run made, when it is in the document. */
    taskRef: RefSchema.nullable(),
    error: storableText(RUN_ERROR_MAX_LENGTH).nullable(),
    createdAt: TimestampSchema,
  })
  .strict();

const AutomationFields = z
  .object({
    ref: RefSchema,
    name: AutomationTextSchema('An automation name').pipe(
      z.string().trim().min(1, 'An automation needs a name.'),
    ),
    /** A monthly automation's day; weekly and daily ones carry `trigger` instead. */
    dayOfMonth: DayOfMonthSchema.optional(),
    trigger: TriggerSchema.optional(),
    taskName: AutomationTextSchema('A task name').pipe(
      z.string().trim().min(1, 'A task needs a name.'),
    ),
    /** The document's project its tasks go to (version 2); absent: the inbox. */
    projectRef: RefSchema.optional(),
    createdAt: TimestampSchema,
    /** Present while paused. */
    pausedAt: TimestampSchema.optional(),
    /** When the schedule last started over (resumed, or given a new trigger), if not at createdAt. */
    scheduledFrom: TimestampSchema.optional(),
    runs: z.array(ExportRunSchema),
  })
  .strict();

/** Exactly one of a monthly day and a trigger. */
const withOneTrigger = <Schema extends z.ZodType<{ dayOfMonth?: unknown; trigger?: unknown }>>(
  schema: Schema,
) =>
  schema.refine(
    (automation) => (automation.dayOfMonth === undefined) !== (automation.trigger === undefined),
    { message: 'An automation has either dayOfMonth or trigger.', path: ['trigger'] },
  );

export const ExportAutomationSchema = withOneTrigger(
  AutomationFields.extend({
    runs: z.array(ExportRunSchema).max(IMPORT_CAPS.runsPerAutomation),
  }).strict(),
);
export type ExportAutomation = z.infer<typeof ExportAutomationSchema>;

/** A task an automation made; its automation may be gone (deleting one keeps its tasks). */
export const ExportAutomationTaskSchema = ExportTaskSchema.extend({
  automationRef: RefSchema.nullable(),
}).strict();

const SharedProjectSchema = z
  .object({ name: storableText(200), ownerEmail: storableText(200) })
  .strict();

/** A task on the Execute list, for a day (version 2), carried over so many times. */
export const ExportPlannedSchema = z
  .object({
    ref: RefSchema,
    day: DaySchema,
    carried: z
      .number()
      .int()
      .min(0, 'Carried is a count from 0.')
      .max(IMPORT_CAPS.maxCarried, `Carried is at most ${IMPORT_CAPS.maxCarried}.`)
      .optional(),
  })
  .strict();

/** A day the account finished (version 3, issue 30), with its one-line note for the day after. */
export const ExportDayReviewSchema = z
  .object({
    day: DaySchema,
    finishedAt: TimestampSchema,
    note: z.string().refine((note) => noteProblem(note) === null, {
      message: `A note for tomorrow is one line of at most ${DAY_NOTE_MAX} characters.`,
    }),
  })
  .strict();
/** Finished days a document may carry: more than fifty years of them. */
export const DAY_REVIEWS_MAX = 20_000;

/** What an import reads of an Execute list entry: a version 1 bare ref is planned for today. */
const PlannedItemSchema = z.union([
  ExportPlannedSchema,
  RefSchema.transform((ref): { ref: string; day?: string; carried?: number } => ({ ref })),
]);

const listCap = (max: number) => ({ max, message: `A list holds at most ${max} tasks.` });

/**
 * The document's lists: what one item is, and how many an import takes (the caps an account
 * lives within, so an export of any account fits). A reader may check the items one by one as
 * they come (the server streams an import, decision 045).
 */
export const DOCUMENT_LISTS = {
  /** Active and archived projects the account owns, in its own order. */
  projects: { item: ExportProjectSchema, max: CAPS.projectsPerWorkspace },
  /** The inbox in its order, completed tasks included. */
  inbox: { item: ExportTaskSchema, ...listCap(CAPS.tasksPerList) },
  automations: { item: ExportAutomationSchema, max: CAPS.automationsPerWorkspace },
  automationTasks: { item: ExportAutomationTaskSchema, ...listCap(CAPS.tasksPerList) },
  /**
   * The Execute list: the document's tasks with their days, in order (each once, so no cap of
   * its own). Version 1 had bare refs, read as planned for today.
   */
  planned: { item: PlannedItemSchema },
  /** Projects of others the account is a member of: named for the record, never imported. */
  sharedWithMe: { item: SharedProjectSchema, max: IMPORT_CAPS.sharedProjects },
  /** The days finished, oldest first (version 3). */
  dayReviews: { item: ExportDayReviewSchema, max: DAY_REVIEWS_MAX },
} as const satisfies Record<string, { item: z.ZodType; max?: number; message?: string }>;
export type DocumentList = keyof typeof DOCUMENT_LISTS;

const HeaderShape = {
  format: z.literal(EXPORT_FORMAT, `Not a Hustle export: "format" must be "${EXPORT_FORMAT}".`),
  version: z.literal(
    IMPORT_VERSIONS,
    `Only versions ${IMPORT_VERSIONS.join(', ')} of the format can be imported.`,
  ),
  exportedAt: TimestampSchema,
};
/** What an export writes: the current version only. */
const AnswerHeaderShape = { ...HeaderShape, version: z.literal(EXPORT_VERSION) };

/** A list of `item`s, capped as an import takes it. */
function cappedList<Item extends z.ZodType>(list: { item: Item; max?: number; message?: string }) {
  const array = z.array(list.item);
  return list.max === undefined ? array : array.max(list.max, list.message);
}

const DocumentShape = z
  .object({
    ...HeaderShape,
    projects: cappedList(DOCUMENT_LISTS.projects),
    inbox: cappedList(DOCUMENT_LISTS.inbox),
    automations: cappedList(DOCUMENT_LISTS.automations),
    automationTasks: cappedList(DOCUMENT_LISTS.automationTasks),
    planned: cappedList(DOCUMENT_LISTS.planned),
    sharedWithMe: cappedList(DOCUMENT_LISTS.sharedWithMe).default([]),
    dayReviews: cappedList(DOCUMENT_LISTS.dayReviews).default([]),
  })
  .strict();

/**
 * What an export answers: the document as the account holds it, no list capped (issue 28: a
 * cap here turned a large account's export into a 500). The answer is streamed past the
 * serialiser (decision 045); this schema describes it and lets the web app read it.
 */
export const ExportAnswerSchema = z
  .object({
    ...AnswerHeaderShape,
    projects: z.array(ProjectFields),
    inbox: z.array(ExportTaskSchema),
    automations: z.array(withOneTrigger(AutomationFields)),
    automationTasks: z.array(ExportAutomationTaskSchema),
    planned: z.array(ExportPlannedSchema),
    sharedWithMe: z.array(SharedProjectSchema),
    dayReviews: z.array(ExportDayReviewSchema),
  })
  .strict()
  .meta({ description: 'The export document, docs/export-format.md' });
export type ExportAnswer = z.infer<typeof ExportAnswerSchema>;

/**
 * The document with its lists' items taken as checked already, each list capped: what a reader
 * that checks items one by one as they stream in checks of the whole at the end.
 */
export const DocumentOutlineSchema = z
  .object({
    ...HeaderShape,
    projects: cappedList({ ...DOCUMENT_LISTS.projects, item: z.unknown() }),
    inbox: cappedList({ ...DOCUMENT_LISTS.inbox, item: z.unknown() }),
    automations: cappedList({ ...DOCUMENT_LISTS.automations, item: z.unknown() }),
    automationTasks: cappedList({ ...DOCUMENT_LISTS.automationTasks, item: z.unknown() }),
    planned: z.array(z.unknown()),
    sharedWithMe: cappedList({ ...DOCUMENT_LISTS.sharedWithMe, item: z.unknown() }).default([]),
    dayReviews: cappedList({ ...DOCUMENT_LISTS.dayReviews, item: z.unknown() }).default([]),
  })
  .strict();

type DocumentFields = z.infer<typeof DocumentShape>;

/** Refs are unique, and every ref the document uses names something in it. */
function checkRefs(doc: DocumentFields, ctx: z.RefinementCtx): void {
  const taskRefs = new Set<string>();
  const seen = new Set<string>();
  const claim = (ref: string, path: (string | number)[]) => {
    if (seen.has(ref))
      ctx.addIssue({ code: 'custom', path, message: `The ref "${ref}" is used twice.` });
    seen.add(ref);
  };
  const projectRefs = new Set(doc.projects.map((project) => project.ref));
  doc.projects.forEach((project, p) => {
    claim(project.ref, ['projects', p, 'ref']);
    project.tasks.forEach((task, t) => {
      claim(task.ref, ['projects', p, 'tasks', t, 'ref']);
      taskRefs.add(task.ref);
    });
  });
  doc.inbox.forEach((task, t) => {
    claim(task.ref, ['inbox', t, 'ref']);
    taskRefs.add(task.ref);
  });
  const automationRefs = new Set<string>();
  doc.automations.forEach((automation, a) => {
    claim(automation.ref, ['automations', a, 'ref']);
    automationRefs.add(automation.ref);
    if (automation.projectRef !== undefined && !projectRefs.has(automation.projectRef)) {
      ctx.addIssue({
        code: 'custom',
        path: ['automations', a, 'projectRef'],
        message: `No project has the ref "${automation.projectRef}".`,
      });
    }
  });
  doc.automationTasks.forEach((task, t) => {
    claim(task.ref, ['automationTasks', t, 'ref']);
    taskRefs.add(task.ref);
    if (task.automationRef !== null && !automationRefs.has(task.automationRef)) {
      ctx.addIssue({
        code: 'custom',
        path: ['automationTasks', t, 'automationRef'],
        message: `No automation has the ref "${task.automationRef}".`,
      });
    }
  });
  const plannedSeen = new Set<string>();
  doc.planned.forEach(({ ref }, i) => {
    if (!taskRefs.has(ref)) {
      ctx.addIssue({
        code: 'custom',
        path: ['planned', i],
        message: `No task has the ref "${ref}".`,
      });
    } else if (plannedSeen.has(ref)) {
      ctx.addIssue({
        code: 'custom',
        path: ['planned', i],
        message: `The task "${ref}" is planned twice.`,
      });
    }
    plannedSeen.add(ref);
  });
  doc.automations.forEach((automation, a) => {
    const periods = new Set<string>();
    automation.runs.forEach((run, r) => {
      if (periods.has(run.period)) {
        ctx.addIssue({
          code: 'custom',
          path: ['automations', a, 'runs', r, 'period'],
          message: `Two runs for ${run.period}.`,
        });
      }
      periods.add(run.period);
      if (run.taskRef !== null && !taskRefs.has(run.taskRef)) {
        ctx.addIssue({
          code: 'custom',
          path: ['automations', a, 'runs', r, 'taskRef'],
          message: `No task has the ref "${run.taskRef}".`,
        });
      }
    });
  });
}

export const ExportDocumentSchema = DocumentShape.superRefine(checkRefs);
export type ExportDocument = z.output<typeof ExportDocumentSchema>;
export type ExportDocumentInput = z.input<typeof ExportDocumentSchema>;

/** The refs' rules alone, for a document whose parts were checked one by one. */
export const DocumentRefsSchema = z.custom<DocumentFields>().superRefine(checkRefs);

export const IMPORT_KINDS = ['projects', 'tasks', 'automations'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

const CountsSchema = z.object({
  projects: z.number().int(),
  tasks: z.number().int(),
  automations: z.number().int(),
});
export type ImportCounts = z.infer<typeof CountsSchema>;

/** What an import leaves out, how many, and why (a plan limit, a cap). */
export const SkippedSchema = z.object({
  kind: z.enum(IMPORT_KINDS),
  count: z.number().int(),
  reason: z.string(),
});
export type Skipped = z.infer<typeof SkippedSchema>;

/** What the tasks and automations that go in bring along (version 2), for the preview. */
const DetailsSchema = z.object({
  /** Tasks on the Execute list, each for its day. */
  planned: z.number().int(),
  deadlines: z.number().int(),
  /** Tasks with notes. */
  notes: z.number().int(),
  checklistItems: z.number().int(),
  /** Automations whose tasks go to a project. */
  automationsInProjects: z.number().int(),
});
export type ImportDetails = z.infer<typeof DetailsSchema>;

export const ImportPreviewSchema = z.object({
  added: CountsSchema,
  details: DetailsSchema,
  skipped: z.array(SkippedSchema),
});
export type ImportPreview = z.infer<typeof ImportPreviewSchema>;

export const ImportResultSchema = ImportPreviewSchema.extend({
  ok: z.literal(true),
  version: z.number().int(),
});
export type ImportResult = z.infer<typeof ImportResultSchema>;
