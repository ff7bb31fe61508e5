import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { endpoints } from '@hustle/shared/api';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-databases.ts';
import { createTestApp, signIn, type TestApp } from '../../testing/test-app.ts';
import { apiClientFor, type ApiClient } from '../../testing/api-client.ts';

/**
 * Writes that change no workspace's content: they keep their own single transactions and
 * guards (decision 013). A new write route must be listed here with a reason, or be a command.
 */
const ACCOUNT_WRITES: Record<string, string> = {
  'POST /auth/code/authorize': 'sign-in: sends a code',
  'POST /auth/code/login': 'sign-in: spends a code, makes a session',
  'POST /auth/magic/authorize': 'sign-in: sends a magic link',
  'POST /auth/magic/confirm': 'sign-in: spends a magic link',
  'POST /auth/logout': 'ends a session; its version move wakes the streams, no stored answer',
  'POST /api/v1/user/plan/purchase': 'starts a checkout',
  'POST /billing/sandbox-checkout/:id': 'the plan, paid in the sandbox',
  'POST /api/v1/user/plan/portal': 'opens a customer portal session, no workspace data',
  'POST /billing/sandbox-portal/:id': 'the plan, canceled or switched in the sandbox',
  'POST /api/v1/billing/webhook': 'the plan, from the payment provider',
  'POST /api/v1/events/ticket': 'a signed ticket, nothing stored',
  'POST /api/v1/import/preview': 'reads a document, stores nothing',
  'POST /api/v1/account/email/request-code': 'the sign-in address: sends a code',
  'POST /api/v1/account/email/confirm': 'the sign-in address: spends a code',
  // Decision 066: a token's secret is in its answer only, so no stored answer may hold it.
  'POST /api/v1/tokens': 'makes an access token of the account, no workspace data',
  'POST /api/v1/tokens/:id/revoke': 'revokes an access token of the account',
  // Decision 067: a feed's address is a credential, so no stored answer may hold it either.
  'POST /api/v1/calendar-feeds': "makes the account's or a project's calendar feed address",
  'POST /api/v1/calendar-feeds/regenerate': 'gives a calendar feed a new address',
  // Decision 071: a webhook's signing secret is in its answer only; the rest is the account's.
  'POST /api/v1/webhooks': 'adds a webhook endpoint of the account',
  'POST /api/v1/webhooks/:id': "changes a webhook endpoint's events or turns it off or on",
  'DELETE /api/v1/webhooks/:id': 'deletes a webhook endpoint and its log',
  'POST /api/v1/webhooks/:id/deliveries/:deliveryId/redeliver': 'sends a delivery again',
  // It runs in the unit of work (members' workspaces move), but erases the actor's workspace,
  // so it carries no Idempotency-Key answer; account.routes.test.ts checks what it changes.
  'POST /api/v1/account/delete': 'erases the account and its workspace',
  // An instance admin's changes of another account (decision 057): run in the unit of work on
  // that account's workspace, with no Idempotency-Key answer; admin.routes.test.ts checks them.
  'POST /api/v1/admin/users/:id/disable': 'an admin disables an account, ending its sessions',
  'POST /api/v1/admin/users/:id/enable': 'an admin lets an account sign in again',
  'PUT /api/v1/admin/users/:id/feature-flags': "an admin sets an account's features",
  // Decision 079: a calendar app's writes run the task commands' own handlers in one unit of
  // work (caldav.service.ts); CalDAV has no Idempotency-Key, its ETags say what a write expects.
  'PUT /dav/calendars/:list/:object': 'a calendar app writes a task: the task commands',
  'DELETE /dav/calendars/:list/:object': 'a calendar app deletes a task: the delete command',
  // Decision 080: a browser's push subscription is the account's device, no workspace data.
  'PUT /api/v1/push/subscription': 'this browser receives the account’s reminders',
  'POST /api/v1/push/subscription/remove': 'this browser no longer receives them',
};

