import { clockTimeIn } from '@hustle/shared/days';
import { instantAt } from '@hustle/shared/local-instant';
import type { Mailer } from '../../lib/mailer.ts';
import { isDayFinished } from '../day-reviews/day-reviews.service.ts';
import { knownZone } from '../tasks/days.service.ts';
import { deliver, type DeliveryDeps } from './deliver.ts';
import { localDayAt } from './nudge-times.ts';
import { nudgeMail, nudgePayload } from './nudges.mail.ts';
import * as repo from './nudges.repository.ts';

const KINDS: readonly repo.NudgeKind[] = ['plan-nudge', 'finish-nudge'];

/** A daily nudge due now: whose, which, for which of the user's days and at what instant. */
export interface DueNudge {
  kind: repo.NudgeKind;
  workspaceId: string;
  email: string;
  day: string;
  dueAt: string;
}

/**
 * The daily nudges due at `now` and not yet fired today (decision 084), up to `limit`. Read zone
 * by zone: the owner's clock there says which nudge times have come, so each read returns only
 * what is due.
 */
export async function findDueNudges(deps: DeliveryDeps, now: Date, limit: number) {
  const due: DueNudge[] = [];
  for (const kind of KINDS) {
    for (const zone of await repo.nudgeZones(deps.db, kind)) {
      if (due.length >= limit) return due;
      const timeZone = knownZone(zone);
      const { day, dayStart } = localDayAt(now, timeZone);
      const clock = clockTimeIn(now, timeZone);
      const rows = await repo.dueNudges(
        deps.db,
        kind,
        { zone, clock, dayStart },
        limit - due.length,
      );
      for (const row of rows) {
        const dueAt = instantAt(day, row.at!, timeZone);
        due.push({ kind, workspaceId: row.id, email: row.email, day, dueAt });
      }
    }
  }
  return due;
}

/**
 * Sends a claimed nudge: by Web Push to the owner's browsers, else by e-mail (`no-device` when
 * the mail server refused it too). The evening one is not sent for a day already finished:
 * `skipped`.
 */
export async function sendNudge(
  deps: DeliveryDeps & { mailer: Mailer; appUrl: string },
  nudge: DueNudge,
): Promise<'pushed' | 'mailed' | 'skipped' | 'no-device'> {
  const { db } = deps;
  if (nudge.kind === 'finish-nudge' && (await isDayFinished(db, nudge.workspaceId, nudge.day))) {
    return 'skipped';
  }
  const planned =
    nudge.kind === 'plan-nudge' ? await repo.openPlannedCount(db, nudge.workspaceId, nudge.day) : 0;
  const payload = nudgePayload(nudge.kind, planned);
  if ((await deliver(deps, nudge.workspaceId, payload)) === 'pushed') return 'pushed';
  try {
    await deps.mailer.send(nudgeMail(nudge.email, payload, deps.appUrl));
    return 'mailed';
  } catch (error) {
    deps.log.warn({ err: error, workspaceId: nudge.workspaceId }, 'a nudge could not be mailed');
    return 'no-device';
  }
}
