import { accountApi } from './account.api.ts';
import { adminApi } from './admin.api.ts';
import { authApi } from './auth.api.ts';
import { automationsApi } from './automations.api.ts';
import { billingApi } from './billing.api.ts';
import { dayReviewsApi } from './day-reviews.api.ts';
import { mergeEndpointTables } from './endpoint.ts';
import { eventsApi } from './events.api.ts';
import { feedsApi } from './feeds.api.ts';
import { focusApi } from './focus.api.ts';
import { healthApi } from './health.api.ts';
import { invitesApi } from './invites.api.ts';
import { logbookApi } from './logbook.api.ts';
import { metricsApi } from './metrics.api.ts';
import { portabilityApi } from './portability.api.ts';
import { projectsApi } from './projects.api.ts';
import { remindersApi } from './reminders.api.ts';
import { searchApi } from './search.api.ts';
import { syncApi } from './sync.api.ts';
import { taskDetailsApi } from './task-details.api.ts';
import { taskMovesApi } from './task-moves.api.ts';
import { tasksApi } from './tasks.api.ts';
import { tokensApi } from './tokens.api.ts';
import { undoApi } from './undo.api.ts';
import { webhooksApi } from './webhooks.api.ts';
import { workspaceApi } from './workspace.api.ts';

/** Every endpoint of the API by operation name: the one table server, web and tests share. */
export const endpoints = mergeEndpointTables(
  authApi,
  accountApi,
  adminApi,
  billingApi,
  workspaceApi,
  projectsApi,
  tasksApi,
  taskDetailsApi,
  taskMovesApi,
  focusApi,
  remindersApi,
  dayReviewsApi,
  searchApi,
  logbookApi,
  invitesApi,
  automationsApi,
  portabilityApi,
  eventsApi,
  syncApi,
  undoApi,
  tokensApi,
  feedsApi,
  webhooksApi,
  healthApi,
  metricsApi,
);

export type Endpoints = typeof endpoints;
export type OperationName = keyof Endpoints;