interface Fixture {
  app: FastifyInstance;
  ada: ApiClient;
  bob: ApiClient;
  /** Ada's project, shared with Bob. */
  shared: string;
  archived: string;
  /** Ada's project Bob has not joined, with its invite token. */
  unjoined: { id: string; token: string };
  /** Ada's project with no invite link yet. */
  unlinked: string;
  /** Tasks of the shared project, on Ada's Execute list in this order; `done` is completed. */
  tasks: { first: string; second: string; done: string };
  automation: string;
  /** Ada's undo of a shared project's task she deleted. */
  undoToken: string;
  /** A paused automation whose October run failed. */
  paused: string;
  /** Two items on the first task's checklist (issue 31). */
  items: [string, string];
  /** Ada's timer on the first task, running since 08:00, and an entry of hers before it (issue 30). */
  focus: { running: string; ended: string };
}

type Command = (f: Fixture) => {
  send: () => Promise<LightMyRequestResponse>;
  /** The workspaces whose content the command changes. */
  affects: string[];
};

const taskBody = (f: Fixture) => ({
  workspaceId: f.ada.workspaceId,
  projectId: f.shared,
  origin: 'workspace',
});

const onShared = (f: Fixture) => ({ workspaceId: f.ada.workspaceId, projectId: f.shared });

