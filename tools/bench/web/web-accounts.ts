import type { Db } from '@hustle/server/db/database';
import { inParallel, type Call } from '../api.ts';
import type { MailCatcher } from '../mail-catcher.ts';
import { formatRate } from '../report.ts';
import { createAccount, fillAccount, type Account } from '../seed.ts';

/** Issue 12's screens: Plan with 200 projects, Execute with 1,000 planned tasks. */
export const PLAN_PROJECTS = 200;
const TASKS_PER_PROJECT = 5;
export const EXECUTE_PLANNED = 1_000;
/** Issue 29's Upcoming: a workspace of 10,000 tasks, a fifth of them planned over 14 days. */
export const UPCOMING_TASKS = 10_000;
const UPCOMING_PLAN_EVERY = 5;
/** Upcoming's days: every one is a section the screen must show. */
export const UPCOMING_DAYS = 14;
/** Done tasks under the open ones, as on a day's list that is being worked through. */
const EXECUTE_COMPLETED = 50;

export interface WebAccounts {
  /** 200 projects of 5 tasks, every 10th planned. A new account is Premium (its trial). */
  plan: Account;
  /** 1,000 open planned tasks in 20 projects, and 50 planned ones completed. */
  execute: Account;
  /** 10,000 tasks in 20 projects: 2,000 planned over the next 14 days, 200 with deadlines. */
  upcoming: Account;
  summary: string;
}

/**
 * Signs both in and creates their projects through the API, writes their tasks with the
 * server's repositories (seed.ts), then completes some through the API as the Execute screen
 * would. Run it while nothing else writes.
 */
export async function seedWebAccounts(call: Call, mail: MailCatcher, db: Db): Promise<WebAccounts> {
  const started = performance.now();
  const planAccount = await createAccount(call, mail, 'web-plan@bench.example.com', PLAN_PROJECTS);
  const plan = await fillAccount(db, planAccount, {
    tasks: PLAN_PROJECTS * TASKS_PER_PROJECT,
    planEvery: 10,
  });
  const executeAccount = await createAccount(call, mail, 'web-execute@bench.example.com', 20);
  const execute = await fillAccount(db, executeAccount, {
    tasks: EXECUTE_PLANNED + EXECUTE_COMPLETED,
    planEvery: 1,
  });
  // The last ones, so the top of the list stays open.
  const toComplete = execute.tasks.slice(-EXECUTE_COMPLETED);
  await inParallel(toComplete, 4, (task) =>
    call(
      'PUT',
      `/api/v1/workspace/tasks/${task.id}/complete`,
      {
        workspaceId: execute.workspaceId,
        projectId: task.projectId,
        origin: 'workspace',
      },
      execute.token,
    ),
  );
  // Issue 30: a focus timer runs while Execute is measured, ticking in the top bar and the tab's
  // title; the check paint budget must hold with it (a tick renders nothing but the timer).
  const focused = execute.tasks[EXECUTE_PLANNED - 1]!;
  await call(
    'POST',
    '/api/v1/focus/start',
    {
      workspaceId: execute.workspaceId,
      projectId: focused.projectId,
      taskId: focused.id,
      entryId: crypto.randomUUID(),
      at: new Date().toISOString(),
      resume: false,
    },
    execute.token,
  );
  const upcomingAccount = await createAccount(call, mail, 'web-upcoming@bench.example.com', 20);
  const upcoming = await fillAccount(db, upcomingAccount, {
    tasks: UPCOMING_TASKS,
    planEvery: UPCOMING_PLAN_EVERY,
    planOverDays: UPCOMING_DAYS,
    deadlineEvery: 50,
  });
  const seconds = (performance.now() - started) / 1000;
  return {
    plan,
    execute,
    upcoming,
    summary:
      `Plan: ${PLAN_PROJECTS} projects × ${TASKS_PER_PROJECT} tasks; Execute: ` +
      `${formatRate(EXECUTE_PLANNED)} open planned tasks and ${EXECUTE_COMPLETED} completed, ` +
      'a focus timer running; ' +
      `Upcoming: ${formatRate(UPCOMING_TASKS)} tasks, every ${UPCOMING_PLAN_EVERY}th planned over ` +
      `${UPCOMING_DAYS} days; in ${seconds.toFixed(0)} s`,
  };
}
