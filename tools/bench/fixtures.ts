import type { Db } from '@hustle/server/db/database';
import { etagOf, inParallel, type Call } from './api.ts';
import type { MailCatcher } from './mail-catcher.ts';
import { SEARCH_ROW_TASKS } from './budgets.ts';
import type { BenchOptions } from './options.ts';
import { formatRate } from './report.ts';
import { createAccount, fillAccount, type Account, type AccountShape } from './seed.ts';

export interface Fixtures {
  /** One account per simulated user: 4 projects, 40 tasks, every 10th planned. */
  users: Account[];
  workspace500: Account;
  /** workspace500's ETag; nothing writes to that workspace once seeded. */
  workspace500ETag: string;
  /** Per scale-curve size: 10 % planned, and all planned (the Execute list). */
  workspaceAt(tasks: number): Account;
  executeAt(tasks: number): Account;
  /** Issue 31 item 6: the account the search row searches, SEARCH_ROW_TASKS tasks. */
  search: Account;
  summary: string;
}

const USER_SHAPE: AccountShape = { projects: 4, tasks: 40, planEvery: 10 };
const email = (name: string) => `${name}@bench.example.com`;

export async function seedFixtures(
  origin: string,
  call: Call,
  mail: MailCatcher,
  db: Db,
  options: BenchOptions,
): Promise<Fixtures> {
  const started = performance.now();
  const shapes: [string, AccountShape][] = [
    ...Array.from({ length: options.users }, (_, i): [string, AccountShape] => [
      `user-${i + 1}`,
      USER_SHAPE,
    ]),
    ['workspace-500', { projects: 20, tasks: 500, planEvery: 10 }],
    ['search', { projects: 20, tasks: SEARCH_ROW_TASKS, planEvery: 10 }],
    ...options.scaleTasks.flatMap((tasks): [string, AccountShape][] => [
      [`workspace-${tasks}`, { projects: 20, tasks, planEvery: 10 }],
      [`execute-${tasks}`, { projects: 20, tasks, planEvery: 1 }],
    ]),
  ];
  // First every sign-in and project through the API, then the tasks while the server is idle.
  const created = await inParallel(shapes, 4, ([name, shape]) =>
    createAccount(call, mail, email(name), shape.projects),
  );
  const accounts = new Map<string, Account>();
  for (const [index, [name, shape]] of shapes.entries()) {
    accounts.set(name, await fillAccount(db, created[index]!, shape));
  }
  const account = (name: string) => {
    const found = accounts.get(name);
    if (!found) throw new Error(`no account ${name} was seeded`);
    return found;
  };
  const workspace500 = account('workspace-500');
  const all = [...accounts.values()];
  const tasks = all.reduce((sum, seeded) => sum + seeded.tasks.length, 0);
  const seconds = (performance.now() - started) / 1000;
  return {
    users: Array.from({ length: options.users }, (_, i) => account(`user-${i + 1}`)),
    workspace500,
    workspace500ETag: await etagOf(
      origin,
      `/workspaces/${workspace500.workspaceId}`,
      workspace500.token,
    ),
    workspaceAt: (size) => account(`workspace-${size}`),
    executeAt: (size) => account(`execute-${size}`),
    search: account('search'),
    summary: `${all.length} accounts (sign-in and projects through the API) and ${formatRate(tasks)} tasks in ${seconds.toFixed(0)} s`,
  };
}
