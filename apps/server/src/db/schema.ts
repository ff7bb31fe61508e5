import type { ColumnType, Generated } from 'kysely';
import type { TaskActivityKind } from '@hustle/shared/task-details';

/**
 * Row types of every table. Timestamps are ISO-8601 UTC strings and booleans are 0/1 integers,
 * so one set of migrations and queries runs unchanged on SQLite and PostgreSQL
 * (docs/decisions/002-portable-sql.md).
 */
export interface UsersTable {
  id: string;
  email: string;
  timezone: string;
  created_at: string;
  /** Set by an instance admin: the account cannot sign in (decision 057). */
  disabled_at: string | null;
  /** The account's own features as a JSON list; null follows the server's FEATURE_FLAGS. */
  feature_flags: string | null;
}

export interface WorkspacesTable {
  id: string;
  owner_user_id: string;
  version: number;
  updated_at: string;
  /** Where carried-over tasks go in today's order (issue 29). */
  carry_over_to: Generated<'top' | 'bottom'>;
  /** After this many carry-overs a task goes back to its list; null: never. */
  carry_over_limit: ColumnType<number | null, number | null | undefined, number | null>;
  /** Minutes each weekday holds, "m,t,w,t,f,s,s"; null: six hours a day (issue 30). */
  day_capacity: ColumnType<string | null, string | null | undefined, string | null>;
  /** The daily nudges' local times, "HH:MM" where the owner is; null: off (decision 084). */
  plan_nudge_at: ColumnType<string | null, string | null | undefined, string | null>;
  finish_nudge_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: string;
  last_used_at: string;
  expires_at: string;
  revoked_at: string | null;
  /** The browser's User-Agent at sign-in, cut to 300 characters; null for older sessions. */
  user_agent: string | null;
}

export interface LoginCodesTable {
  email: string;
  code_hash: string;
  created_at: string;
  expires_at: string;
  attempts: number;
  used_at: string | null;
}

