import { endpoints, type Endpoints, type OperationName } from '@hustle/shared/api';
import {
  endpointUrl,
  type AnyEndpoint,
  type EndpointInput,
  type EndpointResult,
} from '@hustle/shared/endpoint';
import type { ExportDocumentInput } from '@hustle/shared/portability';
import type { Response } from '@playwright/test';
import type { RunningServer } from './server.ts';

export interface SignedInUser {
  email: string;
  token: string;
  userId: string;
  workspaceId: string;
}

/**
 * Every call the scenarios make to the server's HTTP API, for seeding and for checking what the
 * server holds — by operation name from the shared contract, answers parsed by its schemas.
 */
export function apiOf(server: RunningServer) {
  async function call<Name extends OperationName>(
    operation: Name,
    input: EndpointInput<Endpoints[Name]>,
    token?: string,
    headers: Record<string, string> = {},
  ): Promise<EndpointResult<Endpoints[Name]>> {
    const endpoint: AnyEndpoint = endpoints[operation];
    const body = (input as { body?: unknown }).body;
    const res = await fetch(`${server.url}${endpointUrl(endpoint, input)}`, {
      method: endpoint.method,
      headers: {
        ...headers,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${operation}: ${res.status} ${await res.text()}`);
    const [, schema] =
      Object.entries(endpoint.responses).find(([status]) => Number(status) < 300) ?? [];
    if (!schema) throw new Error(`${operation} declares no success answer`);
    return schema.parse(await res.json()) as EndpointResult<Endpoints[Name]>;
  }
  /** spec §5: a task command names the task's project (null for the inbox) and its origin. */
  const taskCommand = (
    user: SignedInUser,
    { projectId = null, origin = 'workspace' }: TaskCommandOptions = {},
  ) => ({ workspaceId: user.workspaceId, projectId, origin });

  const api = {
    /** The user a token signs in, with the ids its session names (however the token was got). */
    async userWithToken(email: string, token: string): Promise<SignedInUser> {
      const session = await call('getSession', {}, token);
      return { email, token, userId: session.userId, workspaceId: session.workspaceId };
    },

    /**
     * Signs in through the real code flow: the server hands the code back without a mailer. A
     * User-Agent makes the session look like that browser on the account screen.
     */
    async signIn(email: string, { userAgent }: { userAgent?: string } = {}): Promise<SignedInUser> {
      const { debugCode } = await call('requestLoginCode', { body: { email } });
      const { accessToken } = await call(
        'loginWithCode',
        { body: { email, code: debugCode ?? '' } },
        undefined,
        userAgent ? { 'user-agent': userAgent } : {},
      );
      return api.userWithToken(email, accessToken);
    },

    workspace: (user: SignedInUser) =>
      call('getWorkspace', { params: { id: user.workspaceId } }, user.token),

    async createProject(user: SignedInUser, name: string, color?: string): Promise<string> {
      const body = { workspaceId: user.workspaceId, name, ...(color ? { color } : {}) };
      return (await call('createProject', { body }, user.token)).projectId;
    },

    projectTasks: (user: SignedInUser, projectId: string) =>
      call('listProjectTasks', { params: { id: projectId } }, user.token),

    async createTask(
      user: SignedInUser,
      name: string,
      { projectId = null, planned }: { projectId?: string | null; planned?: boolean } = {},
    ): Promise<string> {
      const body = {
        workspaceId: user.workspaceId,
        projectId,
        name,
        ...(planned === undefined ? {} : { planned }),
      };
      return (await call('createTask', { body }, user.token)).id;
    },

    /** Issue 29: plans the task for a day ('YYYY-MM-DD' in the user's time zone). */
    planForDay: (user: SignedInUser, taskId: string, day: string, options?: TaskCommandOptions) =>
      call(
        'planTaskForDay',
        { params: { id: taskId }, body: { ...taskCommand(user, options), day } },
        user.token,
      ),

    setDeadline: (
      user: SignedInUser,
      taskId: string,
      deadline: string | null,
      { projectId = null }: { projectId?: string | null } = {},
    ) =>
      call(
        'setTaskDeadline',
        {
          params: { id: taskId },
          body: { workspaceId: user.workspaceId, projectId, deadline },
        },
        user.token,
      ),

    /** Issue 30: a task's reminder, an instant (ISO), or null to clear it (decision 080). */
    setReminder: (
      user: SignedInUser,
      taskId: string,
      remindAt: string | null,
      { projectId = null }: { projectId?: string | null } = {},
    ) =>
      call(
        'setTaskReminder',
        { params: { id: taskId }, body: { workspaceId: user.workspaceId, projectId, remindAt } },
        user.token,
      ),

    /** Decision 084: the daily nudges' times ("HH:MM" where the user is), null to turn one off. */
    setNudges: (
      user: SignedInUser,
      nudges: { planNudgeAt?: string | null; finishNudgeAt?: string | null },
    ) =>
      call('updateDaySettings', { body: { workspaceId: user.workspaceId, ...nudges } }, user.token),

    /** Issue 30: a task's estimate in whole minutes, or null to clear it. */
    setEstimate: (
      user: SignedInUser,
      taskId: string,
      estimate: number | null,
      { projectId = null }: { projectId?: string | null } = {},
    ) =>
      call(
        'setTaskEstimate',
        {
          params: { id: taskId },
          body: { workspaceId: user.workspaceId, projectId, estimate },
        },
        user.token,
      ),

    /** Issue 30: starts the focus timer on a task at `at` (an entry of `entryId`). */
    startFocus: (
      user: SignedInUser,
      taskId: string,
      at: string,
      {
        projectId = null,
        entryId = crypto.randomUUID(),
      }: { projectId?: string | null; entryId?: string } = {},
    ) =>
      call(
        'startFocus',
        {
          body: { workspaceId: user.workspaceId, projectId, taskId, entryId, at, resume: false },
        },
        user.token,
      ).then(() => entryId),

    /** Issue 30: pauses or stops the running entry at `at`. */
    endFocus: (user: SignedInUser, entryId: string, at: string, pause = false) =>
      call('endFocus', { body: { workspaceId: user.workspaceId, entryId, at, pause } }, user.token),

    /** Issue 31: a task's notes. */
    setNotes: (
      user: SignedInUser,
      taskId: string,
      notes: string,
      { projectId = null }: { projectId?: string | null } = {},
    ) =>
      call(
        'setTaskNotes',
        { params: { id: taskId }, body: { workspaceId: user.workspaceId, projectId, notes } },
        user.token,
      ),

    /** Issue 31: a task as its details sheet reads it: the task, its notes and its checklist. */
    taskDetails: (user: SignedInUser, taskId: string) =>
      call('getTaskDetails', { params: { id: taskId } }, user.token),

    /** Issue 31: an item at the end of a task's checklist, checked when `done`. */
    async addChecklistItem(
      user: SignedInUser,
      taskId: string,
      name: string,
      { projectId = null, done = false }: { projectId?: string | null; done?: boolean } = {},
    ) {
      const itemId = crypto.randomUUID();
      const on = { workspaceId: user.workspaceId, projectId };
      await call(
        'addChecklistItem',
        { params: { id: taskId }, body: { ...on, itemId, name } },
        user.token,
      );
      if (done) {
        await call(
          'updateChecklistItem',
          { params: { id: taskId, itemId }, body: { ...on, done: true } },
          user.token,
        );
      }
      return itemId;
    },

    planTask: (user: SignedInUser, taskId: string, options?: TaskCommandOptions) =>
      call(
        'taskAction',
        { params: { id: taskId, action: 'plan' }, body: taskCommand(user, options) },
        user.token,
      ),

    completeTask: (user: SignedInUser, taskId: string, options?: TaskCommandOptions) =>
      call(
        'taskAction',
        { params: { id: taskId, action: 'complete' }, body: taskCommand(user, options) },
        user.token,
      ),

    /** Puts the project in the archive (its tasks leave every plan, spec §4). */
    archiveProject: (user: SignedInUser, projectId: string) =>
      call('archiveProject', { params: { id: projectId }, body: {} }, user.token),

    async inviteLink(user: SignedInUser, projectId: string): Promise<string> {
      return (await call('getInviteLink', { params: { projectId } }, user.token)).inviteLink;
    },

    /** Joins by the invite link's path or URL, whose last segment is the token. */
    joinInvite: (user: SignedInUser, inviteLink: string) =>
      call(
        'joinInvite',
        { params: { inviteToken: inviteLink.split('/').pop() ?? '' } },
        user.token,
      ),

    /** Adds a whole export document's projects and tasks at once (issue 16's import). */
    importDocument: (user: SignedInUser, document: ExportDocumentInput) =>
      call('importData', { body: document }, user.token),

    deleteProject: (user: SignedInUser, projectId: string) =>
      call('deleteProject', { params: { id: projectId } }, user.token),

    leaveProject: (user: SignedInUser, projectId: string) =>
      call(
        'leaveProject',
        { params: { projectId }, body: { workspaceId: user.workspaceId } },
        user.token,
      ),

    createAutomation: (
      user: SignedInUser,
      { dayOfMonth, taskName, name }: { dayOfMonth: number; taskName: string; name?: string },
    ) =>
      call(
        'createAutomation',
        {
          body: {
            workspaceId: user.workspaceId,
            ...(name ? { name } : {}),
            trigger: { frequency: 'MONTHLY', dayOfMonth },
            steps: [{ type: 'TASK', payload: { taskName } }],
          },
        },
        user.token,
      ),

    automations: (user: SignedInUser) => call('listAutomations', {}, user.token),

    /**
     * A run that failed, as the scheduler stores one when making its task fails (decision 005);
     * written in the database, as nothing outside the server makes a firing fail on purpose.
     */
    async recordFailedRun(automationId: string, period: string): Promise<void> {
      await server.database.db
        .insertInto('automation_runs')
        .values({
          automation_id: automationId,
          period,
          task_id: null,
          status: 'ERROR',
          error: 'refused',
          created_at: new Date().toISOString(),
        })
        .execute();
    },

    /** An instance admin's change of an account's features (decision 057). */
    setFeatureFlags: (
      admin: SignedInUser,
      user: SignedInUser,
      featureFlags: ('automation' | 'subscription')[] | null,
    ) =>
      call(
        'setUserFeatureFlags',
        { params: { id: user.userId }, body: { featureFlags } },
        admin.token,
      ),

    disableUser: (admin: SignedInUser, user: SignedInUser) =>
      call('disableUser', { params: { id: user.userId } }, admin.token),

    /** Ends the user's trial on the Free plan, in the database: no endpoint moves a user down. */
    async putOnFreePlan(user: SignedInUser): Promise<void> {
      await server.database.db
        .updateTable('subscriptions')
        .set({ plan: 'FREE', is_trial: 0 })
        .where('user_id', '=', user.userId)
        .execute();
    },
  };
  return api;
}

/** An endpoint's path as a URL glob: each `:param` matches one segment. */
const globOf = (path: string, params: Record<string, string> = {}) =>
  `**${path.replace(/:([A-Za-z]+)/g, (_, name: string) => params[name] ?? '*')}`;

/** Calls the pages make, as URL patterns, for scenarios that hold or fail one on its way. */
export const PAGE_CALLS = {
  completeTask: globOf(endpoints.taskAction.path, { action: 'complete' }),
  joinInvite: globOf(endpoints.joinInvite.path),
  importData: globOf(endpoints.importData.path),
  listSessions: globOf(endpoints.listSessions.path),
} as const;

/** Whether a response answers the task command `action` (spec §7 `PUT …/tasks/{id}/{action}`). */
export const isTaskCommand = (action: string) => (response: Response) => {
  const pattern = endpoints.taskAction.path.replace(':action', action).replace(':id', '[^/]+');
  return (
    response.request().method() === endpoints.taskAction.method &&
    new RegExp(`^${pattern}$`).test(new URL(response.url()).pathname)
  );
};

interface TaskCommandOptions {
  projectId?: string | null;
  origin?: 'workspace' | 'automation';
}

export type Api = ReturnType<typeof apiOf>;
