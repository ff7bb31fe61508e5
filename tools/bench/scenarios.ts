import { ROW } from './budgets.ts';
import { bearer, type RequestSpec } from './load-spec.ts';
import type { RowKind } from './report.ts';
import type { Fixtures } from './fixtures.ts';
import type { Account, SeededTask } from './seed.ts';

export interface Scenario {
  id: string;
  title: string;
  kind: RowKind;
  sequences: RequestSpec[][];
  /** Defaults to the run's connections (50). */
  connections?: number;
  /** The status every answer should have; any 2xx when not given. */
  expectedStatus?: number;
  /** For reads whose answer grows with the account: the path whose answer size is reported. */
  sizedPath?: { path: string; token: string };
}

const get = (path: string, token: string): RequestSpec => ({
  method: 'GET',
  path,
  headers: bearer(token),
});

const put = (path: string, token: string, body: unknown): RequestSpec => ({
  method: 'PUT',
  path,
  headers: bearer(token, true),
  body: JSON.stringify(body),
});

const workspacePath = (account: Account) => `/workspaces/${account.workspaceId}`;
const versionRead = (account: Account) => get('/api/v1/dashboard/version', account.token);
const projectTasksRead = (account: Account) =>
  get(`/api/v1/projects/${account.projectIds[0]}/tasks`, account.token);

function taskAction(account: Account, task: SeededTask, action: string): RequestSpec {
  return put(`/api/v1/workspace/tasks/${task.id}/${action}`, account.token, {
    workspaceId: account.workspaceId,
    projectId: task.projectId,
    origin: 'workspace',
  });
}

function reorder(account: Account, task: SeededTask, after: SeededTask): RequestSpec {
  return put(`/api/v1/workspace/tasks/${task.id}/reorder`, account.token, {
    workspaceId: account.workspaceId,
    afterTaskId: after.id,
  });
}

/** The n-th task of a user (seeded with planEvery 10: 0, 10, 20, 30 planned; the rest idle). */
function taskOf(account: Account, index: number, planned: boolean): SeededTask {
  const task = account.tasks[index];
  if (!task || task.planned !== planned) {
    throw new Error(`user ${account.email} has no ${planned ? 'planned' : 'idle'} task ${index}`);
  }
  return task;
}

function smallRead(id: string, title: string, users: readonly Account[]): Scenario {
  return { id, title, kind: 'read', sequences: users.map((user) => [versionRead(user)]) };
}

function readScenario(id: string, title: string, account: Account): Scenario {
  return {
    id,
    title,
    kind: 'read',
    sequences: [[get(workspacePath(account), account.token)]],
    sizedPath: { path: workspacePath(account), token: account.token },
  };
}

/**
 * The single-account scenarios, and the write scenarios where every connection is a user of
 * its own changing only its own tasks, so an action and its undo stay in order on one
 * connection and the load is many people, not one person clicking fifty times at once.
 */
function coreScenarios({ workspace500, workspace500ETag, users }: Fixtures): Scenario[] {
  const perUser = (build: (user: Account) => RequestSpec[]) => users.map(build);
  const workspaceRead = get(workspacePath(workspace500), workspace500.token);
  return [
    smallRead(ROW.smallRead, 'authenticated small read (GET /api/v1/dashboard/version)', users),
    readScenario(
      ROW.workspace500,
      'workspace read, 500 tasks (20 projects, 10 % planned)',
      workspace500,
    ),
    {
      id: ROW.conditionalRead,
      title: 'the same read, unchanged (If-None-Match → 304)',
      kind: 'read',
      expectedStatus: 304,
      sequences: [
        [
          {
            ...workspaceRead,
            headers: { ...workspaceRead.headers, 'if-none-match': workspace500ETag },
          },
        ],
      ],
    },
    {
      id: ROW.projectTasks,
      title: `project tasks (GET /api/v1/projects/{id}/tasks, ${workspace500.tasks.length / workspace500.projectIds.length} tasks)`,
      kind: 'read',
      sequences: [[projectTasksRead(workspace500)]],
    },
    mixedScenario(users),
    {
      id: ROW.planIdle,
      title: 'plan / idle toggle',
      kind: 'write',
      sequences: perUser((user) => {
        const task = taskOf(user, 1, false);
        return [taskAction(user, task, 'plan'), taskAction(user, task, 'idle')];
      }),
    },
    {
      id: ROW.completeRevert,
      title: 'complete / revert',
      kind: 'write',
      sequences: perUser((user) => {
        const task = taskOf(user, 2, false);
        return [taskAction(user, task, 'complete'), taskAction(user, task, 'revert')];
      }),
    },
    {
      id: ROW.reorder,
      title: 'reorder (PUT /api/v1/workspace/tasks/{id}/reorder)',
      kind: 'write',
      sequences: perUser((user) => {
        const [moving, , second, third] = [0, 10, 20, 30].map((i) => taskOf(user, i, true));
        return [reorder(user, moving!, second!), reorder(user, moving!, third!)];
      }),
    },
    {
      // Last: it grows the users' projects, which the reads above should not see.
      id: ROW.createTask,
      title: 'create task (POST /api/v1/tasks)',
      kind: 'write',
      sequences: perUser((user) => [
        {
          method: 'POST',
          path: '/api/v1/tasks',
          headers: bearer(user.token, true),
          body: JSON.stringify({
            workspaceId: user.workspaceId,
            projectId: user.projectIds.at(-1),
            name: 'A task made by the benchmark',
          }),
        },
      ]),
    },
  ];
}

