import type { OperationName } from './api.ts';
import type { TokenScope } from './tokens.ts';

/**
 * What an access token needs to call each endpoint (issue 32). Reading and changing tasks,
 * projects and automations is open to tokens; anything not named here — signing in and out, the
 * account, billing, sharing, importing, the tokens themselves, live streams, the admin page — takes a signed-in
 * session. Every endpoint that asks who calls is either here or in SESSION_ONLY, so a new one
 * must choose.
 */
export const TOKEN_SCOPE_OF: Partial<Record<OperationName, TokenScope>> = {
  getSession: 'read',
  getPlan: 'read',
  getWorkspace: 'read',
  getWorkspacePage: 'read',
  getWorkspaceVersion: 'read',
  getSync: 'read',
  listArchivedProjects: 'read',
  listProjectTasks: 'read',
  getProjectTasksPage: 'read',
  listAutomations: 'read',
  getAutomationHistory: 'read',
  listAutomationStatuses: 'read',
  exportData: 'read',
  getTaskDetails: 'read',
  getTaskActivity: 'read',
  searchTasks: 'read',
  getLogbook: 'read',
  getLogbookWeek: 'read',
  createProject: 'write',
  renameProject: 'write',
  setProjectColor: 'write',
  archiveProject: 'write',
  unarchiveProject: 'write',
  deleteProject: 'write',
  moveProject: 'write',
  createTask: 'write',
  renameTask: 'write',
  deleteTask: 'write',
  taskAction: 'write',
  putTaskToFront: 'write',
  reorderPlannedTask: 'write',
  hideCompletedTasks: 'write',
  idleAllPlannedTasks: 'write',
  planTaskForDay: 'write',
  setTaskDeadline: 'write',
  setTaskEstimate: 'write',
  setTaskReminder: 'write',
  updateDaySettings: 'write',
  setTaskNotes: 'write',
  addChecklistItem: 'write',
  updateChecklistItem: 'write',
  moveChecklistItem: 'write',
  deleteChecklistItem: 'write',
  checklistItemToTask: 'write',
  moveTaskToProject: 'write',
  reorderProjectTask: 'write',
  startFocus: 'write',
  endFocus: 'write',
  deleteTimeEntry: 'write',
  finishDay: 'write',
  createAutomation: 'write',
  deleteAutomation: 'write',
  updateAutomation: 'write',
  pauseAutomation: 'write',
  resumeAutomation: 'write',
  skipAutomationRun: 'write',
  unskipAutomationRun: 'write',
  retryAutomationRun: 'write',
  undo: 'write',
  listCalendarFeeds: 'calendar',
  openCalendarFeed: 'calendar',
  regenerateCalendarFeed: 'calendar',
};

/** Session endpoints no token may call, with what they touch. */
export const SESSION_ONLY: readonly OperationName[] = [
  // signing out, the account and its devices
  'logout',
  'listSessions',
  'revokeSession',
  'revokeOtherSessions',
  'requestEmailChange',
  'confirmEmailChange',
  'deleteAccount',
  // billing
  'purchasePlan',
  'openBillingPortal',
  // sharing
  'getInviteLink',
  'regenerateInviteLink',
  'readInvite',
  'joinInvite',
  'listProjectMembers',
  'removeProjectMember',
  'leaveProject',
  // the instance admin's page
  'getAdminOverview',
  'listAdminUsers',
  'disableUser',
  'enableUser',
  'setUserFeatureFlags',
  'listAdminActions',
  // bulk import, live streams, the tokens themselves
  'previewImport',
  'importData',
  'createEventTicket',
  'streamEvents',
  'listTokens',
  'createToken',
  'revokeToken',
  // webhooks: where the account's data is sent
  'listWebhooks',
  'createWebhook',
  'updateWebhook',
  'deleteWebhook',
  'listWebhookDeliveries',
  'redeliverWebhook',
  // push: a browser's own subscription, made where the user turned a reminder on
  'getPushKey',
  'subscribePush',
  'unsubscribePush',
];

export const tokenScopeOf = (operation: string): TokenScope | undefined =>
  TOKEN_SCOPE_OF[operation as OperationName];
