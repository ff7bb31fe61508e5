import type { FastifyBaseLogger } from 'fastify';
import { REMINDER_GRACE_MS, type ReminderPayload } from '@hustle/shared/reminders';
import type { Db } from '../../db/database.ts';
import type { ReminderFiringsTable } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { OutboundPolicy } from '../../lib/outbound.ts';
import type { PushKeys } from './push-keys.ts';
import { sendPush } from './push-sender.ts';
import * as repo from './reminders.repository.ts';

/** Reminders handled per pass; more wait for the next one. */
const BATCH = 100;
/**
 * Once a process has seen every due reminder handled, later passes look back this far only: a
 * reminder whose time passed earlier was fired or dropped by some pass, and a full look would read
 * every reminder ever set, every interval, as they keep their time once fired.
 */
const LOOK_BACK_MS = 24 * 60 * 60_000;

type Key = Pick<ReminderFiringsTable, 'kind' | 'subject_id' | 'due_at'>;
type Outcome = ReminderFiringsTable['outcome'];

export interface ReminderSchedulerDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  keys: PushKeys;
  push: { subject: string; outbound: OutboundPolicy; timeoutMs: number };
  intervalMs: number;
}

/** What a task's reminder shows, and where a click on it goes: the task, over Execute. */
const taskReminder = (task: { id: string; name: string }): ReminderPayload => ({
  title: 'Reminder',
  body: task.name,
  url: `/execute?task=${encodeURIComponent(task.id)}`,
  tag: `task-${task.id}`,
});

/** Sends to every browser of the workspace's owner; a subscription the service says is gone goes. */
async function deliver(
  deps: ReminderSchedulerDeps,
  workspaceId: string,
  payload: ReminderPayload,
): Promise<Outcome> {
  const { db, log } = deps;
  const targets = await repo.subscriptionsOfWorkspace(db, workspaceId);
  if (targets.length === 0) return 'no-device';
  const keys = await deps.keys.get();
  let delivered = false;
  for (const target of targets) {
    const outcome = await sendPush(target, payload, { keys, ...deps.push }).catch(
      (error: unknown) => {
        log.warn({ err: error, workspaceId }, 'a push message could not be sent');
        return 'failed' as const;
      },
    );
    if (outcome === 'gone') await repo.deleteGoneSubscription(db, target.endpoint);
    if (outcome === 'sent') delivered = true;
  }
  return delivered ? 'pushed' : 'no-device';
}

/**
 * Sends due reminders through Web Push (decision 080). Several processes may run this at once:
 * each reminder is claimed by inserting its key (what, whose, when due) into `reminder_firings`,
 * which exactly one of them manages; only that one sends. A reminder found more than an hour
 * late (the server was down) is dropped, its row saying so.
 */
export function createReminderScheduler(deps: ReminderSchedulerDeps) {
  const { db, clock, log } = deps;

  /** Claims the reminder; when this process won it, sends it (or drops it when too late). */
  async function fire(key: Key, workspaceId: string, payload: ReminderPayload, now: Date) {
    const late = now.getTime() - Date.parse(key.due_at) > REMINDER_GRACE_MS;
    const claimed = await repo.claimFiring(db, {
      ...key,
      workspace_id: workspaceId,
      outcome: late ? 'dropped' : 'pushed',
      fired_at: now.toISOString(),
    });
    if (!claimed) return false;
    if (late) {
      log.info({ ...key, workspaceId }, 'reminder dropped: over an hour late');
      return false;
    }
    const outcome = await deliver(deps, workspaceId, payload);
    if (outcome !== 'pushed') await repo.recordOutcome(db, key, outcome);
    return true;
  }

  // Until a pass finds fewer than a batch, reminders missed while every process was down may lie
  // further back than the look-back: they are sent or dropped with a record, as any other.
  let isCaughtUp = false;

  /** Fires what is due now; returns how many reminders this process sent. */
  async function runDue(): Promise<number> {
    const now = clock.now();
    const since = isCaughtUp ? new Date(now.getTime() - LOOK_BACK_MS).toISOString() : null;
    const due = await repo.dueTaskReminders(db, { now: now.toISOString(), since }, BATCH);
    let sent = 0;
    for (const task of due) {
      const key: Key = { kind: 'task', subject_id: task.id, due_at: task.remind_at! };
      const payload = taskReminder(task);
      // One reminder that cannot be handled (its workspace erased meanwhile) holds up no other.
      const fired = await fire(key, task.remind_workspace_id!, payload, now).catch(
        (error: unknown) => {
          log.warn({ err: error, ...key }, 'a reminder could not be handled');
          return false;
        },
      );
      if (fired) sent += 1;
    }
    if (due.length < BATCH) isCaughtUp = true;
    return sent;
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const pass = () => {
    if (running) return;
    running = runDue()
      .catch((error: unknown) => log.error({ err: error }, 'reminder pass failed'))
      .finally(() => {
        running = undefined;
      });
  };

  return {
    runDue,
    start() {
      if (deps.intervalMs <= 0 || timer) return;
      pass();
      timer = setInterval(pass, deps.intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
