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
}

export interface WorkspacesTable {
  id: string;
  owner_user_id: string;
  version: number;
  updated_at: string;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: string;
  last_used_at: string;
  expires_at: string;
  revoked_at: string | null;
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
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Counters for the auth rate limits, kept in the database so they hold across instances. */
export interface AuthEventsTable {
  id: string;
  kind: 'code_request' | 'code_failure' | 'magic_request';
  subject: string;
  created_at: string;
}

export interface Database {
  users: UsersTable;
  workspaces: WorkspacesTable;
  sessions: SessionsTable;
  login_codes: LoginCodesTable;
  magic_links: MagicLinksTable;
  auth_events: AuthEventsTable;
}
