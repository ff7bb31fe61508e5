import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type OperationName } from '@hustle/shared/api';
import { tokenScopeOf } from '@hustle/shared/token-scopes';
import { TOKEN_SCOPES, type TokenScope } from '@hustle/shared/tokens';
import type { AnyEndpoint } from '@hustle/shared/endpoint';
import { apiClientFor, callEndpoint, type ApiClient } from './testing/api-client.ts';
import { sampleDocument } from './testing/route-samples.ts';
import { stateSnapshotter, stateWatch, type StateSnapshot } from './testing/state-snapshot.ts';
import { createTestApp, signIn, type TestApp } from './testing/test-app.ts';
import { testDialects } from './testing/test-databases.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Who calls: the resource's owner, a member of the shared project it lives in, anyone else. */
type SignedInRole = 'owner' | 'member' | 'other';
/** Callers without a live session; every session endpoint must refuse them with a 401. */
const TOKENLESS_ROLES = ['signed out', 'revoked token', 'expired token'] as const;
/**
 * The owner's personal access tokens (issue 32): one per scope, and one with every scope. A token
 * outside its scopes, or on an endpoint no token may call, is refused with a 403.
 */
type TokenRole = `${TokenScope} token` | 'full token';
const TOKEN_ROLES: TokenRole[] = [
  ...TOKEN_SCOPES.map((scope) => `${scope} token` as const),
  'full token',
];
type Role = SignedInRole | (typeof TOKENLESS_ROLES)[number] | TokenRole;

const scopesOfRole = (role: TokenRole): readonly TokenScope[] =>
  role === 'full token' ? TOKEN_SCOPES : [role.replace(' token', '') as TokenScope];

/**
 * The owner's resources every case aims at: Ada's workspace, her project shared with Bob, a
 * planned task in it, an inbox task, an automation, the project's invite token.
 */
interface Fixture {
  owner: ApiClient;
  member: ApiClient;
  other: ApiClient;
  projectId: string;
  projectTaskId: string;
  otherPlannedTaskId: string;
  inboxTaskId: string;
  /** Two items on the project task's checklist: the member's to change, and the owner's. */
  checklistItemIds: { member: string; owner: string };
  automationId: string;
  /** The period of the automation's next run, the one a skip names. */
  automationNextRun: string;
  inviteToken: string;
  /** The owner's undo of a task they deleted: nobody else's to use. */
  undoToken: string;
  /** The owner signed in on a second device. */
  ownerOtherSessionId: string;
  /** Bearer headers of the owner's tokens, by role. */
  tokenHeaders: Record<TokenRole, Record<string, string>>;
  /** One more of the owner's tokens, for revoking. */
  spareTokenId: string;
  /** The owner's webhook endpoint with a delivery, and one more for deleting. */
  webhookId: string;
  webhookDeliveryId: string;
  spareWebhookId: string;
  /** The owner's running timer on the project task, and an entry they recorded before it. */
  focusEntryId: string;
  timeEntryId: string;
  /** The test clock's now when the fixture was made: a focus command's instant. */
  now: string;
}

type Input = { params?: unknown; query?: unknown; body?: unknown };

/**
 * Expected status per signed-in role, and the request aimed at the owner's resources. Rows are
 * keyed by operation name, so a session endpoint added to the contract without a row here fails.
 * Endpoints about the caller's own account (session, plan, automations list…) answer each
 * signed-in caller about themselves; the matrix then checks they never reveal the owner's rows.
 */
const MATRIX: Record<
  string,
  { expect: Record<SignedInRole, number>; input: (f: Fixture, me: ApiClient) => Input }