/**
 * One user's loop of 20 requests: 16 reads (the version poll, the workspace, a project's
 * tasks) and 4 writes (plan, idle, complete, revert of the user's own tasks).
 */
/** Each user reads and writes their own workspace, as the app does; also the held load. */
export function mixedScenario(users: readonly Account[]): Scenario {
  return {
    id: ROW.mixed,
    title: `mixed: ${users.length} users, 80 % reads / 20 % writes`,
    kind: 'read',
    sequences: users.map(mixedSession),
  };
}

function mixedSession(user: Account): RequestSpec[] {
  const toggled = taskOf(user, 5, false);
  const completed = taskOf(user, 6, false);
  const writes = [
    taskAction(user, toggled, 'plan'),
    taskAction(user, toggled, 'idle'),
    taskAction(user, completed, 'complete'),
    taskAction(user, completed, 'revert'),
  ];
  const reads = [
    versionRead(user),
    get(workspacePath(user), user.token),
    versionRead(user),
    projectTasksRead(user),
  ];
  return writes.flatMap((write) => [...reads, write]);
}

/** The scale curve: the workspace read, and the same read where every task is planned. */
function scaleScenarios(fixtures: Fixtures, sizes: readonly number[]): Scenario[] {
  return sizes.flatMap((tasks) => {
    const n = count(tasks);
    return [
      readScenario(
        ROW.workspaceAt(tasks),
        `scale: workspace read, ${n} tasks (10 % planned)`,
        fixtures.workspaceAt(tasks),
      ),
      readScenario(
        ROW.executeAt(tasks),
        `scale: Execute list, ${n} planned tasks (workspace read)`,
        fixtures.executeAt(tasks),
      ),
    ];
  });
}

/** Runs together: five clients read the largest workspace while another user polls. */
function isolationScenarios(fixtures: Fixtures, largest: number): Scenario[] {
  const other = fixtures.users.slice(1, 2);
  return [
    {
      ...readScenario(
        ROW.isolationHeavy,
        `isolation: 5 clients reading ${count(largest)} tasks`,
        fixtures.workspaceAt(largest),
      ),
      connections: 5,
    },
    {
      ...smallRead(ROW.isolationSmall, "isolation: another user's small read beside them", other),
      connections: 1,
    },
  ];
}

/**
 * Issue 31 item 6: searches of an account of 50,000 tasks, one at a time so the latency is the
 * server's time. Every task's name holds "supplier", so the first asks the worst (every task
 * matches, the newest 500 are ranked); the others narrow by a number or a half-typed word.
 */
function searchScenario({ search }: Fixtures): Scenario {
  const queries = ['supplier', 'delivery 4711', 'call the supp', 'task 12', 'nothing here'];
  return {
    id: ROW.search,
    title: `search (GET /api/v1/search, ${count(search.tasks.length)} tasks, one at a time)`,
    kind: 'read',
    connections: 1,
    sequences: [
      queries.map((q) =>
        get(`/api/v1/search?${new URLSearchParams({ q }).toString()}`, search.token),
      ),
    ],
  };
}

const count = (n: number) => new Intl.NumberFormat('en-US').format(n);

/** Each step's scenarios run at the same time; steps run one after another. */
export function scenarioSteps(fixtures: Fixtures, scaleTasks: readonly number[]): Scenario[][] {
  return [
    ...coreScenarios(fixtures).map((scenario) => [scenario]),
    ...scaleScenarios(fixtures, scaleTasks).map((scenario) => [scenario]),
    [searchScenario(fixtures)],
    isolationScenarios(fixtures, Math.max(...scaleTasks)),
  ];
}