/** One valid call of every workspace command, keyed as the route table names its route. */
const COMMANDS: Record<string, Command> = {
  'POST /api/v1/projects': (f) => ({
    send: () => f.ada.post('/api/v1/projects', { workspaceId: f.ada.workspaceId, name: 'New' }),
    affects: [f.ada.workspaceId],
  }),
  'PUT /api/v1/projects/:id/rename': (f) => ({
    send: () =>
      f.ada.put(`/api/v1/projects/${f.shared}/rename`, {
        workspaceId: f.ada.workspaceId,
        name: 'Renamed',
      }),
    affects: [f.ada.workspaceId, f.bob.workspaceId],
  }),
  'PUT /api/v1/projects/:id/color': (f) => ({
    send: () =>
      f.ada.put(`/api/v1/projects/${f.shared}/color`, {
        workspaceId: f.ada.workspaceId,
        color: '#3366ff',
      }),
    affects: [f.ada.workspaceId, f.bob.workspaceId],
  }),
  'POST /api/v1/projects/:id/archive': (f) => ({
    send: () => f.ada.post(`/api/v1/projects/${f.shared}/archive`),
    affects: [f.ada.workspaceId, f.bob.workspaceId],
  }),
  'POST /api/v1/projects/:id/unarchive': (f) => ({
    send: () => f.ada.post(`/api/v1/projects/${f.archived}/unarchive`),
    affects: [f.ada.workspaceId],
  }),
  'DELETE /api/v1/projects/:id': (f) => ({
    send: () => f.ada.del(`/api/v1/projects/${f.shared}`),
    affects: [f.ada.workspaceId, f.bob.workspaceId],
  }),
  'PUT /api/v1/workspaces/:id/move-project': (f) => ({
    send: () =>
      f.ada.put(`/api/v1/workspaces/${f.ada.workspaceId}/move-project`, {
        projectId: f.shared,
        index: 2,
      }),
    affects: [f.ada.workspaceId],
  }),
  'POST /api/v1/tasks': (f) => ({
    send: () =>
      f.ada.post('/api/v1/tasks', {
        workspaceId: f.ada.workspaceId,
        projectId: f.shared,
        name: 'Water',
      }),
    affects: [f.ada.workspaceId, f.bob.workspaceId],
  }),
  'PUT /api/v1/tasks/:id/rename': (f) => ({
    send: () =>
      f.ada.put(`/api/v1/tasks/${f.tasks.first}/rename`, {
        workspaceId: f.ada.workspaceId,
        projectId: f.shared,
        name: 'Renamed',
      }),
    affects: [f.ada.workspaceId, f.bob.workspaceId],
  }),
  'POST /api/v1/tasks/:id/delete': (f) => ({
    send: () => f.ada.post(`/api/v1/tasks/${f.tasks.first}/delete`, taskBody(f)),
    affects: [f.ada.workspaceId, f.bob.workspaceId],
  }),
  'PUT /api/v1/tasks/:id/:action': (f) => ({
    send: () => f.ada.put(`/api/v1/tasks/${f.tasks.first}/complete`, taskBody(f)),
    affects: [f.ada.workspaceId, f.bob.workspaceId],
  }),
  'PUT /api/v1/workspace/tasks/:id/:action': (f) => ({
    send: () => f.ada.put(`/api/v1/workspace/tasks/${f.tasks.first}/idle`, taskBody(f)),
    affects: [f.ada.workspaceId],
  }),
  'PUT /api/v1/workspace/tasks/:id/put-to-front': (f) => ({
    send: () =>
      f.ada.put(`/api/v1/workspace/tasks/${f.tasks.second}/put-to-front`, {
        workspaceId: f.ada.workspaceId,
      }),
    affects: [f.ada.workspaceId],
  }),
  'PUT /api/v1/workspace/tasks/:id/reorder': (f) => ({
    send: () =>
      f.ada.put(`/api/v1/workspace/tasks/${f.tasks.first}/reorder`, {
        workspaceId: f.ada.workspaceId,
        afterTaskId: f.tasks.second,
      }),
    affects: [f.ada.workspaceId],
  }),
  'PUT /api/v1/workspace/tasks/:id/plan-for-day': (f) => ({
    send: () =>
      f.ada.put(`/api/v1/workspace/tasks/${f.tasks.first}/plan-for-day`, {
        ...taskBody(f),
        day: '2026-11-24',
      }),
    affects: [f.ada.workspaceId],
  }),
  'PUT /api/v1/tasks/:id/deadline': (f) => ({
    send: () =>
      f.ada.put(`/api/v1/tasks/${f.tasks.first}/deadline`, {
        workspaceId: f.ada.workspaceId,
        projectId: f.shared,
        deadline: '2026-12-24',
      }),
    affects: [f.ada.workspaceId, f.bob.workspaceId],
  }),
  'PUT /api/v1/tasks/:id/estimate': (f) => ({
    send: () =>
      f.ada.put(`/api/v1/tasks/${f.tasks.first}/estimate`, { ...onShared(f), estimate: 45 }),
    affects: [f.ada.workspaceId, f.bob.workspaceId],
  }),
  // Decision 080: the reminder is the task's, shown to all who see it; whoever set it is reminded.
  'PUT /api/v1/tasks/:id/reminder': (f) => ({
    send: () =>
      f.ada.put(`/api/v1/tasks/${f.tasks.first}/reminder`, {
        ...onShared(f),
        remindAt: '2026-11-23T09:00:00.000Z',
      }),
    affects: [f.ada.workspaceId, f.bob.workspaceId],
  }),
  // Starting on another task ends the running timer: its task's time changes for all who see it.
  'POST /api/v1/focus/start': (f) => ({
    send: () =>
      f.ada.post('/api/v1/focus/start', {
        ...onShared(f),
        taskId: f.tasks.second,
        entryId: crypto.randomUUID(),
        at: '2026-11-22T08:30:00.000Z',
        resume: false,
      }),
    affects: [f.ada.workspaceId, f.bob.workspaceId],
  }),
  'POST /api/v1/focus/end': (f) => ({
    send: () =>
      f.ada.post('/api/v1/focus/end', {
        workspaceId: f.ada.workspaceId,
        entryId: f.focus.running,
        at: '2026-11-22T08:45:00.000Z',
        pause: true,
      }),
    affects: [f.ada.workspaceId, f.bob.workspaceId],
  }),
  // Finishing the day writes the caller's own plan and review: no one else's workspace changes.
  'POST /api/v1/days/finish': (f) => ({
    send: () =>
      f.ada.post('/api/v1/days/finish', {
        workspaceId: f.ada.workspaceId,
        day: '2026-11-22',
        note: 'Call the bank first',
        moves: [{ taskId: f.tasks.second, to: '2026-11-23' }],
      }),
    affects: [f.ada.workspaceId],
  }),
  'POST /api/v1/time-entries/:id/delete': (f) => ({
    send: () =>
      f.ada.post(`/api/v1/time-entries/${f.focus.ended}/delete`, {
        workspaceId: f.ada.workspaceId,
      }),
    affects: [f.ada.workspaceId, f.bob.workspaceId],
  }),
  'PUT /api/v1/tasks/:id/position': (f) => ({
    send: () =>
      f.ada.put(`/api/v1/tasks/${f.tasks.first}/position`, {
        ...onShared(f),
        afterTaskId: f.tasks.second,
      }),
    affects: [f.ada.workspaceId, f.bob.workspaceId],
  }),
  // Out of the shared project into Ada's inbox: Bob no longer sees it.
  'PUT /api/v1/tasks/:id/project': (f) => ({
    send: () =>
      f.ada.put(`/api/v1/tasks/${f.tasks.first}/project`, { ...onShared(f), toProjectId: null }),
    affects: [f.ada.workspaceId, f.bob.workspaceId],
  }),
  'PUT /api/v1/tasks/:id/notes': (f) => ({
    send: () =>
      f.ada.put(`/api/v1/tasks/${f.tasks.first}/notes`, { ...onShared(f), notes: 'Rake first' }),
    affects: [f.ada.workspaceId, f.bob.workspaceId],
  }),
  'POST /api/v1/tasks/:id/checklist': (f) => ({
    send: () =>
      f.ada.post(`/api/v1/tasks/${f.tasks.first}/checklist`, {
        ...onShared(f),
        itemId: crypto.randomUUID(),
        name: 'Weed',
      }),
    affects: [f.ada.workspaceId, f.bob.workspaceId],
  }),
  'PUT /api/v1/tasks/:id/checklist/:itemId': (f) => ({
    send: () =>
      f.bob.put(`/api/v1/tasks/${f.tasks.first}/checklist/${f.items[0]}`, {
        workspaceId: f.bob.workspaceId,
        projectId: f.shared,
        done: true,
      }),
    affects: [f.ada.workspaceId, f.bob.workspaceId],
  }),
  'PUT /api/v1/tasks/:id/checklist/:itemId/move': (f) => ({
    send: () =>
      f.ada.put(`/api/v1/tasks/${f.tasks.first}/checklist/${f.items[1]}/move`, {
        ...onShared(f),
        afterItemId: null,
      }),
    affects: [f.ada.workspaceId, f.bob.workspaceId],
  }),
  'POST /api/v1/tasks/:id/checklist/:itemId/delete': (f) => ({
    send: () =>
      f.ada.post(`/api/v1/tasks/${f.tasks.first}/checklist/${f.items[0]}/delete`, onShared(f)),
    affects: [f.ada.workspaceId, f.bob.workspaceId],
  }),
  'POST /api/v1/tasks/:id/checklist/:itemId/to-task': (f) => ({
    send: () =>
      f.ada.post(`/api/v1/tasks/${f.tasks.first}/checklist/${f.items[1]}/to-task`, {
        ...onShared(f),
        taskId: crypto.randomUUID(),
      }),
    affects: [f.ada.workspaceId, f.bob.workspaceId],
  }),
  'PUT /api/v1/workspace/day-settings': (f) => ({
    send: () =>
      f.ada.put('/api/v1/workspace/day-settings', {
        workspaceId: f.ada.workspaceId,
        timeZone: 'Europe/Warsaw',
        carryOverTo: 'bottom',
        backToInboxAfter: 5,
      }),
    affects: [f.ada.workspaceId],
  }),
  'POST /api/v1/workspace/hide-completed': (f) => ({
    send: () => f.ada.post('/api/v1/workspace/hide-completed', { workspaceId: f.ada.workspaceId }),
    affects: [f.ada.workspaceId],
  }),
  'POST /api/v1/workspace/idle-all-planned': (f) => ({
    send: () =>
      f.ada.post('/api/v1/workspace/idle-all-planned', { workspaceId: f.ada.workspaceId }),
    affects: [f.ada.workspaceId],
  }),
  'GET /api/v1/projects/:projectId/invite-link': (f) => ({
    send: () => f.ada.get(`/api/v1/projects/${f.unlinked}/invite-link`),
    affects: [f.ada.workspaceId],
  }),
  'POST /api/v1/projects/:projectId/invite-link/regenerate': (f) => ({
    send: () => f.ada.post(`/api/v1/projects/${f.unjoined.id}/invite-link/regenerate`),
    affects: [f.ada.workspaceId],
  }),
  'POST /api/v1/invites/:inviteToken/join': (f) => ({
    send: () => f.bob.post(`/api/v1/invites/${f.unjoined.token}/join`),
    affects: [f.ada.workspaceId, f.bob.workspaceId],
  }),
  'POST /api/v1/projects/:projectId/leave': (f) => ({
    send: () =>
      f.bob.post(`/api/v1/projects/${f.shared}/leave`, { workspaceId: f.bob.workspaceId }),
    affects: [f.ada.workspaceId, f.bob.workspaceId],
  }),
  'POST /api/v1/projects/:projectId/members/:workspaceId/remove': (f) => ({
    send: () => f.ada.post(`/api/v1/projects/${f.shared}/members/${f.bob.workspaceId}/remove`),
    affects: [f.ada.workspaceId, f.bob.workspaceId],
  }),
  'POST /api/v1/automations': (f) => ({
    send: () =>
      f.ada.post('/api/v1/automations', {
        workspaceId: f.ada.workspaceId,
        day: 28,
        actions: [{ type: 'TASK', payload: { taskName: 'Pay rent' } }],
      }),
    affects: [f.ada.workspaceId],
  }),
  'DELETE /api/v1/automations/:id': (f) => ({
    send: () => f.ada.del(`/api/v1/automations/${f.automation}`),
    affects: [f.ada.workspaceId],
  }),
  'POST /api/v1/undo/:token': (f) => ({
    send: () => f.ada.post(`/api/v1/undo/${f.undoToken}`),
    affects: [f.ada.workspaceId, f.bob.workspaceId],
  }),
  'PUT /api/v1/automations/:id': (f) => ({
    send: () => f.ada.put(`/api/v1/automations/${f.automation}`, { name: 'Rent' }),
    affects: [f.ada.workspaceId],
  }),
  'POST /api/v1/automations/:id/pause': (f) => ({
    send: () => f.ada.post(`/api/v1/automations/${f.automation}/pause`),
    affects: [f.ada.workspaceId],
  }),
  'POST /api/v1/automations/:id/resume': (f) => ({
    send: () => f.ada.post(`/api/v1/automations/${f.paused}/resume`),
    affects: [f.ada.workspaceId],
  }),
  'POST /api/v1/automations/:id/skip': (f) => ({
    send: () => f.ada.post(`/api/v1/automations/${f.automation}/skip`, { period: '2026-11' }),
    affects: [f.ada.workspaceId],
  }),
  'POST /api/v1/automations/:id/unskip': (f) => ({
    send: () => f.ada.post(`/api/v1/automations/${f.automation}/unskip`, { period: '2026-12' }),
    affects: [f.ada.workspaceId],
  }),
  'POST /api/v1/automations/:id/retry': (f) => ({
    send: () => f.ada.post(`/api/v1/automations/${f.paused}/retry`, { period: '2026-10' }),
    affects: [f.ada.workspaceId],
  }),
  'POST /api/v1/account/sessions/:id/revoke': (f) => ({
    send: async () => {
      await signIn(f.app, f.ada.email, '10.3.0.1');
      const { sessions } = (await f.ada.call('listSessions')).json() as {
        sessions: { id: string; isCurrent: boolean }[];
      };
      return f.ada.post(
        `/api/v1/account/sessions/${sessions.find((s) => !s.isCurrent)!.id}/revoke`,
      );
    },
    affects: [f.ada.workspaceId],
  }),
  'POST /api/v1/account/sessions/revoke-others': (f) => ({
    send: async () => {
      await signIn(f.app, f.ada.email, '10.3.0.2');
      return f.ada.post('/api/v1/account/sessions/revoke-others');
    },
    affects: [f.ada.workspaceId],
  }),
  'POST /api/v1/import': (f) => ({
    send: async () => f.bob.post('/api/v1/import', (await f.ada.get('/api/v1/export')).json()),
    affects: [f.bob.workspaceId],
  }),
};

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