export interface MagicLinksTable {
  token_hash: string;
  email: string;
  callback_url: string | null;
  /** An invite path to land on after signing in, if the sign-in started there. */
  return_path: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A change of the sign-in address, waiting for the code mailed to the new address. */
export interface EmailChangeCodesTable {
  user_id: string;
  new_email: string;
  code_hash: string;
  created_at: string;
  expires_at: string;
  attempts: number;
  used_at: string | null;
}

/** An event ticket that opened its stream: it opens no other (decision 044). */
export interface SpentEventTicketsTable {
  id: string;
  expires_at: string;
}

/** Counters for the auth rate limits, kept in the database so they hold across instances. */
export interface AuthEventsTable {
  id: string;
  kind: 'code_request' | 'code_failure' | 'magic_request';
  subject: string;
  created_at: string;
}

export interface SubscriptionsTable {
  user_id: string;
  plan: 'FREE' | 'PREMIUM';
  is_trial: number;
  trial_end_date: string | null;
  expiration_date: string | null;
  provider_customer_id: string | null;
  provider_subscription_id: string | null;
  /** When the provider's state we hold was current; older events never overwrite it. */
  provider_state_at: string | null;
  updated_at: string;
  /** The period billed now; null before the first payment. */
  billing_period: 'quarter' | 'year' | null;
  /** A switch the user asked for, taking effect at the renewal. */
  next_period: 'quarter' | 'year' | null;
  cancel_at_period_end: number;
  /** The last renewal charge failed; the provider retries while Premium runs to the period end. */
  payment_failed: number;
}

export interface ProjectsTable {
  id: string;
  owner_workspace_id: string;
  name: string;
  color: string | null;
  archived_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Membership of a project in a workspace, and that workspace's own order of its projects. */
export interface WorkspaceProjectsTable {
  workspace_id: string;
  project_id: string;
  position: string;
  joined_at: string;
}

export interface TasksTable {
  id: string;
  /** Set for inbox and automation tasks; null for project tasks. */
  workspace_id: string | null;
  project_id: string | null;
  automation_id: string | null;
  name: string;
  position: string;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
  /**
   * The workspace of whoever completed the task (set with `completed_at`, cleared with it): a
   * project card counts its reader's own completions (spec §2, issue 28).
   */
  completed_by: string | null;
  /** The day it is due, 'YYYY-MM-DD'; null: no deadline (issue 29). */
  deadline: string | null;
  // Issue 31, each with a default so the rows made elsewhere need not name them (optional here).
  /** Its notes, read only when it opens; '' for none. */
  notes?: string;
  /** 1 when the notes hold more than blanks: the row's mark, read with the lists. */
  has_notes?: number;
  /** Its checklist's progress, kept by the commands that change the checklist. */
  checklist_total?: number;
  checklist_done?: number;
  /** How long it will take in whole minutes, 5 to 480; null: no estimate (issue 30). */
  estimate_minutes?: number | null;
  /** When to remind (an ISO instant, UTC); null: no reminder (issue 30, decision 080). */
  remind_at?: string | null;
  /** The workspace of whoever set the reminder: the one reminded. */
  remind_workspace_id?: string | null;
  /** Its ended time entries' seconds, everyone's, kept by the focus commands (issue 30). */
  actual_seconds?: number;
}

/** A stretch of work on a task by the user of `workspace_id` (issue 30, decision 076). */
export interface TimeEntriesTable {
  id: string;
  workspace_id: string;
  task_id: string;
  started_at: string;
  /** Null while it runs: at most one such entry per workspace (a unique partial index). */
  ended_at: string | null;
  seconds: number | null;
  /** 'pause' keeps the session to resume; 'stop' ends it; null while running. */
  ended_by: 'pause' | 'stop' | null;
  /** The session's time before this entry, carried by a resume. */
  carried_seconds: number;
}

/** A day its user finished on purpose, with the note for the next day ('' for none). */
export interface DayReviewsTable {
  workspace_id: string;
  /** 'YYYY-MM-DD' in the workspace owner's zone, as planned days are (decision 060). */
  day: string;
  finished_at: string;
  note: string;
}

/** One step of a task's checklist (issue 31), in the task's own fractional order. */
export interface ChecklistItemsTable {
  id: string;
  task_id: string;
  name: string;
  position: string;
  /** When it was checked; null while open. */
  done_at: string | null;
  created_at: string;
}

/** A workspace's Execute list: planned tasks and completed ones not yet hidden, in order. */
export interface PlannedTasksTable {
  workspace_id: string;
  task_id: string;
  position: string;
  /** The day it is planned for in the workspace owner's calendar, 'YYYY-MM-DD' (issue 29). */
  day: string;
  /** How many day ends it was carried across since it was last planned for a day. */
  carried: number;
}

export interface SandboxCheckoutsTable {
  id: string;
  user_id: string;
  period: 'quarter' | 'year';
  created_at: string;
  expires_at: string;
  completed_at: string | null;
  outcome: 'pay' | 'cancel' | null;
}

export interface SandboxPortalSessionsTable {
  id: string;
  user_id: string;
  created_at: string;
  expires_at: string;
}

export interface PaymentEventsTable {
  provider_event_id: string;
  type: string;
  received_at: string;
}

export interface InvitesTable {
  id: string;
  project_id: string;
  seed: string;
  token_hash: string;
  created_by: string;
  created_at: string;
  revoked_at: string | null;
}

export interface AutomationsTable {
  id: string;
  workspace_id: string;
  name: string;
  /** The monthly run day; 0 for the other frequencies. */
  day_of_month: number;
  task_name: string;
  created_at: string;
  frequency: 'MONTHLY' | 'WEEKLY' | 'DAILY' | 'LAST_DAY_OF_MONTH' | 'WEEKDAY_OF_MONTH' | 'YEARLY';
  /** ISO weekdays of a weekly automation, '1,3,5'; null for the others. */
  weekdays: string | null;
  /** Set while paused: no runs (decision 026). */
  paused_at: string | null;
  /** Since when the current schedule counts: made, resumed or given a new trigger. */
  scheduled_from: string | null;
  /**
   * The rule as iCalendar text (DTSTART for "every N", then the RRULE) for the kinds and
   * intervals decision 063 added; null for a plain monthly, weekly or daily one.
   */
  rule: string | null;
  /** Where its tasks go; null: the workspace's inbox. */
  project_id: string | null;
}

/**
 * One row per automation and period (a month, or a day for weekly and daily automations):
 * 'CREATED' (task made), 'ERROR' (retried while due) or 'SKIPPED' (the user skipped it).
 */
export interface AutomationRunsTable {
  automation_id: string;
  period: string;
  task_id: string | null;
  status: 'CREATED' | 'ERROR' | 'SKIPPED';
  error: string | null;
  created_at: string;
}

export const CHANGE_ENTITIES = [
  'workspace',
  'project',
  'membership',
  'task',
  'planned',
  'automation',
  'invite',
  'session',
  /** The account's own settings (its features, decision 057): the session is read again. */
  'account',
  /** The user's focus timer started, paused or ended (issue 30): sync reads it again. */
  'focus',
  /** A day finished, or its finish undone (issue 30): sync reads the newest finished day again. */
  'review',
] as const;
export type ChangeEntity = (typeof CHANGE_ENTITIES)[number];
export type ChangeOp = 'put' | 'delete';

/** One row per entity a command changed, per workspace that shows it, at that workspace's new version. */
export interface ChangeLogTable {
  workspace_id: string;
  version: number;
  entity: ChangeEntity;
  entity_id: string;
  op: ChangeOp;
  changed_at: string;
}

/** Who changed a shared task and how, one row per task a command changed (decision 087). */
export interface TaskActivityTable {
  id: string;
  task_id: string;
  user_id: string;
  kind: TaskActivityKind;
  at: string;
}

export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  /** A hash of the request the key was first used with; another request with it is refused. */
  fingerprint: string;
  /** The first answer, as JSON. */
  answer: string;
  created_at: string;
}

/**
 * What one destructive command removed or changed, for its undo (decision 025): whole rows by
 * table as JSON, so columns added later come back with them.
 */
export interface UndoEntriesTable {
  id: string;
  user_id: string;
  workspace_id: string;
  kind: string;
  snapshot: string;
  created_at: string;
  expires_at: string;
  undone_at: string | null;
}

/** A personal access token (issue 32): its secret is kept only as a hash. */
export interface PersonalTokensTable {
  id: string;
  user_id: string;
  name: string;
  token_hash: string;
  /** Space-separated scopes. */
  scopes: string;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** A calendar feed (issue 32): its address is its id signed with the server's secret key. */
export interface CalendarFeedsTable {
  id: string;
  user_id: string;
  /** Null: the account's feed. */
  project_id: string | null;
  created_at: string;
}

/**
 * What a CalDAV client said of a task (issue 32, decision 079): the resource name and UID it
 * chose, and its last iCalendar object, whose properties Hustle does not model are served back.
 */
export interface CaldavObjectsTable {
  task_id: string;
  /** The workspace whose client wrote it last. */
  workspace_id: string;
  name: string;
  uid: string;
  kept: string;
  updated_at: string;
  /** The list a client moved the task out of last (`inbox` or a project id), and its name there. */
  left_list: string | null;
  left_name: string | null;
}

/** A webhook endpoint (issue 32, decision 071); its secret is derived, never stored. */
export interface WebhookEndpointsTable {
  id: string;
  user_id: string;
  url: string;
  /** Space-separated event types. */
  events: string;
  secret_salt: string;
  /** 1 or 0. */
  enabled: number;
  disabled_reason: 'owner' | 'failing' | null;
  /** Since when every attempt failed; null after a success. */
  failing_since: string | null;
  created_at: string;
}

/** One event for one endpoint: the outbox row and its log entry (decision 071). */
export interface WebhookDeliveriesTable {
  /** The `webhook-id`, the same on every attempt. */
  id: string;
  endpoint_id: string;
  event_type: string;
  /** The JSON body sent, fixed when the change committed. */
  payload: string;
  created_at: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  next_attempt_at: string | null;
  lease_until: string | null;
  claim: string | null;
  last_attempt_at: string | null;
  status_code: number | null;
  duration_ms: number | null;
  error: string | null;
}

/** What an instance admin did (decision 057), kept when the account it was about is erased. */
export interface AdminActionsTable {
  id: string;
  created_at: string;
  admin_email: string;
  kind: 'disable' | 'enable' | 'feature-flags';
  target_user_id: string;
  target_email: string;
  /** A change of features: the JSON list set, or null for the server's setting. */
  feature_flags: string | null;
}

/** How many tasks a list holds (a project, or an inbox by its workspace), kept by triggers. */
export interface TaskListSizesTable {
  list_id: string;
  tasks: number;
}

/** The server's own generated keys, made once and shared by every instance (decision 080). */
export interface ServerKeysTable {
  name: string;
  value: string;
  created_at: string;
}

/** One browser of one user that takes Web Push messages (decision 080). */
export interface PushSubscriptionsTable {
  endpoint: string;
  user_id: string;
  p256dh: string;
  auth: string;
  created_at: string;
}

export const REMINDER_KINDS = ['task', 'plan-nudge', 'finish-nudge'] as const;

/** A reminder fired or dropped: its key is claimed once, by whichever scheduler comes first. */
export interface ReminderFiringsTable {
  kind: (typeof REMINDER_KINDS)[number];
  /** The task, or the workspace of a daily nudge. */
  subject_id: string;
  due_at: string;
  workspace_id: string;
  /**
   * 'pushed', 'mailed' (a nudge with no browser to take it), 'no-device' (nowhere to send),
   * 'dropped' (over an hour late) or 'skipped' (a finish nudge for a day already finished).
   */
  outcome: 'pushed' | 'mailed' | 'no-device' | 'dropped' | 'skipped';
  fired_at: string;
}

export interface Database {
  users: UsersTable;
  workspaces: WorkspacesTable;
  sessions: SessionsTable;
  personal_tokens: PersonalTokensTable;
  calendar_feeds: CalendarFeedsTable;
  caldav_objects: CaldavObjectsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  login_codes: LoginCodesTable;
  magic_links: MagicLinksTable;
  auth_events: AuthEventsTable;
  spent_event_tickets: SpentEventTicketsTable;
  email_change_codes: EmailChangeCodesTable;
  subscriptions: SubscriptionsTable;
  projects: ProjectsTable;
  workspace_projects: WorkspaceProjectsTable;
  tasks: TasksTable;
  planned_tasks: PlannedTasksTable;
  checklist_items: ChecklistItemsTable;
  time_entries: TimeEntriesTable;
  day_reviews: DayReviewsTable;
  task_list_sizes: TaskListSizesTable;
  sandbox_checkouts: SandboxCheckoutsTable;
  sandbox_portal_sessions: SandboxPortalSessionsTable;
  payment_events: PaymentEventsTable;
  invites: InvitesTable;
  automations: AutomationsTable;
  automation_runs: AutomationRunsTable;
  change_log: ChangeLogTable;
  task_activity: TaskActivityTable;
  idempotency_keys: IdempotencyKeysTable;
  undo_entries: UndoEntriesTable;
  admin_actions: AdminActionsTable;
  server_keys: ServerKeysTable;
  push_subscriptions: PushSubscriptionsTable;
  reminder_firings: ReminderFiringsTable;
}
