import type { CreateProjectResponse } from '@hustle/shared/projects';
import type { Db } from '@hustle/server/db/database';
import { signIn, type Call, type Session } from './api.ts';
import { insertTasks } from './bulk-tasks.ts';
import type { MailCatcher } from './mail-catcher.ts';

export interface AccountShape {
  projects: number;
  tasks: number;
  /** Every n-th task is planned: 10 plans 10 %, 1 plans them all. */
  planEvery: number;
  /** Planned tasks dealt over this many days from today (issue 29); all today when not given. */
  planOverDays?: number;
  /** Every n-th task has a deadline, dealt over the same days. */
  deadlineEvery?: number;
}

export interface SeededTask {
  id: string;
  projectId: string;
  planned: boolean;
}

export interface Account extends Session {
  projectIds: string[];
  tasks: SeededTask[];
}

/** A new account that signed in and created its projects through the API, as a person would. */
export async function createAccount(
  call: Call,
  mail: MailCatcher,
  email: string,
  projects: number,
): Promise<Omit<Account, 'tasks'>> {
  const session = await signIn(call, mail, email);
  const projectIds: string[] = [];
  for (let p = 0; p < projects; p++) {
    const created = await call<CreateProjectResponse>(
      'POST',
      '/api/v1/projects',
      { workspaceId: session.workspaceId, name: `Project ${p + 1}` },
      session.token,
    );
    projectIds.push(created.projectId);
  }
  return { ...session, projectIds };
}

/**
 * The account's tasks, dealt round-robin over its projects with every `planEvery`-th one
 * planned, written with the server's repositories (bulk-tasks.ts). Run it while nothing else
 * writes: SQLite refuses a write from a transaction that another process's commit overtook.
 */
export async function fillAccount(
  db: Db,
  account: Omit<Account, 'tasks'>,
  shape: Omit<AccountShape, 'projects'>,
): Promise<Account> {
  const plan = Array.from({ length: shape.tasks }, (_, i) => ({
    projectId: account.projectIds[i % account.projectIds.length]!,
    name: `Task ${i + 1}: call the supplier about the delivery`,
    planned: i % shape.planEvery === 0,
    ...(shape.planOverDays === undefined
      ? {}
      : { plannedIn: Math.floor(i / shape.planEvery) % shape.planOverDays }),
    ...(shape.deadlineEvery !== undefined && i % shape.deadlineEvery === 0
      ? { deadlineIn: Math.floor(i / shape.deadlineEvery) % (shape.planOverDays ?? 1) }
      : {}),
  }));
  const ids = await insertTasks(db, account.workspaceId, plan);
  const tasks = plan.map(({ projectId, planned }, i) => ({ id: ids[i]!, projectId, planned }));
  return { ...account, tasks };
}
