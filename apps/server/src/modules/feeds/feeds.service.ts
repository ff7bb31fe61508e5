import { FEED_FILE_PATTERN, type CalendarFeed } from '@hustle/shared/feeds';
import { localDateAt } from '@hustle/shared/dates';
import type { Db, DialectName } from '../../db/database.ts';
import { lockUser } from '../../db/lock-user.ts';
import type { CalendarFeedsTable } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { hmac, safeEqualHex } from '../../lib/tokens.ts';
import { findProjectSeenFrom } from '../projects/projects.service.ts';
import type { SessionContext } from '../auth/auth.service.ts';
import { feedEntries } from './feed-entries.ts';
import { toICalendar } from './icalendar.ts';
import * as repo from './feeds.repository.ts';

const FEED_NOT_FOUND = 'Calendar feed';

/**
 * Calendar feeds (issue 32, decision 067): the address is the feed's id signed with the server's
 * key, so the database alone opens no feed, and a new id (regenerating) ends the old address.
 */
export function createFeedsService(deps: {
  db: Db;
  dialect: DialectName;
  clock: Clock;
  secretKey: string;
  appUrl: string;
}) {
  const { db, dialect, clock, secretKey, appUrl } = deps;
  const uidDomain = new URL(appUrl).hostname;
  const macOf = (feedId: string) => hmac(secretKey, `calendar-feed:${feedId}`);
  // base64url keeps the address segment under the router's 100-character limit.
  const signatureOf = (feedId: string) => Buffer.from(macOf(feedId), 'hex').toString('base64url');
  const isSignatureOf = (feedId: string, signature: string) =>
    safeEqualHex(Buffer.from(signature, 'base64url').toString('hex'), macOf(feedId));

  const toFeed = (row: CalendarFeedsTable): CalendarFeed => ({
    projectId: row.project_id,
    url: `${appUrl}/api/v1/calendar-feeds/${row.id}.${signatureOf(row.id)}.ics`,
    createdAt: row.created_at,
  });

  /** The project must show in the caller's workspace: another's is 404 (ARCHITECTURE §4). */
  async function requireVisible(session: SessionContext, projectId: string | null) {
    if (projectId === null) return null;
    const project = await findProjectSeenFrom(db, session.workspaceId, projectId);
    if (!project) throw notFound('Project');
    return project;
  }

  /**
   * The feed of the account or of a project, made the first time, or made anew (`renew`: the
   * old address stops). The user is held meanwhile, so two requests at once take turns.
   */
  async function feedOf(session: SessionContext, projectId: string | null, renew: boolean) {
    await requireVisible(session, projectId);
    const row = await db.transaction().execute(async (trx) => {
      await lockUser(trx, dialect, session.userId);
      const existing = await repo.findFeedOf(trx, session.userId, projectId);
      if (existing && !renew) return existing;
      if (existing) await repo.deleteFeed(trx, existing.id);
      const made: CalendarFeedsTable = {
        id: newId(),
        user_id: session.userId,
        project_id: projectId,
        created_at: clock.now().toISOString(),
      };
      await repo.insertFeed(trx, made);
      return made;
    });
    return toFeed(row);
  }

  return {
    list: async (session: SessionContext): Promise<CalendarFeed[]> =>
      (await repo.listFeedsOf(db, session.userId)).map(toFeed),

    open: (session: SessionContext, projectId: string | null) => feedOf(session, projectId, false),

    regenerate: (session: SessionContext, projectId: string | null) =>
      feedOf(session, projectId, true),

    /** The iCalendar document at a feed's address; anything else there is 404. */
    async read(file: string): Promise<string> {
      const [, feedId, signature] = FEED_FILE_PATTERN.exec(file) ?? [];
      if (!feedId || !signature || !isSignatureOf(feedId, signature)) {
        throw notFound(FEED_NOT_FOUND);
      }
      const feed = await repo.findFeed(db, feedId);
      if (!feed || feed.disabled_at) throw notFound(FEED_NOT_FOUND);
      const project = feed.project_id
        ? await findProjectSeenFrom(db, feed.workspace_id, feed.project_id)
        : null;
      // Left the shared project, or it was deleted: the feed shows nothing any more.
      if (feed.project_id && !project) throw notFound(FEED_NOT_FOUND);
      const entries = await feedEntries(db, {
        workspaceId: feed.workspace_id,
        projectId: feed.project_id,
        today: localDateAt(clock.now(), feed.timezone),
        timezone: feed.timezone,
        uidDomain,
      });
      return toICalendar({
        name: project ? `Hustle · ${project.name}` : 'Hustle',
        ...(project?.color ? { color: project.color } : {}),
        entries,
      });
    },
  };
}

export type FeedsService = ReturnType<typeof createFeedsService>;