> = {
  logout: { expect: { owner: 204, member: 204, other: 204 }, input: () => ({}) },
  listTokens: { expect: { owner: 200, member: 200, other: 200 }, input: () => ({}) },
  createToken: {
    expect: { owner: 201, member: 201, other: 201 },
    input: () => ({ body: { name: 'Shortcuts', scopes: ['read'] } }),
  },
  revokeToken: {
    expect: { owner: 204, member: 404, other: 404 },
    input: (f) => ({ params: { id: f.spareTokenId } }),
  },
  listWebhooks: { expect: { owner: 200, member: 200, other: 200 }, input: () => ({}) },
  createWebhook: {
    expect: { owner: 201, member: 201, other: 201 },
    input: () => ({ body: { url: 'https://93.184.215.14/hooks', events: ['task.created'] } }),
  },
  // Another account's endpoint and its log are as unknown as any id that is not theirs.
  updateWebhook: {
    expect: { owner: 200, member: 404, other: 404 },
    input: (f) => ({ params: { id: f.webhookId }, body: { events: ['task.updated'] } }),
  },
  deleteWebhook: {
    expect: { owner: 204, member: 404, other: 404 },
    input: (f) => ({ params: { id: f.spareWebhookId } }),
  },
  listWebhookDeliveries: {
    expect: { owner: 200, member: 404, other: 404 },
    input: (f) => ({ params: { id: f.webhookId } }),
  },
  redeliverWebhook: {
    expect: { owner: 200, member: 404, other: 404 },
    input: (f) => ({ params: { id: f.webhookId, deliveryId: f.webhookDeliveryId } }),
  },
  listCalendarFeeds: { expect: { owner: 200, member: 200, other: 200 }, input: () => ({}) },
  // A member sees the shared project, so has a feed of it; anyone else is told it is not there.
  openCalendarFeed: {
    expect: { owner: 200, member: 200, other: 404 },
    input: (f) => ({ body: { projectId: f.projectId } }),
  },
  regenerateCalendarFeed: {
    expect: { owner: 200, member: 200, other: 404 },
    input: (f) => ({ body: { projectId: f.projectId } }),
  },
  getSession: { expect: { owner: 200, member: 200, other: 200 }, input: () => ({}) },
  getPlan: { expect: { owner: 200, member: 200, other: 200 }, input: () => ({}) },
  purchasePlan: {
    expect: { owner: 200, member: 200, other: 200 },
    input: () => ({ body: { period: 'year' } }),
  },
  // Nobody in the fixture has bought anything, so there is no portal to open: never another's.
  openBillingPortal: { expect: { owner: 409, member: 409, other: 409 }, input: () => ({}) },
  getWorkspace: {
    expect: { owner: 200, member: 404, other: 404 },
    input: (f) => ({ params: { id: f.owner.workspaceId } }),
  },
  getWorkspacePage: {
    expect: { owner: 200, member: 404, other: 404 },
    input: (f) => ({
      params: { id: f.owner.workspaceId, list: 'planned' },
      query: { after: `a0.${f.projectTaskId}` },
    }),
  },
  getWorkspaceVersion: {
    // Answers about the caller's own workspace, whatever is asked.
    expect: { owner: 200, member: 200, other: 200 },
    input: (f) => ({ query: { workspaceId: f.owner.workspaceId } }),
  },
  getSync: {
    // The caller's own changes since their first version: the member's show the shared project.
    expect: { owner: 200, member: 200, other: 200 },
    input: () => ({ query: { since: '1' } }),
  },
  createProject: {
    expect: { owner: 200, member: 404, other: 404 },
    input: (f) => ({ body: { workspaceId: f.owner.workspaceId, name: 'Matrix' } }),
  },
  renameProject: {
    expect: { owner: 200, member: 403, other: 404 },
    input: (f, me) => ({
      params: { id: f.projectId },
      body: { workspaceId: me.workspaceId, name: 'Renamed' },
    }),
  },
  setProjectColor: {
    expect: { owner: 200, member: 403, other: 404 },
    input: (f, me) => ({
      params: { id: f.projectId },
      body: { workspaceId: me.workspaceId, color: '#123456' },
    }),
  },
  archiveProject: {
    expect: { owner: 200, member: 403, other: 404 },
    input: (f, me) => ({ params: { id: f.projectId }, body: { workspaceId: me.workspaceId } }),
  },
  unarchiveProject: {
    expect: { owner: 200, member: 403, other: 404 },
    input: (f, me) => ({ params: { id: f.projectId }, body: { workspaceId: me.workspaceId } }),
  },
  deleteProject: {
    expect: { owner: 200, member: 403, other: 404 },
    input: (f) => ({ params: { id: f.projectId } }),
  },
  listArchivedProjects: {
    expect: { owner: 200, member: 404, other: 404 },
    input: (f) => ({ params: { id: f.owner.workspaceId } }),
  },
  moveProject: {
    expect: { owner: 200, member: 404, other: 404 },
    input: (f) => ({
      params: { id: f.owner.workspaceId },
      body: { projectId: f.projectId, index: 0 },
    }),
  },
  listProjectTasks: {
    expect: { owner: 200, member: 200, other: 404 },
    input: (f) => ({ params: { id: f.projectId } }),
  },
  getProjectTasksPage: {
    expect: { owner: 200, member: 200, other: 404 },
    input: (f) => ({ params: { id: f.projectId }, query: {} }),
  },
  createTask: {
    expect: { owner: 200, member: 200, other: 404 },
    input: (f, me) => ({
      body: { workspaceId: me.workspaceId, projectId: f.projectId, name: 'Matrix' },
    }),
  },
  renameTask: {
    expect: { owner: 200, member: 200, other: 404 },
    input: (f, me) => ({
      params: { id: f.projectTaskId },
      body: { workspaceId: me.workspaceId, projectId: f.projectId, name: 'Renamed' },
    }),
  },
  deleteTask: {
    expect: { owner: 200, member: 200, other: 404 },
    input: (f, me) => ({
      // The member deletes a task of its own so the owner still has one to delete.
      params: { id: me === f.member ? f.otherPlannedTaskId : f.projectTaskId },
      body: { workspaceId: me.workspaceId, projectId: f.projectId, origin: 'workspace' },
    }),
  },
  taskAction: {
    expect: { owner: 200, member: 200, other: 404 },
    input: (f, me) => ({
      params: { id: f.projectTaskId, action: 'complete' },
      body: { workspaceId: me.workspaceId, projectId: f.projectId, origin: 'workspace' },
    }),
  },
  planTaskForDay: {
    // Planning is per workspace: a member plans the shared task on their own list.
    expect: { owner: 200, member: 200, other: 404 },
    input: (f, me) => ({
      params: { id: f.projectTaskId },
      body: {
        workspaceId: me.workspaceId,
        projectId: f.projectId,
        origin: 'workspace',
        day: '2027-01-05',
      },
    }),
  },
  setTaskDeadline: {
    expect: { owner: 200, member: 200, other: 404 },
    input: (f, me) => ({
      params: { id: f.projectTaskId },
      body: { workspaceId: me.workspaceId, projectId: f.projectId, deadline: '2027-01-10' },
    }),
  },
  // Anyone who sees the task may time their own work on it (issue 30).
  startFocus: {
    expect: { owner: 200, member: 200, other: 404 },
    input: (f, me) => ({
      body: {
        workspaceId: me.workspaceId,
        projectId: f.projectId,
        taskId: f.projectTaskId,
        entryId: crypto.randomUUID(),
        at: f.now,
        resume: false,
      },
    }),
  },
  // A timer and its entries are their user's: anyone else's are unknown.
  endFocus: {
    expect: { owner: 200, member: 404, other: 404 },
    input: (f, me) => ({
      body: { workspaceId: me.workspaceId, entryId: f.focusEntryId, at: f.now, pause: true },
    }),
  },
  deleteTimeEntry: {
    expect: { owner: 200, member: 404, other: 404 },
    input: (f, me) => ({ params: { id: f.timeEntryId }, body: { workspaceId: me.workspaceId } }),
  },
  // Finishing the day carries tasks the caller may plan; a task they cannot see is unknown.
  finishDay: {
    expect: { owner: 200, member: 200, other: 404 },
    input: (f, me) => ({
      body: {
        workspaceId: me.workspaceId,
        day: f.now.slice(0, 10),
        note: 'Start with the hard one',
        moves: [{ taskId: f.projectTaskId, to: null }],
      },
    }),
  },
  setTaskEstimate: {
    expect: { owner: 200, member: 200, other: 404 },
    input: (f, me) => ({
      params: { id: f.projectTaskId },
      body: { workspaceId: me.workspaceId, projectId: f.projectId, estimate: 45 },
    }),
  },
  moveTaskToProject: {
    // Each moves a task of the shared project to its own inbox; the member one of its own, so
    // the owner still has one to move.
    expect: { owner: 200, member: 200, other: 404 },
    input: (f, me) => ({
      params: { id: me === f.member ? f.otherPlannedTaskId : f.projectTaskId },
      body: { workspaceId: me.workspaceId, projectId: f.projectId, toProjectId: null },
    }),
  },
  reorderProjectTask: {
    expect: { owner: 200, member: 200, other: 404 },
    input: (f, me) => ({
      params: { id: f.projectTaskId },
      body: {
        workspaceId: me.workspaceId,
        projectId: f.projectId,
        afterTaskId: me === f.member ? f.otherPlannedTaskId : null,
      },
    }),
  },
  setTaskReminder: {
    expect: { owner: 200, member: 200, other: 404 },
    input: (f, me) => ({
      params: { id: f.projectTaskId },
      body: {
        workspaceId: me.workspaceId,
        projectId: f.projectId,
        remindAt: '2030-01-10T09:00:00Z',
      },
    }),
  },
  getPushKey: { expect: { owner: 200, member: 200, other: 200 }, input: () => ({}) },
  subscribePush: {
    expect: { owner: 204, member: 204, other: 204 },
    input: (_f, me) => ({
      body: {
        endpoint: `https://push.example/${me.workspaceId}`,
        keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) },
      },
    }),
  },
  unsubscribePush: {
    expect: { owner: 204, member: 204, other: 204 },
    input: (_f, me) => ({ body: { endpoint: `https://push.example/${me.workspaceId}` } }),
  },
  getTaskDetails: {
    expect: { owner: 200, member: 200, other: 404 },
    input: (f) => ({ params: { id: f.projectTaskId } }),
  },
  // Seen exactly as the task is (decision 087).
  getTaskActivity: {
    expect: { owner: 200, member: 200, other: 404 },
    input: (f) => ({ params: { id: f.projectTaskId } }),
  },
  // Each caller searches what they can see: the matrix checks no one else finds the inbox task.
  searchTasks: {
    expect: { owner: 200, member: 200, other: 200 },
    input: () => ({ query: { q: 'task' } }),
  },
  // The logbook names no id: each caller reads their own completions, none of the owner's inbox.
  getLogbook: {
    expect: { owner: 200, member: 200, other: 200 },
    input: () => ({ query: {} }),
  },
  getLogbookWeek: {
    expect: { owner: 200, member: 200, other: 200 },
    input: () => ({ query: { day: '2026-11-23' } }),
  },
  setTaskNotes: {
    expect: { owner: 200, member: 200, other: 404 },
    input: (f, me) => ({
      params: { id: f.projectTaskId },
      body: { workspaceId: me.workspaceId, projectId: f.projectId, notes: `By ${me.email}` },
    }),
  },
  addChecklistItem: {
    expect: { owner: 200, member: 200, other: 404 },
    input: (f, me) => ({
      params: { id: f.projectTaskId },
      body: {
        workspaceId: me.workspaceId,
        projectId: f.projectId,
        itemId: crypto.randomUUID(),
        name: 'Matrix step',
      },
    }),
  },
  updateChecklistItem: {
    expect: { owner: 200, member: 200, other: 404 },
    input: (f, me) => ({
      params: { id: f.projectTaskId, itemId: f.checklistItemIds.owner },
      body: { workspaceId: me.workspaceId, projectId: f.projectId, done: me === f.member },
    }),
  },
  moveChecklistItem: {
    expect: { owner: 200, member: 200, other: 404 },
    input: (f, me) => ({
      params: { id: f.projectTaskId, itemId: f.checklistItemIds.owner },
      body: {
        workspaceId: me.workspaceId,
        projectId: f.projectId,
        afterItemId: me === f.member ? f.checklistItemIds.member : null,
      },
    }),
  },
  // Each deletes or turns an item of its own, so the owner still has one.
  deleteChecklistItem: {
    expect: { owner: 200, member: 200, other: 404 },
    input: (f, me) => ({
      params: {
        id: f.projectTaskId,
        itemId: me === f.member ? f.checklistItemIds.member : f.checklistItemIds.owner,
      },
      body: { workspaceId: me.workspaceId, projectId: f.projectId },
    }),
  },
  checklistItemToTask: {
    expect: { owner: 200, member: 200, other: 404 },
    input: (f, me) => ({
      params: {
        id: f.projectTaskId,
        itemId: me === f.member ? f.checklistItemIds.member : f.checklistItemIds.owner,
      },
      body: { workspaceId: me.workspaceId, projectId: f.projectId, taskId: crypto.randomUUID() },
    }),
  },
  updateDaySettings: {
    expect: { owner: 200, member: 404, other: 404 },
    input: (f) => ({
      body: {
        workspaceId: f.owner.workspaceId,
        timeZone: 'Europe/Warsaw',
        carryOverTo: 'bottom',
        planNudgeAt: '08:30',
      },
    }),
  },
  putTaskToFront: {
    expect: { owner: 200, member: 404, other: 404 },
    input: (f) => ({
      params: { id: f.projectTaskId },
      body: { workspaceId: f.owner.workspaceId },
    }),
  },
  reorderPlannedTask: {
    expect: { owner: 200, member: 404, other: 404 },
    input: (f) => ({
      params: { id: f.projectTaskId },
      body: { workspaceId: f.owner.workspaceId, afterTaskId: f.otherPlannedTaskId },
    }),
  },
  hideCompletedTasks: {
    expect: { owner: 200, member: 404, other: 404 },
    input: (f) => ({ body: { workspaceId: f.owner.workspaceId } }),
  },
  idleAllPlannedTasks: {
    expect: { owner: 200, member: 404, other: 404 },
    input: (f) => ({ body: { workspaceId: f.owner.workspaceId } }),
  },
  getInviteLink: {
    expect: { owner: 200, member: 403, other: 404 },
    input: (f) => ({ params: { projectId: f.projectId } }),
  },
  regenerateInviteLink: {
    expect: { owner: 200, member: 403, other: 404 },
    input: (f) => ({ params: { projectId: f.projectId } }),
  },
  readInvite: {
    expect: { owner: 200, member: 200, other: 200 },
    input: (f) => ({ params: { inviteToken: f.inviteToken } }),
  },
  joinInvite: {
    expect: { owner: 200, member: 200, other: 200 },
    input: (f) => ({ params: { inviteToken: f.inviteToken } }),
  },
  listProjectMembers: {
    // Only the owner manages who shares the project; members see the owner on their card.
    expect: { owner: 200, member: 403, other: 404 },
    input: (f) => ({ params: { projectId: f.projectId } }),
  },
  removeProjectMember: {
    expect: { owner: 200, member: 403, other: 404 },
    input: (f) => ({ params: { projectId: f.projectId, workspaceId: f.member.workspaceId } }),
  },
  leaveProject: {
    expect: { owner: 403, member: 200, other: 404 },
    input: (f, me) => ({
      params: { projectId: f.projectId },
      body: { workspaceId: me.workspaceId },
    }),
  },
  listAutomations: { expect: { owner: 200, member: 200, other: 200 }, input: () => ({}) },
  createAutomation: {
    expect: { owner: 200, member: 404, other: 404 },
    input: (f) => ({
      body: {
        workspaceId: f.owner.workspaceId,
        day: 3,
        actions: [{ type: 'TASK', payload: { taskName: 'Pay rent' } }],
      },
    }),
  },
  deleteAutomation: {
    expect: { owner: 200, member: 404, other: 404 },
    input: (f) => ({ params: { id: f.automationId } }),
  },
  // Another user's undo token is as unknown as another user's id.
  undo: {
    expect: { owner: 200, member: 404, other: 404 },
    input: (f) => ({ params: { token: f.undoToken } }),
  },
  listAutomationStatuses: { expect: { owner: 200, member: 200, other: 200 }, input: () => ({}) },
  updateAutomation: {
    expect: { owner: 200, member: 404, other: 404 },
    input: (f) => ({ params: { id: f.automationId }, body: { name: 'Plants' } }),
  },
  pauseAutomation: {
    expect: { owner: 200, member: 404, other: 404 },
    input: (f) => ({ params: { id: f.automationId } }),
  },
  resumeAutomation: {
    expect: { owner: 200, member: 404, other: 404 },
    input: (f) => ({ params: { id: f.automationId } }),
  },
  getAutomationHistory: {
    expect: { owner: 200, member: 404, other: 404 },
    input: (f) => ({ params: { id: f.automationId } }),
  },
  skipAutomationRun: {
    expect: { owner: 200, member: 404, other: 404 },
    input: (f) => ({ params: { id: f.automationId }, body: { period: f.automationNextRun } }),
  },
  unskipAutomationRun: {
    expect: { owner: 200, member: 404, other: 404 },
    input: (f) => ({ params: { id: f.automationId }, body: { period: f.automationNextRun } }),
  },
  retryAutomationRun: {
    expect: { owner: 200, member: 404, other: 404 },
    // The fixture's failed October run.
    input: (f) => ({ params: { id: f.automationId }, body: { period: '2026-10' } }),
  },
  // Each caller exports and imports their own account only.
  exportData: { expect: { owner: 200, member: 200, other: 200 }, input: () => ({}) },
  previewImport: {
    expect: { owner: 200, member: 200, other: 200 },
    input: () => ({ body: sampleDocument() }),
  },
  importData: {
    expect: { owner: 200, member: 200, other: 200 },
    input: () => ({ body: sampleDocument() }),
  },
  // The caller's own devices; another user's session id is not found.
  listSessions: { expect: { owner: 200, member: 200, other: 200 }, input: () => ({}) },
  revokeSession: {
    expect: { owner: 200, member: 404, other: 404 },
    input: (f) => ({ params: { id: f.ownerOtherSessionId } }),
  },
  revokeOtherSessions: { expect: { owner: 200, member: 200, other: 200 }, input: () => ({}) },
  // Each caller changes their own address only; a code that was never sent is refused.
  requestEmailChange: {
    expect: { owner: 200, member: 200, other: 200 },
    input: (f, me) => ({ body: { email: `new-${me.email}` } }),
  },
  confirmEmailChange: {
    expect: { owner: 400, member: 400, other: 400 },
    input: () => ({ body: { code: 'ZZ9ZZ9' } }),
  },
  // Only the owner's own address confirms erasing the owner's account.
  deleteAccount: {
    expect: { owner: 204, member: 400, other: 400 },
    input: (f) => ({ body: { email: f.owner.email } }),
  },
  // Nobody in the fixture is an instance admin: to them the admin page does not exist.
  getAdminOverview: { expect: { owner: 404, member: 404, other: 404 }, input: () => ({}) },
  listAdminUsers: {
    expect: { owner: 404, member: 404, other: 404 },
    input: (f) => ({ query: { q: f.owner.email } }),
  },
  listAdminActions: { expect: { owner: 404, member: 404, other: 404 }, input: () => ({}) },
  disableUser: {
    expect: { owner: 404, member: 404, other: 404 },
    input: (f) => ({ params: { id: f.member.userId } }),
  },
  enableUser: {
    expect: { owner: 404, member: 404, other: 404 },
    input: (f) => ({ params: { id: f.member.userId } }),
  },
  setUserFeatureFlags: {
    expect: { owner: 404, member: 404, other: 404 },
    input: (f) => ({ params: { id: f.member.userId }, body: { featureFlags: [] } }),
  },
  createEventTicket: {
    expect: { owner: 200, member: 200, other: 200 },
    input: (f) => ({ body: { workspaceId: f.owner.workspaceId } }),
  },
};

