import { compareDates, isoDateOf, type LocalDate } from '@hustle/shared/dates';
import type { Db } from '../../db/database.ts';
import { firstRunDate, triggerOf } from '../automations/automation-schedule.ts';
import * as repo from './feeds.repository.ts';
import type { FeedEntry } from './icalendar.ts';
import { seriesOf } from './recurrence.ts';

/**
 * What a feed shows of a workspace (decision 067): its open tasks' planned days (a late one on
 * today, where carry-over will put it) and deadlines, and for the account's feed its running
 * automations as recurring events; of one project when named.
 */
export async function feedEntries(
  db: Db,
  feed: {
    workspaceId: string;
    projectId: string | null;
    today: LocalDate;
    timezone: string;
    uidDomain: string;
  },
): Promise<FeedEntry[]> {
  const { workspaceId, projectId, uidDomain } = feed;
  const today = isoDateOf(feed.today);
  const [planned, deadlines, automations] = await Promise.all([
    repo.plannedEntries(db, workspaceId, projectId),
    repo.deadlineEntries(db, workspaceId, projectId),
    projectId === null ? repo.runningAutomations(db, workspaceId) : Promise.resolve([]),
  ]);
  const entries: FeedEntry[] = planned.map((task) => ({
    uid: `planned-${task.id}@${uidDomain}`,
    summary: task.name,
    day: task.day < today ? today : task.day,
    changedAt: task.updated_at,
  }));
  for (const task of deadlines) {
    entries.push({
      uid: `deadline-${task.id}@${uidDomain}`,
      summary: `Due: ${task.name}`,
      day: task.deadline!,
      changedAt: task.updated_at,
    });
  }
  for (const automation of automations) {
    const first = firstRunDate({ ...automation, timezone: feed.timezone });
    // Runs already made are tasks of their own: the series start at the coming run.
    const from = compareDates(first, feed.today) < 0 ? feed.today : first;
    for (const series of seriesOf(triggerOf(automation), from)) {
      entries.push({
        uid: `automation-${automation.id}${series.part && `-${series.part}`}@${uidDomain}`,
        summary: automation.task_name,
        description: `Added by the automation “${automation.name}”.`,
        day: series.start,
        rrule: series.rrule,
        changedAt: automation.scheduled_from ?? automation.created_at,
      });
    }
  }
  return entries;
}
