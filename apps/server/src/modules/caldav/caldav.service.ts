import type { Db } from '../../db/database.ts';
import { addDays, type Clock } from '../../lib/clock.ts';
import { forbidden, notFound, unauthorized } from '../../lib/errors.ts';
import type { SessionContext } from '../auth/auth.service.ts';
import type { Policy } from '../policy/policy.service.ts';
import { findProjectSeenFrom, listProjects } from '../projects/projects.service.ts';
import type { TokensService } from '../tokens/tokens.service.ts';
import { CHANGE_LOG_RETENTION_DAYS } from '../workspaces/maintenance.ts';
import type { WritePath } from '../workspaces/unit-of-work.ts';
import { changesSince, currentVersion } from '../workspaces/workspaces.service.ts';
import * as repo from './caldav.repository.ts';
import { createCaldavPropertyWrites } from './caldav.proppatch.ts';
import { createCaldavWrites } from './caldav.writes.ts';
import {
  INBOX,
  defaultNameOf,
  taskIdOf,
  toResource,
  type TaskList,
  type TaskResource,
} from './caldav-resources.ts';
import { writeTodo } from './vtodo.ts';

export type { TaskList, TaskResource } from './caldav-resources.ts';

const SYNC_PAGE = 5_000;
/** Within every database's limit of bound parameters, twice over. */
const NAMES_PER_QUERY = 400;

export type SyncAnswer =
  | { kind: 'changes'; version: number; changed: TaskResource[]; removed: string[] }
  | { kind: 'invalid-token' };

/** HTTP Basic for calendar apps: the account's e-mail and a token with the `calendar` scope. */
async function authenticate(
  tokens: Pick<TokensService, 'verify'>,
  email: string,
  secret: string,
): Promise<SessionContext> {
  const { tokenId, scopes, ...owner } = await tokens.verify(secret);
  if (owner.email.toLowerCase() !== email.trim().toLowerCase()) {
    throw unauthorized('The user name is not the e-mail address of this token’s account.');
  }
  if (!scopes.includes('calendar')) {
    throw forbidden('This access token lacks the “calendar” scope that calendar apps need.');
  }
  return { ...owner, sessionId: `token:${tokenId}`, token: { id: tokenId, scopes } };
}

/** The task ids the workspace's change log names after `since`, or null when it forgot them. */
async function changedTaskIds(db: Db, workspaceId: string, since: number) {
  const ids = new Set<string>();
  let from = since;
  for (;;) {
    const page = await changesSince(db, workspaceId, from, SYNC_PAGE);
    if (page.kind === 'snapshot') return null;
    for (const change of page.changes) {
      if (change.entity === 'task' || change.entity === 'planned') ids.add(change.entityId);
    }
    if (!page.more) return { ids, version: page.version };
    from = page.version;
  }
}

/** The workspace's lists: the inbox, and each active project it shows. */
function createLists(db: Db) {
  async function findList(session: SessionContext, listId: string): Promise<TaskList> {
    const { workspaceId } = session;
    if (listId === INBOX) {
      return { id: INBOX, home: { workspaceId, projectId: null }, name: 'Inbox', color: null };
    }
    const project = /^[0-9a-f-]{36}$/i.test(listId)
      ? await findProjectSeenFrom(db, workspaceId, listId)
      : undefined;
    if (!project || project.archived_at) throw notFound('Task list');
    return {
      id: project.id,
      home: { workspaceId, projectId: project.id },
      name: project.name,
      color: project.color,
    };
  }
  return {
    findList,
    /** The inbox, then the active projects the workspace shows, in its own order. */
    async lists(session: SessionContext): Promise<TaskList[]> {
      const projects = await listProjects(db, session.workspaceId, false);
      return [
        await findList(session, INBOX),
        ...projects.map((project) => ({
          id: project.id,
          home: { workspaceId: session.workspaceId, projectId: project.id },
          name: project.name,
          color: project.color,
        })),
      ];
    },
  };
}

/**
 * The CalDAV task server (issue 32, decision 079): the inbox and each active project the
 * workspace shows is a task list; a client's write is the app's own commands, run as one unit
 * of work, so rights, limits, undo, sync and live updates hold for it as for the web.
 */
export function createCaldavService(deps: {
  db: Db;
  writes: WritePath;
  policy: Policy;
  clock: Clock;
  tokens: Pick<TokensService, 'verify'>;
  uidDomain: string;
}) {
  const { db, uidDomain } = deps;
  const resourceIn = async (list: TaskList, name: string) => {
    const row = await repo.findObjectByName(db, list.home, name, taskIdOf(name));
    return row ? toResource(row) : undefined;
  };
  return {
    authenticate: (email: string, secret: string) => authenticate(deps.tokens, email, secret),
    ...createLists(db),
    ...createCaldavWrites(deps),
    ...createCaldavPropertyWrites(deps),

    /** The workspace's version: every list's sync token and collection tag. */
    version: async (session: SessionContext) =>
      (await currentVersion(db, session.workspaceId))?.version ?? 0,

    resources: async (list: TaskList): Promise<TaskResource[]> =>
      (await repo.listObjects(db, list.home)).map(toResource),

    resource: resourceIn,

    /** The tasks named, by name, in one query per batch (a multiget names hundreds). */
    async resourcesNamed(list: TaskList, names: string[]) {
      const found = new Map<string, TaskResource>();
      for (let start = 0; start < names.length; start += NAMES_PER_QUERY) {
        const batch = names.slice(start, start + NAMES_PER_QUERY);
        const ids = batch.map(taskIdOf).filter((id): id is string => id !== null);
        for (const row of await repo.findObjectsByNames(db, list.home, batch, ids)) {
          const resource = toResource(row);
          found.set(resource.name, resource);
        }
      }
      return found;
    },

    object: (resource: TaskResource) => writeTodo(resource.task, uidDomain),

    /**
     * What changed in the list since the version a sync token names (RFC 6578): the tasks the
     * change log names that are in the list now, and those that are not (gone or moved away).
     */
    async changesSince(session: SessionContext, list: TaskList, since: number) {
      const changed = await changedTaskIds(db, session.workspaceId, since);
      if (!changed) return { kind: 'invalid-token' } satisfies SyncAnswer;
      const rows = await repo.findObjectsByIds(db, list.home, [...changed.ids]);
      const present = new Set(rows.map((row) => row.id));
      const gone = [...changed.ids].filter((id) => !present.has(id));
      const names = await repo.resourceNamesOf(db, list.id, gone);
      const resources = rows.map(toResource);
      // A name another task of the list goes by in this answer is that task's, not gone.
      const live = new Set(resources.map((resource) => resource.name));
      return {
        kind: 'changes',
        version: changed.version,
        changed: resources,
        removed: gone
          .flatMap((id) => names.get(id) ?? [defaultNameOf(id)])
          .filter((name) => !live.has(name)),
      } satisfies SyncAnswer;
    },

    /** Forgets the resource names of tasks deleted longer ago than the change log remembers. */
    pruneGone: () =>
      repo.pruneGoneBefore(db, addDays(deps.clock.now(), -CHANGE_LOG_RETENTION_DAYS).toISOString()),
  };
}

export type CaldavService = ReturnType<typeof createCaldavService>;