async function buildFixture(t: TestApp): Promise<Fixture> {
  const ada = await apiClientFor(t.app, 'ada@example.com');
  const bob = await apiClientFor(t.app, 'bob@example.com');
  const project = async (name: string) =>
    (await ada.post('/api/v1/projects', { workspaceId: ada.workspaceId, name })).json()
      .projectId as string;
  const tokenOf = async (projectId: string) =>
    (
      (await ada.get(`/api/v1/projects/${projectId}/invite-link`)).json().inviteLink as string
    ).replace('/invite/', '');
  const shared = await project('Garden');
  await bob.post(`/api/v1/invites/${await tokenOf(shared)}/join`);
  const archived = await project('Old');
  await ada.post(`/api/v1/projects/${archived}/archive`);
  const unjoinedId = await project('Kitchen');
  const unjoined = { id: unjoinedId, token: await tokenOf(unjoinedId) };
  const unlinked = await project('Attic');
  const task = async (name: string) =>
    (
      await ada.post('/api/v1/tasks', {
        workspaceId: ada.workspaceId,
        projectId: shared,
        name,
        planned: true,
      })
    ).json().id as string;
  const tasks = { first: await task('Dig'), second: await task('Sow'), done: await task('Buy') };
  await ada.put(`/api/v1/tasks/${tasks.done}/complete`, {
    workspaceId: ada.workspaceId,
    projectId: shared,
    origin: 'workspace',
  });
  const automation = (
    await ada.post('/api/v1/automations', {
      workspaceId: ada.workspaceId,
      day: 27,
      actions: [{ type: 'TASK', payload: { taskName: 'Pay rent' } }],
    })
  ).json().id as string;
  const undoToken = (
    await ada.post(`/api/v1/tasks/${await task('Weed')}/delete`, {
      workspaceId: ada.workspaceId,
      projectId: shared,
      origin: 'workspace',
    })
  ).json().undo.token as string;
  const paused = (
    await ada.post('/api/v1/automations', {
      workspaceId: ada.workspaceId,
      day: 3,
      actions: [{ type: 'TASK', payload: { taskName: 'Back up' } }],
    })
  ).json().id as string;
  await ada.post(`/api/v1/automations/${paused}/pause`);
  const item = async (name: string) => {
    const itemId = crypto.randomUUID();
    await ada.post(`/api/v1/tasks/${tasks.first}/checklist`, {
      workspaceId: ada.workspaceId,
      projectId: shared,
      itemId,
      name,
    });
    return itemId;
  };
  const items: [string, string] = [await item('Rake'), await item('Water')];
  const focus = { running: crypto.randomUUID(), ended: crypto.randomUUID() };
  const start = (entryId: string, at: string) =>
    ada.post('/api/v1/focus/start', {
      workspaceId: ada.workspaceId,
      projectId: shared,
      taskId: tasks.first,
      entryId,
      at,
      resume: false,
    });
  await start(focus.ended, '2026-11-22T06:00:00.000Z');
  await ada.post('/api/v1/focus/end', {
    workspaceId: ada.workspaceId,
    entryId: focus.ended,
    at: '2026-11-22T07:00:00.000Z',
    pause: false,
  });
  await start(focus.running, '2026-11-22T08:00:00.000Z');
  await t.database.db
    .insertInto('automation_runs')
    .values({
      automation_id: paused,
      period: '2026-10',
      task_id: null,
      status: 'ERROR',
      error: 'refused',
      created_at: '2026-10-03T00:00:00.000Z',
    })
    .execute();
  await t.database.db
    .insertInto('automation_runs')
    .values({
      automation_id: automation,
      period: '2026-12',
      task_id: null,
      status: 'SKIPPED',
      error: null,
      created_at: '2026-11-22T09:00:00.000Z',
    })
    .execute();
  return {
    focus,
    ada,
    bob,
    shared,
    archived,
    unjoined,
    unlinked,
    tasks,
    automation,
    undoToken,
    paused,
    items,
    app: t.app,
  };
}