const sessionEndpoints = (Object.entries(endpoints) as Array<[OperationName, AnyEndpoint]>)
  .filter(([, endpoint]) => endpoint.auth === 'session')
  .map(([name]) => name);

describe('access matrix', () => {
  it('has a row for every session endpoint of the contract, and no other', () => {
    expect(Object.keys(MATRIX).sort()).toEqual([...sessionEndpoints].sort());
  });
});

describe.each(testDialects)('access matrix on %s', (dialect) => {
  let t: TestApp;
  let expiredHeaders: Record<string, string>;
  /** Workspace versions and row counts: what a refused request must leave as it was. */
  let snapshot: () => Promise<StateSnapshot>;
  const tally = { cases: 0, refusals: 0 };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    snapshot = await stateSnapshotter(t);
    // Signed in once, then 31 idle days pass before anyone else appears.
    expiredHeaders = (await signIn(t.app, 'idle@example.com', '10.9.0.1')).headers;
    t.clock.advance(31 * DAY_MS);
  });
  afterAll(async () => {
    console.log(
      `access matrix (${dialect}): ${sessionEndpoints.length} endpoints × up to 10 roles = ` +
        `${tally.cases} cases, ${tally.refusals} refusals with no state change`,
    );
    await t?.close();
  });

  let users = 0;
  /** Fresh users and resources per endpoint, so one case's success never shapes another's. */
  async function fixture(): Promise<Fixture> {
    users += 1;
    const owner = await apiClientFor(t.app, `owner${users}@example.com`);
    const member = await apiClientFor(t.app, `member${users}@example.com`);
    const other = await apiClientFor(t.app, `other${users}@example.com`);
    const { projectId } = await owner.callOk('createProject', {
      body: { workspaceId: owner.workspaceId, name: 'Shared' },
    });
    const { inviteLink } = await owner.callOk('getInviteLink', { params: { projectId } });
    const inviteToken = inviteLink.replace(/^.*\/invite\//, '');
    await member.callOk('joinInvite', { params: { inviteToken } });
    const newTask = async (name: string, inProject: boolean) => {
      const { id } = await owner.callOk('createTask', {
        body: {
          workspaceId: owner.workspaceId,
          projectId: inProject ? projectId : null,
          name,
          planned: true,
        },
      });
      return id;
    };
    const projectTaskId = await newTask('Project task', true);
    const otherPlannedTaskId = await newTask('Second planned', true);
    const inboxTaskId = await newTask('Inbox task', false);
    const newItem = async (name: string) => {
      const itemId = crypto.randomUUID();
      await owner.callOk('addChecklistItem', {
        params: { id: projectTaskId },
        body: { workspaceId: owner.workspaceId, projectId, itemId, name },
      });
      return itemId;
    };
    const checklistItemIds = { member: await newItem('First step'), owner: await newItem('Next') };
    const deleted = await owner.callOk('deleteTask', {
      params: { id: await newTask('Deleted task', false) },
      body: { workspaceId: owner.workspaceId, projectId: null, origin: 'workspace' },
    });
    const automation = await owner.callOk('createAutomation', {
      body: {
        workspaceId: owner.workspaceId,
        day: 5,
        actions: [{ type: 'TASK', payload: { taskName: 'Water plants' } }],
      },
    });
    await t.database.db
      .insertInto('automation_runs')
      .values({
        automation_id: (automation as { id: string }).id,
        period: '2026-10',
        task_id: null,
        status: 'ERROR',
        error: 'refused',
        created_at: '2026-10-05T00:00:00.000Z',
      })
      .execute();
    const { nextRun } = await owner.callOk('getAutomationHistory', {
      params: { id: (automation as { id: string }).id },
    });
    await signIn(t.app, owner.email, `10.9.2.${users % 250}`);
    const { sessions } = await owner.callOk('listSessions');
    const token = async (scopes: TokenScope[]) => {
      const made = await owner.callOk('createToken', { body: { name: 'A tool', scopes } });
      return { id: made.id, headers: { authorization: `Bearer ${made.secret}` } };
    };
    const tokenHeaders = {} as Fixture['tokenHeaders'];
    for (const role of TOKEN_ROLES)
      tokenHeaders[role] = (await token([...scopesOfRole(role)])).headers;
    const webhook = async () =>
      owner.callOk('createWebhook', {
        body: { url: 'https://93.184.215.14/hooks', events: ['task.created'] },
      });
    const hook = await webhook();
    await newTask('Told of', false);
    const { deliveries } = await owner.callOk('listWebhookDeliveries', {
      params: { id: hook.id },
    });
    const now = t.clock.now();
    const minutesAgo = (minutes: number) =>
      new Date(now.getTime() - minutes * 60_000).toISOString();
    const focus = async (entryId: string, at: string) =>
      owner.callOk('startFocus', {
        body: {
          workspaceId: owner.workspaceId,
          projectId,
          taskId: projectTaskId,
          entryId,
          at,
          resume: false,
        },
      });
    const [timeEntryId, focusEntryId] = [crypto.randomUUID(), crypto.randomUUID()];
    await focus(timeEntryId, minutesAgo(30));
    await owner.callOk('endFocus', {
      body: {
        workspaceId: owner.workspaceId,
        entryId: timeEntryId,
        at: minutesAgo(20),
        pause: false,
      },
    });
    await focus(focusEntryId, minutesAgo(10));
    return {
      timeEntryId,
      focusEntryId,
      now: now.toISOString(),
      webhookId: hook.id,
      webhookDeliveryId: deliveries[0]!.id,
      spareWebhookId: (await webhook()).id,
      tokenHeaders,
      spareTokenId: (await token(['read'])).id,
      ownerOtherSessionId: sessions.find((session) => !session.isCurrent)!.id,
      owner,
      member,
      other,
      automationNextRun: nextRun!.period,
      projectId,
      projectTaskId,
      otherPlannedTaskId,
      inboxTaskId,
      checklistItemIds,
      automationId: (automation as { id: string }).id,
      inviteToken,
      undoToken: deleted.undo!.token,
    };
  }

  it.each(sessionEndpoints)('%s answers each role as its row says', async (operation) => {
    const row = MATRIX[operation];
    if (!row) throw new Error(`${operation} has no row in the access matrix`);
    const f = await fixture();
    const revoked = await signIn(t.app, f.owner.email, `10.9.1.${users}`);
    await callEndpoint(t.app, 'logout', {}, revoked.headers);

    const needed = tokenScopeOf(operation);
    const refusingTokens = TOKEN_ROLES.filter(
      (role) => !needed || !scopesOfRole(role).includes(needed),
    );
    const headersOf: Record<Role, Record<string, string>> = {
      ...f.tokenHeaders,
      'signed out': {},
      'revoked token': revoked.headers,
      'expired token': expiredHeaders,
      other: f.other.headers,
      member: f.member.headers,
      owner: f.owner.headers,
    };
    const expected = (role: Role) =>
      (TOKENLESS_ROLES as readonly string[]).includes(role)
        ? 401
        : (TOKEN_ROLES as readonly string[]).includes(role)
          ? 403
          : row.expect[role as SignedInRole];
    // Refusals first, on untouched resources; the member's and the owner's successes last.
    const order: Role[] = [...TOKENLESS_ROLES, ...refusingTokens, 'other', 'member', 'owner'];
    const seen: Record<string, number> = {};
    const state = stateWatch(snapshot);
    for (const role of order) {
      const before = await state.before();
      const me = role === 'member' ? f.member : role === 'other' ? f.other : f.owner;
      const input = row.input(f, me) as never;
      const res = await callEndpoint(t.app, operation, input, headersOf[role]);
      seen[role] = res.statusCode;
      tally.cases += 1;
      if (res.statusCode >= 400) {
        tally.refusals += 1;
        expect(await state.after(), `${operation} as ${role} changed state`).toEqual(before);
      } else {
        state.forget();
      }
      if (res.statusCode < 400 && !['owner', 'member', 'other'].includes(role)) {
        throw new Error(`${operation} let the owner's ${role} through: ${res.body}`);
      }
      if (res.statusCode < 400 && role !== 'owner') {
        // Whatever a non-owner may read must not be the owner's private inbox.
        expect(res.body).not.toContain(f.inboxTaskId);
      }
    }
    expect(seen).toEqual(Object.fromEntries(order.map((role) => [role, expected(role)])));
  });

  it.each(sessionEndpoints.filter((operation) => tokenScopeOf(operation)))(
    '%s answers a token with its scope as it answers its owner',
    async (operation) => {
      const row = MATRIX[operation]!;
      const f = await fixture();
      const role = `${tokenScopeOf(operation)!} token` as TokenRole;
      const res = await callEndpoint(
        t.app,
        operation,
        row.input(f, f.owner) as never,
        f.tokenHeaders[role],
      );
      expect(res.statusCode, res.body).toBe(row.expect.owner);
    },
  );
});
