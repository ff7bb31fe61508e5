import { z } from 'zod';
import {
  defaultNameFor,
  normalTrigger,
  TriggerOutSchema,
  type Automation,
  type AutomationHistory,
  type Trigger,
} from '../automations.ts';
import { addDays, isoDateOf, nextScheduledDate, parseIsoDate, runPeriodOf } from '../dates.ts';
import { hasMonthPeriod } from '../recurrence.ts';
import { call, defineCommand } from './command.ts';

const Id = z.string().min(1);
/** A trigger as the automation lists hold it; the server checks its content. */
const TriggerArgs = TriggerOutSchema;

const mapAutomation = (
  list: Automation[],
  automationId: string,
  change: (automation: Automation) => Automation,
) => list.map((automation) => (automation.id === automationId ? change(automation) : automation));

/** The server lists automations oldest first, a tie by id; a new one takes its place in that order. */
const inListOrder = (list: Automation[]) =>
  [...list].sort(
    (a, b) => a.createdAt.localeCompare(b.createdAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );

/** The date a run of `period` comes on: the day itself, or the month's run day. */
function runDateOf(trigger: Trigger, period: string): string | null {
  if (period.length > 7) return period;
  const month = parseIsoDate(`${period}-01`);
  if (!month || !hasMonthPeriod(trigger)) return null;
  const date = nextScheduledDate(trigger, month);
  return date.month === month.month ? isoDateOf(date) : null;
}

/** The coming run on or after `from` (YYYY-MM-DD), as the history names it. */
function comingRun(trigger: Trigger, from: string): AutomationHistory['nextRun'] {
  const day = parseIsoDate(from);
  if (!day) return null;
  const date = nextScheduledDate(trigger, day);
  return { period: runPeriodOf(trigger, date), date: isoDateOf(date) };
}

/** Skipping the coming run: it shows as skipped, and the run after it comes next. */
function skipRun(
  history: AutomationHistory,
  args: { automationId: string; trigger: Trigger; period: string },
): AutomationHistory {
  if (history.id !== args.automationId) return history;
  if (history.runs.some((run) => run.period === args.period)) return history;
  const runs = [
    {
      period: args.period,
      status: 'SKIPPED' as const,
      task: null,
      createdAt: new Date().toISOString(),
    },
    ...history.runs,
  ].sort((a, b) => b.period.localeCompare(a.period));
  const date = runDateOf(args.trigger, args.period);
  const nextRun =
    history.nextRun?.period === args.period && date
      ? comingRun(args.trigger, isoDateOf(addDays(parseIsoDate(date)!, 1)))
      : history.nextRun;
  return { ...history, runs, nextRun };
}

/** Undoing a skip: the run comes again, as the coming one if it is before the one shown. */
function unskipRun(
  history: AutomationHistory,
  args: { automationId: string; trigger: Trigger; period: string },
): AutomationHistory {
  if (history.id !== args.automationId) return history;
  const skipped = history.runs.find(
    (run) => run.period === args.period && run.status === 'SKIPPED',
  );
  if (!skipped) return history;
  const runs = history.runs.filter((run) => run !== skipped);
  const date = runDateOf(args.trigger, args.period);
  const nextRun =
    date && (!history.nextRun || date < history.nextRun.date)
      ? { period: args.period, date }
      : history.nextRun;
  return { ...history, runs, nextRun };
}

/** Skip, undo skip and retry answer the history as the server holds it. */
const historyAnswer = {
  automationHistory: (
    history: AutomationHistory,
    args: { automationId: string },
    answer: unknown,
  ) => (history.id === args.automationId ? (answer as AutomationHistory) : history),
};

/**
 * After a change to an automation: its lists and the workspace, since an edit, a resume or a
 * retry may have put a task on the Execute list.
 */
const AUTOMATION_COPIES = [
  'automations',
  'automationStatus',
  'automationHistory',
  'workspace',
] as const;

const RunArgs = z.object({
  automationId: Id,
  name: z.string(),
  trigger: TriggerArgs,
  period: z.string(),
});

/** The commands on automations (spec §3, decision 026); they change the automation lists. */
export const automationCommands = {
  /** A create without a name shows the name the server will give it (spec §9). */
  createAutomation: defineCommand(
    z.object({
      automationId: Id,
      name: z.string(),
      trigger: TriggerArgs,
      taskName: z.string(),
      createdAt: z.string(),
      /** The project its tasks go to (decision 063). */
      projectId: Id.optional(),
    }),
    {
      request: (args, workspaceId) =>
        call('createAutomation', {
          body: {
            id: args.automationId,
            workspaceId,
            ...(args.name ? { name: args.name } : {}),
            trigger: args.trigger,
            steps: [{ type: 'TASK', payload: { taskName: args.taskName } }],
            ...(args.projectId ? { projectId: args.projectId } : {}),
          },
        }),
      apply: {
        automations: (list, args) =>
          list.some((automation) => automation.id === args.automationId)
            ? list
            : inListOrder([
                ...list,
                {
                  id: args.automationId,
                  name: args.name || defaultNameFor(args.trigger),
                  trigger: normalTrigger(args.trigger),
                  steps: [{ type: 'TASK', payload: { taskName: args.taskName } }],
                  status: 'ON',
                  createdAt: args.createdAt,
                  ...(args.projectId ? { projectId: args.projectId } : {}),
                },
              ]),
      },
      refetch: AUTOMATION_COPIES,
      describe: (args) => `Add automation “${args.name || defaultNameFor(args.trigger)}”`,
      keepsInput: true,
    },
  ),

  deleteAutomation: defineCommand(z.object({ automationId: Id, name: z.string() }), {
    request: (args) => call('deleteAutomation', { params: { id: args.automationId } }),
    apply: {
      automations: (list, args) => list.filter((automation) => automation.id !== args.automationId),
      automationStatus: (list, args) => list.filter((item) => item.id !== args.automationId),
    },
    refetch: AUTOMATION_COPIES,
    describe: (args) => `Delete automation “${args.name}”`,
  }),

  /**
   * Edit (PUT): an empty name brings back the default name for the trigger; a null project sends
   * its tasks to the inbox, none given keeps it.
   */
  updateAutomation: defineCommand(
    z.object({
      automationId: Id,
      name: z.string(),
      trigger: TriggerArgs,
      taskName: z.string(),
      projectId: Id.nullable().optional(),
    }),
    {
      request: (args) =>
        call('updateAutomation', {
          params: { id: args.automationId },
          body: {
            name: args.name,
            trigger: args.trigger,
            taskName: args.taskName,
            ...(args.projectId !== undefined ? { projectId: args.projectId } : {}),
          },
        }),
      apply: {
        automations: (list, args) =>
          mapAutomation(list, args.automationId, ({ projectId, ...automation }) => ({
            ...automation,
            name: args.name || defaultNameFor(args.trigger),
            trigger: normalTrigger(args.trigger),
            steps: [{ type: 'TASK', payload: { taskName: args.taskName } }],
            ...(args.projectId === undefined
              ? projectId && { projectId }
              : args.projectId && { projectId: args.projectId }),
          })),
      },
      refetch: AUTOMATION_COPIES,
      describe: (args) => `Edit automation “${args.name || defaultNameFor(args.trigger)}”`,
    },
  ),

  /** Pause or resume; `today` (the user's, YYYY-MM-DD) shows the coming run of a resume. */
  pauseAutomation: defineCommand(
    z.object({
      automationId: Id,
      name: z.string(),
      trigger: TriggerArgs,
      isPaused: z.boolean(),
      today: z.string(),
    }),
    {
      request: (args) =>
        args.isPaused
          ? call('pauseAutomation', { params: { id: args.automationId } })
          : call('resumeAutomation', { params: { id: args.automationId } }),
      apply: {
        automations: (list, args) =>
          mapAutomation(list, args.automationId, (automation) => ({
            ...automation,
            status: args.isPaused ? 'PAUSED' : 'ON',
          })),
        automationHistory: (history, args) => {
          if (history.id !== args.automationId) return history;
          if (args.isPaused) return { ...history, nextRun: null };
          return history.nextRun
            ? history
            : { ...history, nextRun: comingRun(args.trigger, args.today) };
        },
      },
      refetch: AUTOMATION_COPIES,
      describe: (args) => `${args.isPaused ? 'Pause' : 'Resume'} automation “${args.name}”`,
    },
  ),

  /** Skip the coming run of `period`; the trigger shows the run after it. */
  skipAutomationRun: defineCommand(RunArgs, {
    request: (args) =>
      call('skipAutomationRun', {
        params: { id: args.automationId },
        body: { period: args.period },
      }),
    apply: { automationHistory: skipRun },
    answer: historyAnswer,
    refetch: AUTOMATION_COPIES,
    describe: (args) => `Skip a run of “${args.name}”`,
  }),

  unskipAutomationRun: defineCommand(RunArgs, {
    request: (args) =>
      call('unskipAutomationRun', {
        params: { id: args.automationId },
        body: { period: args.period },
      }),
    apply: { automationHistory: unskipRun },
    answer: historyAnswer,
    refetch: AUTOMATION_COPIES,
    describe: (args) => `Undo the skip of a run of “${args.name}”`,
  }),

  /**
   * Runs a failed period again. Whether its task could be made is the server's to say: nothing
   * changes here until it answers (the row's button stays pending).
   */
  retryAutomationRun: defineCommand(RunArgs.omit({ trigger: true }), {
    request: (args) =>
      call('retryAutomationRun', {
        params: { id: args.automationId },
        body: { period: args.period },
      }),
    answer: historyAnswer,
    refetch: AUTOMATION_COPIES,
    // It says how it went, as it did when it waited for the server.
    announce: (args, answer) =>
      (answer as AutomationHistory).runs.find((run) => run.period === args.period)?.status ===
      'ERROR'
        ? { message: 'Still could not add its task. Try again later.', tone: 'danger' }
        : { message: 'Done: its task is on your Execute list.' },
    describe: (args) => `Retry a run of “${args.name}”`,
  }),
};
