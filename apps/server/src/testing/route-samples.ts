import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { apiClientFor, type ApiClient } from './api-client.ts';
import { signIn, TEST_ADMIN_EMAIL } from './test-app.ts';
import type { RouteSample } from './hostile-variants.ts';

/** A small world every route has something real to act on in. */
export interface SampleWorld {
  ada: ApiClient;
  /** A member of Ada's shared project. */
  bea: ApiClient;
  projectId: string;
  /** The last segment of Ada's calendar feed address of the shared project. */
  projectFeedFile: string;
  projectTaskId: string;
  inboxTaskId: string;
  otherInboxTaskId: string;
  /** An inbox task the move sample takes into the project (issue 31). */
  movableTaskId: string;
  /** Two items on the project task's checklist (issue 31). */
  checklistItemId: string;
  otherChecklistItemId: string;
  automationId: string;
  /** A daily automation: it ran today, so its run can be named (and retried, changing nothing). */
  dailyAutomationId: string;
  inviteToken: string;
  checkoutId: string;
  /** Bea has paid in the sandbox, so she has a sandbox portal to open. */
  portalId: string;
  eventTicket: string;
  /** Ada's undo of an inbox task she deleted. */
  undoToken: string;
  /** Ada's running timer on the project task, and an entry she recorded before it (issue 30). */
  focusEntryId: string;
  timeEntryId: string;
  /** Ada signed in on a second device. */
  adaOtherSessionId: string;
  /** A code mailed for changing Bea's address to bea.new@example.com. */
  beaEmailCode: string;
  /** One of Ada's personal access tokens. */
  adaTokenId: string;
  /** Ada's webhook endpoint and a delivery of it. */
  webhookId: string;
  webhookDeliveryId: string;
  /** The instance admin (ADMIN_EMAILS), and the account the admin samples act on. */
  admin: ApiClient;
  danUserId: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- seeding reads a few known fields
async function ok(response: Promise<LightMyRequestResponse>): Promise<any> {
  const res = await response;
  if (res.statusCode >= 300) throw new Error(`seeding failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function seedSampleWorld(app: FastifyInstance): Promise<SampleWorld> {
  const ada = await apiClientFor(app, 'ada@example.com');
  const bea = await apiClientFor(app, 'bea@example.com');
  const admin = await apiClientFor(app, TEST_ADMIN_EMAIL);
  const dan = await apiClientFor(app, 'dan@example.com');
  const workspaceId = ada.workspaceId;
  const { projectId } = await ok(ada.post('/api/v1/projects', { workspaceId, name: 'Home' }));
  const task = (body: object) => ok(ada.post('/api/v1/tasks', { workspaceId, ...body }));
  const projectTask = await task({ projectId, name: 'Water the plants', planned: true });
  const inboxTask = await task({ name: 'Buy milk', planned: true });
  const otherInboxTask = await task({ name: 'Call mum', planned: true });
  const deletedTask = await task({ name: 'Post the letter', planned: true });
  const movableTask = await task({ name: 'Repot the fern' });
  const item = async (name: string) => {
    const itemId = crypto.randomUUID();
    await ok(
      ada.post(`/api/v1/tasks/${projectTask.id}/checklist`, {
        workspaceId,
        projectId,
        itemId,
        name,
      }),
    );
    return itemId;
  };
  const checklistItemId = await item('Fill the can');
  const otherChecklistItemId = await item('Check the soil');
  const deleted = await ok(
    ada.post(`/api/v1/tasks/${deletedTask.id}/delete`, {
      workspaceId,
      projectId: null,
      origin: 'workspace',
    }),
  );
  const automation = await ok(
    ada.post('/api/v1/automations', {
      workspaceId,
      trigger: { frequency: 'MONTHLY', dayOfMonth: 5 },
      steps: [{ type: 'TASK', payload: { taskName: 'Pay rent' } }],
    }),
  );
  const daily = await ok(
    ada.post('/api/v1/automations', {
      workspaceId,
      trigger: { frequency: 'DAILY' },
      steps: [{ type: 'TASK', payload: { taskName: 'Stretch' } }],
    }),
  );
  const { inviteLink } = await ok(ada.get(`/api/v1/projects/${projectId}/invite-link`));
  const inviteToken = String(inviteLink).replace('/invite/', '');
  await ok(bea.post(`/api/v1/invites/${inviteToken}/join`));
  const { redirectUrl } = await ok(ada.post('/api/v1/user/plan/purchase', { period: 'year' }));
  const { ticket } = await ok(ada.post('/api/v1/events/ticket'));
  const beaCheckout = await ok(bea.post('/api/v1/user/plan/purchase', { period: 'quarter' }));
  const paid = await app.inject({
    method: 'POST',
    url: beaCheckout.redirectUrl,
    payload: { outcome: 'pay' },
  });
  if (paid.statusCode !== 303) throw new Error(`seeding failed: ${paid.statusCode} ${paid.body}`);
  const portal = await ok(bea.post('/api/v1/user/plan/portal'));
  await signIn(app, 'ada@example.com', '10.6.0.1');
  const { sessions } = await ok(ada.get('/api/v1/account/sessions'));
  const adaOther = (sessions as { id: string; isCurrent: boolean }[]).find((s) => !s.isCurrent)!;
  const emailChange = await ok(
    bea.post('/api/v1/account/email/request-code', { email: 'bea.new@example.com' }),
  );
  const adaToken = await ok(ada.post('/api/v1/tokens', { name: 'A script', scopes: ['read'] }));
  const projectFeed = await ok(ada.post('/api/v1/calendar-feeds', { projectId }));
  const webhook = await ok(
    ada.post('/api/v1/webhooks', {
      url: 'https://93.184.215.14/hooks',
      events: ['task.created', 'task.completed'],
    }),
  );
  await task({ projectId: null, name: 'Told of' });
  const { deliveries } = await ok(ada.get(`/api/v1/webhooks/${webhook.id}/deliveries`));
  // Before the test clock's start (09:00): an hour's entry, then a timer running since 08:00.
  const [timeEntryId, focusEntryId] = [crypto.randomUUID(), crypto.randomUUID()];
  const focus = (entryId: string, at: string) =>
    ok(
      ada.post('/api/v1/focus/start', {
        workspaceId,
        projectId,
        taskId: projectTask.id,
        entryId,
        at,
        resume: false,
      }),
    );
  await focus(timeEntryId, '2026-11-22T06:00:00.000Z');
  await ok(
    ada.post('/api/v1/focus/end', {
      workspaceId,
      entryId: timeEntryId,
      at: '2026-11-22T07:00:00.000Z',
      pause: false,
    }),
  );
  await focus(focusEntryId, '2026-11-22T08:00:00.000Z');
  return {
    timeEntryId,
    focusEntryId,
    webhookId: webhook.id,
    webhookDeliveryId: deliveries[0].id,
    projectFeedFile: String(projectFeed.url).split('/').at(-1)!,
    adaTokenId: adaToken.id,
    admin,
    danUserId: dan.userId,
    adaOtherSessionId: adaOther.id,
    beaEmailCode: String(emailChange.debugCode),
    ada,
    bea,
    projectId,
    projectTaskId: projectTask.id,
    inboxTaskId: inboxTask.id,
    otherInboxTaskId: otherInboxTask.id,
    movableTaskId: movableTask.id,
    checklistItemId,
    otherChecklistItemId,
    automationId: automation.id,
    dailyAutomationId: daily.id,
    inviteToken,
    checkoutId: String(redirectUrl).split('/').at(-1)!,
    portalId: String(portal.redirectUrl).split('/').at(-1)!,
    eventTicket: ticket,
    undoToken: deleted.undo.token,
  };
}

export interface RouteSampleSpec extends RouteSample {
  /** The status the sample itself gets when that is not a 2xx. */
  answers?: number;
  /** Browser form routes refuse by redirecting back to a page that shows the message. */
  refusesByRedirectTo?: string;
  /** The sample opens an endless stream, so only its hostile variants are sent. */
  isStream?: boolean;
}

/** A small export document: one of each thing the format holds. */
export const sampleDocument = () => {
  const at = '2026-11-01T08:00:00.000Z';
  const task = (ref: string) => ({
    ref,
    name: `Task ${ref}`,
    createdAt: at,
    updatedAt: at,
    completedAt: null,
  });
  return {
    format: 'hustle-export',
    version: 2,
    exportedAt: at,
    projects: [
      {
        ref: 'p',
        name: 'Moved',
        color: '#3366ff',
        archivedAt: null,
        createdAt: at,
        tasks: [
          {
            ...task('pt'),
            deadline: '2026-12-01',
            notes: 'Ask **Bea** first',
            checklist: [{ name: 'Buy soil', doneAt: null, createdAt: at }],
          },
        ],
      },
    ],
    inbox: [{ ...task('it'), completedAt: at }],
    automations: [
      {
        ref: 'a',
        name: 'Rent',
        dayOfMonth: 3,
        taskName: 'Pay rent',
        createdAt: at,
        runs: [{ period: '2026-11', status: 'CREATED', taskRef: 'at', error: null, createdAt: at }],
      },
      {
        ref: 'w',
        name: 'Stretch',
        trigger: { frequency: 'WEEKLY', weekdays: [1, 4] },
        taskName: 'Stretch',
        projectRef: 'p',
        createdAt: at,
        pausedAt: at,
        runs: [
          { period: '2026-11-19', status: 'SKIPPED', taskRef: null, error: null, createdAt: at },
        ],
      },
    ],
    automationTasks: [{ ...task('at'), automationRef: 'a' }],
    planned: [
      { ref: 'pt', day: '2026-11-24', carried: 0 },
      { ref: 'at', day: '2026-11-22' },
    ],
    sharedWithMe: [{ name: 'Garden', ownerEmail: 'bea@example.com' }],
  };
};

/**
 * One accepted request per route of the route table (OpenAPI paths, methods in lower case), in
 * an order that can be replayed against one world: reads, then changes, then removals.
 */
export function routeSamples(w: SampleWorld): [string, RouteSampleSpec][] {
  const ada = { headers: w.ada.headers };
  const admin = { headers: w.admin.headers };
  const dan = { params: { id: w.danUserId } };
  const workspaceId = w.ada.workspaceId;
  const taskCommand = { workspaceId, projectId: null, origin: 'workspace' };
  const onProjectTask = { workspaceId, projectId: w.projectId };
  return [
    ['get /healthz', {}],
    ['get /readyz', {}],
    // Tests set no METRICS_TOKEN, so the metrics are not exposed (the metrics test sets one).
    ['get /metrics', { headers: { authorization: 'Bearer not-set-in-tests' }, answers: 404 }],
    ['get /api/v1/session', ada],
    ['get /api/v1/user/plan', ada],
    ['get /workspaces/{id}', { ...ada, params: { id: workspaceId } }],
    ['get /api/v1/workspaces/{id}', { ...ada, params: { id: workspaceId } }],
    ['get /api/v1/dashboard/version', ada],
    ['get /api/v1/sync', { ...ada, query: { since: '1', limit: '100' } }],
    ['get /api/v1/workspaces/{id}/archived-projects', { ...ada, params: { id: workspaceId } }],
    [
      'get /api/v1/workspaces/{id}/pages/{list}',
      {
        ...ada,
        params: { id: workspaceId, list: 'planned' },
        query: { after: `a0.${w.projectId}` },
      },
    ],
    ['get /api/v1/projects/{id}/tasks', { ...ada, params: { id: w.projectId } }],
    ['get /api/v1/tasks/{id}/details', { ...ada, params: { id: w.projectTaskId } }],
    ['get /api/v1/tasks/{id}/activity', { ...ada, params: { id: w.projectTaskId } }],
    ['get /api/v1/search', { ...ada, query: { q: 'task', cursor: '0' } }],
    [
      'get /api/v1/logbook',
      { ...ada, query: { before: `2026-11-22T09:00:00.000Z|${w.projectTaskId}` } },
    ],
    ['get /api/v1/logbook/week', { ...ada, query: { day: '2026-11-23' } }],
    [
      'get /api/v1/projects/{id}/tasks/pages',
      { ...ada, params: { id: w.projectId }, query: { limit: '2' } },
    ],
    ['get /api/v1/projects/{projectId}/members', { ...ada, params: { projectId: w.projectId } }],
    [
      'get /api/v1/projects/{projectId}/invite-link',
      { ...ada, params: { projectId: w.projectId } },
    ],
    ['get /api/v1/invites/{inviteToken}', { ...ada, params: { inviteToken: w.inviteToken } }],
    ['get /api/v1/account/sessions', ada],
    ['get /api/v1/tokens', ada],
    [
      'post /api/v1/tokens',
      { ...ada, body: { name: 'Calendar', scopes: ['read', 'calendar'], expiresInDays: 90 } },
    ],
    ['post /api/v1/tokens/{id}/revoke', { ...ada, params: { id: w.adaTokenId } }],
    ['get /api/v1/webhooks', ada],
    [
      'post /api/v1/webhooks',
      { ...ada, body: { url: 'https://93.184.215.14/other', events: ['project.created'] } },
    ],
    [
      'post /api/v1/webhooks/{id}',
      { ...ada, params: { id: w.webhookId }, body: { events: ['task.updated'], enabled: true } },
    ],
    ['get /api/v1/webhooks/{id}/deliveries', { ...ada, params: { id: w.webhookId } }],
    [
      'post /api/v1/webhooks/{id}/deliveries/{deliveryId}/redeliver',
      { ...ada, params: { id: w.webhookId, deliveryId: w.webhookDeliveryId } },
    ],
    ['delete /api/v1/webhooks/{id}', { ...ada, params: { id: w.webhookId } }],
    ['get /api/v1/calendar-feeds', ada],
    ['post /api/v1/calendar-feeds', { ...ada, body: { projectId: null } }],
    // The account's feed: the project's, which the next sample reads, keeps its address.
    ['post /api/v1/calendar-feeds/regenerate', { ...ada, body: { projectId: null } }],
    ['get /api/v1/calendar-feeds/{file}', { params: { file: w.projectFeedFile } }],
    ['get /api/v1/automations', ada],
    ['get /api/v1/automation-status', ada],
    ['get /api/v1/automations/{id}/runs', { ...ada, params: { id: w.automationId } }],
    ['get /api/v1/export', ada],
    ['get /api/v1/admin/overview', admin],
    ['get /api/v1/admin/users', { ...admin, query: { q: 'DAN@' } }],
    ['get /api/v1/admin/actions', admin],
    ['get /api/v1/events', { query: { ticket: w.eventTicket }, isStream: true }],
    ['get /billing/sandbox-checkout/{id}', { params: { id: w.checkoutId } }],
    ['get /billing/sandbox-portal/{id}', { params: { id: w.portalId } }],
    [
      'get /auth/magic/authorize',
      {
        headers: { accept: 'application/json' },
        query: {
          email: 'cy@example.com',
          callback: 'http://localhost:5173',
          returnTo: `/invite/${w.inviteToken}`,
        },
      },
    ],
    ['get /auth/options', {}],
    // The sample app has no provider (the OIDC tests start one): both refuse to the login screen.
    [
      'get /auth/oidc/start',
      {
        query: { returnTo: `/invite/${w.inviteToken}`, timezone: 'Europe/Warsaw' },
        answers: 303,
        refusesByRedirectTo: '/login?error=',
      },
    ],
    [
      'get /auth/oidc/callback',
      {
        query: { code: 'a-code', state: 'a-state', iss: 'https://id.example.com' },
        answers: 303,
        refusesByRedirectTo: '/login?error=',
      },
    ],
    ['get /auth/magic/confirm', { query: { token: 'x'.repeat(32) } }],
    [
      'post /auth/magic/confirm',
      {
        body: { token: 'x'.repeat(32), timezone: 'Europe/Warsaw' },
        answers: 303,
        refusesByRedirectTo: '/magic-link?error=',
      },
    ],
    ['post /auth/code/authorize', { body: { email: 'cy@example.com' } }],
    [
      'post /auth/code/login',
      {
        body: { email: 'cy@example.com', code: 'ABC123', timezone: 'Europe/Warsaw' },
        answers: 400,
      },
    ],
    ['post /api/v1/events/ticket', ada],
    // Ada's address is wanted by later samples, so she asks for a change she never confirms;
    // Bea confirms hers (the code came with the seeding).
    ['post /api/v1/account/email/request-code', { ...ada, body: { email: 'ada.new@example.com' } }],
    [
      'post /api/v1/account/email/confirm',
      { headers: w.bea.headers, body: { code: w.beaEmailCode } },
    ],
    ['post /api/v1/account/sessions/{id}/revoke', { ...ada, params: { id: w.adaOtherSessionId } }],
    ['post /api/v1/account/sessions/revoke-others', ada],
    ['post /api/v1/user/plan/purchase', { ...ada, body: { period: 'quarter' } }],
    [
      'post /api/v1/billing/webhook',
      {
        rawBody: { payload: '{"id":"evt_1"}', contentType: 'application/json' },
        headers: { 'stripe-signature': 't=1,v1=00' },
        // No payment provider is configured in tests.
        answers: 404,
      },
    ],
    [
      'post /api/v1/projects',
      { ...ada, body: { workspaceId, name: 'Garden', color: '#3366ff', asFirst: true } },
    ],
    [
      'put /api/v1/projects/{id}/rename',
      { ...ada, params: { id: w.projectId }, body: { workspaceId, name: 'House' } },
    ],
    [
      'put /api/v1/projects/{id}/color',
      { ...ada, params: { id: w.projectId }, body: { workspaceId, color: '#ff6250' } },
    ],
    [
      'put /api/v1/workspaces/{id}/move-project',
      { ...ada, params: { id: workspaceId }, body: { projectId: w.projectId, index: 1 } },
    ],
    [
      'post /api/v1/tasks',
      { ...ada, body: { workspaceId, projectId: w.projectId, name: 'Repot', planned: false } },
    ],
    [
      'put /api/v1/tasks/{id}/rename',
      {
        ...ada,
        params: { id: w.projectTaskId },
        body: { workspaceId, projectId: w.projectId, name: 'Water the ferns' },
      },
    ],
    [
      'put /api/v1/tasks/{id}/{action}',
      { ...ada, params: { id: w.inboxTaskId, action: 'complete' }, body: taskCommand },
    ],
    [
      'put /api/v1/workspace/tasks/{id}/{action}',
      { ...ada, params: { id: w.inboxTaskId, action: 'revert' }, body: taskCommand },
    ],
    [
      'put /api/v1/workspace/tasks/{id}/put-to-front',
      { ...ada, params: { id: w.otherInboxTaskId }, body: { workspaceId } },
    ],
    [
      'put /api/v1/workspace/tasks/{id}/reorder',
      {
        ...ada,
        params: { id: w.inboxTaskId },
        body: { workspaceId, afterTaskId: w.otherInboxTaskId },
      },
    ],
    [
      'put /api/v1/workspace/tasks/{id}/plan-for-day',
      {
        ...ada,
        params: { id: w.otherInboxTaskId },
        body: { ...taskCommand, day: '2026-11-30' },
      },
    ],
    [
      'put /api/v1/tasks/{id}/deadline',
      {
        ...ada,
        params: { id: w.projectTaskId },
        body: { workspaceId, projectId: w.projectId, deadline: '2026-12-24' },
      },
    ],
    [
      'put /api/v1/tasks/{id}/estimate',
      {
        ...ada,
        params: { id: w.projectTaskId },
        body: { workspaceId, projectId: w.projectId, estimate: 90 },
      },
    ],
    [
      'post /api/v1/focus/start',
      {
        ...ada,
        body: {
          workspaceId,
          projectId: null,
          taskId: w.inboxTaskId,
          entryId: crypto.randomUUID(),
          at: '2026-11-22T08:30:00.000Z',
          resume: false,
        },
      },
    ],
    [
      'post /api/v1/focus/end',
      {
        ...ada,
        body: { workspaceId, entryId: w.focusEntryId, at: '2026-11-22T08:45:00.000Z', pause: true },
      },
    ],
    [
      'post /api/v1/days/finish',
      {
        ...ada,
        body: {
          workspaceId,
          day: '2026-11-22',
          note: 'Start with the invoice',
          moves: [
            { taskId: w.inboxTaskId, to: '2026-11-23' },
            { taskId: w.projectTaskId, to: null },
          ],
        },
      },
    ],
    [
      'post /api/v1/time-entries/{id}/delete',
      { ...ada, params: { id: w.timeEntryId }, body: { workspaceId } },
    ],
    [
      'put /api/v1/tasks/{id}/project',
      {
        ...ada,
        params: { id: w.movableTaskId },
        body: { workspaceId, projectId: null, toProjectId: w.projectId },
      },
    ],
    [
      'put /api/v1/tasks/{id}/position',
      {
        ...ada,
        params: { id: w.projectTaskId },
        body: { ...onProjectTask, afterTaskId: null },
      },
    ],
    [
      'put /api/v1/tasks/{id}/reminder',
      {
        ...ada,
        params: { id: w.projectTaskId },
        body: { workspaceId, projectId: w.projectId, remindAt: '2030-01-10T09:00:00Z' },
      },
    ],
    ['get /api/v1/push/key', ada],
    [
      'put /api/v1/push/subscription',
      {
        ...ada,
        body: {
          endpoint: 'https://push.example/send/ada',
          keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) },
        },
      },
    ],
    [
      'post /api/v1/push/subscription/remove',
      { ...ada, body: { endpoint: 'https://push.example/send/ada' } },
    ],
    [
      'put /api/v1/tasks/{id}/notes',
      {
        ...ada,
        params: { id: w.projectTaskId },
        body: { ...onProjectTask, notes: 'Use **rain water**\n\n- [tips](https://example.com)' },
      },
    ],
    [
      'post /api/v1/tasks/{id}/checklist',
      {
        ...ada,
        params: { id: w.projectTaskId },
        body: { ...onProjectTask, itemId: '0193a3b0-5c1e-7d2a-9b4f-1a2b3c4d5e6f', name: 'Drain' },
      },
    ],
    [
      'put /api/v1/tasks/{id}/checklist/{itemId}',
      {
        ...ada,
        params: { id: w.projectTaskId, itemId: w.checklistItemId },
        body: { ...onProjectTask, name: 'Fill the big can', done: true },
      },
    ],
    [
      'put /api/v1/tasks/{id}/checklist/{itemId}/move',
      {
        ...ada,
        params: { id: w.projectTaskId, itemId: w.checklistItemId },
        body: { ...onProjectTask, afterItemId: w.otherChecklistItemId },
      },
    ],
    [
      'post /api/v1/tasks/{id}/checklist/{itemId}/to-task',
      {
        ...ada,
        params: { id: w.projectTaskId, itemId: w.otherChecklistItemId },
        body: { ...onProjectTask, taskId: '0193a3b0-5c1e-7d2a-9b4f-6f5e4d3c2b1a' },
      },
    ],
    [
      'post /api/v1/tasks/{id}/checklist/{itemId}/delete',
      {
        ...ada,
        params: { id: w.projectTaskId, itemId: w.checklistItemId },
        body: onProjectTask,
      },
    ],
    [
      'put /api/v1/workspace/day-settings',
      {
        ...ada,
        body: {
          workspaceId,
          timeZone: 'Europe/Warsaw',
          carryOverTo: 'bottom',
          backToInboxAfter: 5,
          capacity: [360, 360, 360, 360, 240, 0, 0],
          planNudgeAt: '08:30',
          finishNudgeAt: null,
        },
      },
    ],
    ['post /api/v1/workspace/hide-completed', { ...ada, body: { workspaceId } }],
    [
      'post /api/v1/automations',
      {
        ...ada,
        body: {
          workspaceId,
          name: 'Bills',
          day: 28,
          actions: [{ type: 'TASK', payload: { taskName: 'Pay the bills' } }],
        },
      },
    ],
    [
      'put /api/v1/automations/{id}',
      {
        ...ada,
        params: { id: w.automationId },
        body: {
          name: 'Rent',
          taskName: 'Pay the rent',
          trigger: { frequency: 'WEEKLY', weekdays: [2, 5], interval: 2, startsOn: '2026-11-23' },
          projectId: w.projectId,
        },
      },
    ],
    ['post /api/v1/automations/{id}/pause', { ...ada, params: { id: w.automationId } }],
    ['post /api/v1/automations/{id}/resume', { ...ada, params: { id: w.automationId } }],
    [
      'post /api/v1/automations/{id}/skip',
      // The every-2-weeks trigger above runs next on Tuesday 24 November.
      { ...ada, params: { id: w.automationId }, body: { period: '2026-11-24' } },
    ],
    [
      'post /api/v1/automations/{id}/unskip',
      { ...ada, params: { id: w.automationId }, body: { period: '2026-11-24' } },
    ],
    [
      'post /api/v1/automations/{id}/retry',
      { ...ada, params: { id: w.dailyAutomationId }, body: { period: '2026-11-22' } },
    ],
    [
      'put /api/v1/admin/users/{id}/feature-flags',
      { ...admin, ...dan, body: { featureFlags: ['automation'] } },
    ],
    ['post /api/v1/admin/users/{id}/disable', { ...admin, ...dan }],
    ['post /api/v1/admin/users/{id}/enable', { ...admin, ...dan }],
    ['post /api/v1/import/preview', { ...ada, body: sampleDocument() }],
    ['post /api/v1/import', { ...ada, body: sampleDocument() }],
    // Bea is removed, then joins again through the sample below, so later samples find her.
    [
      'post /api/v1/projects/{projectId}/members/{workspaceId}/remove',
      { ...ada, params: { projectId: w.projectId, workspaceId: w.bea.workspaceId } },
    ],
    [
      'post /api/v1/invites/{inviteToken}/join',
      { headers: w.bea.headers, params: { inviteToken: w.inviteToken }, body: {} },
    ],
    [
      'post /api/v1/projects/{projectId}/invite-link/regenerate',
      { ...ada, params: { projectId: w.projectId } },
    ],
    [
      'post /api/v1/projects/{id}/archive',
      { ...ada, params: { id: w.projectId }, body: { workspaceId, projectId: w.projectId } },
    ],
    [
      'post /api/v1/projects/{id}/unarchive',
      { ...ada, params: { id: w.projectId }, body: { workspaceId, projectId: w.projectId } },
    ],
    ['post /api/v1/workspace/idle-all-planned', { ...ada, body: { workspaceId } }],
    ['post /api/v1/user/plan/portal', { headers: w.bea.headers }],
    [
      'post /billing/sandbox-portal/{id}',
      { params: { id: w.portalId }, body: { action: 'switch' }, answers: 303 },
    ],
    [
      'post /billing/sandbox-checkout/{id}',
      { params: { id: w.checkoutId }, body: { outcome: 'cancel' }, answers: 303 },
    ],
    [
      'post /api/v1/projects/{projectId}/leave',
      {
        headers: w.bea.headers,
        params: { projectId: w.projectId },
        body: { workspaceId: w.bea.workspaceId },
      },
    ],
    ['post /api/v1/undo/{token}', { ...ada, params: { token: w.undoToken } }],
    [
      'post /api/v1/tasks/{id}/delete',
      { ...ada, params: { id: w.otherInboxTaskId }, body: taskCommand },
    ],
    ['delete /api/v1/automations/{id}', { ...ada, params: { id: w.automationId } }],
    ['delete /api/v1/projects/{id}', { ...ada, params: { id: w.projectId } }],
    ['post /auth/logout', ada],
    // Last: Bea's account goes, with everything she owns.
    [
      'post /api/v1/account/delete',
      { headers: w.bea.headers, body: { email: 'bea.new@example.com' } },
    ],
  ];
}