describe.each(testDialects)('the one write path (%s)', (dialect) => {
  let t: TestApp;
  const writeRoutes: string[] = [];

  beforeEach(async () => {
    writeRoutes.length = 0;
    t = await createTestApp(dialect, {
      onRoute: (route) => {
        for (const method of [route.method].flat()) {
          if (WRITE_METHODS.has(method)) writeRoutes.push(`${method} ${route.url}`);
        }
      },
    });
  });
  afterEach(() => t.close());

  it('knows every write route: each is a workspace command or a listed account write', () => {
    const known = new Set([...Object.keys(COMMANDS), ...Object.keys(ACCOUNT_WRITES)]);
    const unknown = writeRoutes.filter((route) => !known.has(route));
    expect(unknown).toEqual([]);
    const registered = new Set(writeRoutes);
    const stale = Object.keys(COMMANDS).filter(
      (route) => !route.startsWith('GET ') && !registered.has(route),
    );
    expect(stale).toEqual([]);
  });

  it('runs exactly the contract’s command endpoints through the unit of work', () => {
    const declared = Object.values(endpoints)
      .filter((endpoint) => 'command' in endpoint && endpoint.command)
      .flatMap((endpoint) =>
        [endpoint.path, ...endpoint.aliases].map((path) => `${endpoint.method} ${path}`),
      );
    expect(declared.sort()).toEqual(Object.keys(COMMANDS).sort());
  });

  it.each(Object.keys(COMMANDS))(
    '%s bumps every affected workspace once and logs what changed',
    async (route) => {
      const fixture = await buildFixture(t);
      const command = COMMANDS[route]!(fixture);
      const all = [fixture.ada.workspaceId, fixture.bob.workspaceId];
      const versions = async () =>
        new Map(
          (
            await t.database.db
              .selectFrom('workspaces')
              .select(['id', 'version'])
              .where('id', 'in', all)
              .execute()
          ).map((row) => [row.id, row.version]),
        );
      const before = await versions();
      const res = await command.send();
      expect([200, 204], res.body).toContain(res.statusCode);
      const after = await versions();
      for (const workspaceId of all) {
        const bumps = after.get(workspaceId)! - before.get(workspaceId)!;
        expect(bumps, workspaceId).toBe(command.affects.includes(workspaceId) ? 1 : 0);
      }
      for (const workspaceId of command.affects) {
        const changes = await t.database.db
          .selectFrom('change_log')
          .select(['entity', 'entity_id', 'op'])
          .where('workspace_id', '=', workspaceId)
          .where('version', '=', after.get(workspaceId)!)
          .execute();
        expect(changes.length, `${workspaceId} change rows`).toBeGreaterThan(0);
      }
    },
  );
});
