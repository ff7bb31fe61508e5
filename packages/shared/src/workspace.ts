import { z } from 'zod';
import { AccessSchema } from './access.ts';
import { DayReviewSchema } from './day-reviews.ts';
import { DaySettingsSchema } from './day-schemas.ts';
import { FocusStateSchema } from './focus.ts';
import { ProjectSchema } from './projects.ts';
import { ID_PATTERN } from './ids.ts';
import { TaskSchema } from './tasks.ts';

/**
 * Rows in one page of a long list (issue 12, decision 029): the workspace answer carries the
 * first page of the Execute list and of the inbox, the rest come a page at a time as the user
 * scrolls. 100 rows fill a tall screen several times over.
 */
export const WORKSPACE_PAGE_SIZE = 100;

/** The lists that come in pages. */
export const WORKSPACE_LISTS = ['planned', 'inbox'] as const;
export type WorkspaceList = (typeof WORKSPACE_LISTS)[number];

const POSITION_KEY = /^[0-9A-Za-z]{1,200}$/;

/**
 * Where the next page starts: the position key and the id of the last row sent, `key.id`. A
 * position key does not change when other rows move, so a page never repeats or skips a row
 * that stays where it was.
 */
export const PageCursorSchema = z
  .string()
  .max(300)
  .refine((value) => {
    const at = value.lastIndexOf('.');
    return POSITION_KEY.test(value.slice(0, at)) && ID_PATTERN.test(value.slice(at + 1));
  }, 'Not a page cursor.');

/** The cursor of the page after a row at this position. */
export const pageCursor = (position: string, id: string) => `${position}.${id}`;

/** spec §3: an automation-created task, shown under the pseudo-project 'Automation'. */
export const AutomationTaskSchema = TaskSchema.extend({
  automationId: z.string(),
  origin: z.literal('automation'),
});
export type AutomationTask = z.infer<typeof AutomationTaskSchema>;

export const WorkspaceResponseSchema = z.object({
  workspaceId: z.string(),
  version: z.number().int(),
  access: AccessSchema,
  projects: z.array(ProjectSchema),
  /** Inbox tasks: open ones, plus completed ones still shown on Execute. */
  tasks: z.array(TaskSchema),
  /** Ordered ids of the Execute list: planned tasks and completed ones not yet hidden. */
  plannedTasks: z.array(z.string()),
  automations: z.array(AutomationTaskSchema),
  archivedProjectsCount: z.number().int(),
  /** Where the user's days begin and end, and what carry-over does (issue 29). */
  days: DaySettingsSchema,
  /** Open and completed tasks on the whole Execute list (plannedTasks may hold only a page). */
  plannedCounts: z.object({ open: z.number().int(), completed: z.number().int() }),
  /** Open inbox tasks, however many `tasks` holds. */
  inboxOpenCount: z.number().int(),
  /** Cursors of the next page of each long list; null once the copy holds all of it. */
  more: z.object({ planned: PageCursorSchema.nullable(), inbox: PageCursorSchema.nullable() }),
  /** The user's focus timer, running or paused, on every device alike; null for none (issue 30). */
  focus: FocusStateSchema.nullable(),
  /**
   * The newest day the user finished, with its note for the day after; null for none (issue 30,
   * decision 077).
   */
  dayReview: DayReviewSchema.nullable(),
});
export type WorkspaceResponse = z.infer<typeof WorkspaceResponseSchema>;

export const WorkspacePageParamsSchema = z.object({
  id: z.string().regex(ID_PATTERN, 'No such id.'),
  list: z.enum(WORKSPACE_LISTS),
});

export const WorkspacePageQuerySchema = z.object({ after: PageCursorSchema }).strict();

/**
 * The next page of a long list, with the rows as the workspace answer shows them: for the
 * Execute list its ids in order and each task under its own list (project, inbox or
 * automation); for the inbox its open tasks.
 */
export const WorkspacePageSchema = z.object({
  list: z.enum(WORKSPACE_LISTS),
  /** The Execute list's next ids in order (empty for the inbox). */
  plannedTasks: z.array(z.string()),
  /** Tasks of projects, for the project entries of the copy. */
  projectTasks: z.array(TaskSchema),
  tasks: z.array(TaskSchema),
  automations: z.array(AutomationTaskSchema),
  /** The cursor of the page after this one; null when this is the last. */
  next: PageCursorSchema.nullable(),
});
export type WorkspacePage = z.infer<typeof WorkspacePageSchema>;

export const WorkspaceVersionSchema = z.object({
  workspaceId: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
