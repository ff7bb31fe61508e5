import { REMINDER_GRACE_MS, type ReminderPayload } from '@hustle/shared/reminders';
import type { ReminderFiringsTable } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { deliver, type DeliveryDeps } from './deliver.ts';
import { findDueNudges, sendNudge } from './nudges.ts';
import * as repo from './reminders.repository.ts';

/** Reminders handled per pass, and daily nudges; more wait for the next one. */
const BATCH = 100;
/**
 * Once a process has seen every due reminder handled, later passes look back this far only: a
 * reminder whose time passed earlier was fired or dropped by some pass, and a full look would read
 * every reminder ever set, every interval, as they keep their time once fired.
 */
const LOOK_BACK_MS = 24 * 60 * 60_000;

type Key = Pick<ReminderFiringsTable, 'kind' | 'subject_id' | 'due_at'>;
type Outcome = ReminderFiringsTable['outcome'];

export interface ReminderSchedulerDeps extends DeliveryDeps {
  clock: Clock;
  /** The daily nudges go by e-mail when no browser takes them (decision 084). */
  mailer: Mailer;
  appUrl: string;
  intervalMs: number;
}

/** What a task's reminder shows, and where a click on it goes: the task, over Execute. */
const taskReminder = (task: { id: string; name: string }): ReminderPayload => ({
  title: 'Reminder',
  body: task.name,
  url: `/execute?task=${encodeURIComponent(task.id)}`,
  tag: `task-${task.id}`,
});

/**
 * Claims a reminder; when this process won it, sends it (or drops it when too late) and records
 * what became of it. Answers that outcome, or null when another process had it.
 */
async function fire(
  deps: ReminderSchedulerDeps,
  claim: { key: Key; workspaceId: string; now: Date },
  send: () => Promise<Outcome>,
): Promise<Outcome | null> {
  const { key, workspaceId, now } = claim;
  const late = now.getTime() - Date.parse(key.due_at) > REMINDER_GRACE_MS;
  const claimed = await repo.claimFiring(deps.db, {
    ...key,
    workspace_id: workspaceId,
    outcome: late ? 'dropped' : 'pushed',
    fired_at: now.toISOString(),
  });
  if (!claimed) return null;
  if (late) {
    deps.log.info({ ...key, workspaceId }, 'reminder dropped: over an hour late');
    return 'dropped';
  }
  const outcome = await send();
  if (outcome !== 'pushed') await repo.recordOutcome(deps.db, key, outcome);
  return outcome;
}

/** Fires one; one that cannot be handled (its workspace erased meanwhile) holds up no other. */
const fireSafely = (...args: Parameters<typeof fire>) =>
  fire(...args).catch((error: unknown) => {
    args[0].log.warn({ err: error, ...args[1].key }, 'a reminder could not be handled');
    return null;
  });

const wasSent = (outcome: Outcome | null) =>
  outcome === 'pushed' || outcome === 'mailed' || outcome === 'no-device';

/** The daily nudges due now (decision 084): claimed as reminders are, by their day's instant. */
async function fireNudges(deps: ReminderSchedulerDeps, now: Date): Promise<number> {
  let sent = 0;
  for (const nudge of await findDueNudges(deps, now, BATCH)) {
    const key: Key = { kind: nudge.kind, subject_id: nudge.workspaceId, due_at: nudge.dueAt };
    const claim = { key, workspaceId: nudge.workspaceId, now };
    if (wasSent(await fireSafely(deps, claim, () => sendNudge(deps, nudge)))) sent += 1;
  }
  return sent;
}

/**
 * Sends due reminders through Web Push (decision 080), and the daily nudges (084). Several
 * processes may run this at once: each reminder is claimed by inserting its key (what, whose, when
 * due) into `reminder_firings`, which exactly one of them manages; only that one sends. A reminder
 * found more than an hour late (the server was down) is dropped, its row saying so.
 */
export function createReminderScheduler(deps: ReminderSchedulerDeps) {
  const { db, clock, log } = deps;

  // Until a pass finds fewer than a batch, reminders missed while every process was down may lie
  // further back than the look-back: they are sent or dropped with a record, as any other.
  let isCaughtUp = false;

  /** Fires what is due now; returns how many reminders and nudges this process sent. */
  async function runDue(): Promise<number> {
    const now = clock.now();
    const since = isCaughtUp ? new Date(now.getTime() - LOOK_BACK_MS).toISOString() : null;
    const due = await repo.dueTaskReminders(db, { now: now.toISOString(), since }, BATCH);
    let sent = 0;
    for (const task of due) {
      const key: Key = { kind: 'task', subject_id: task.id, due_at: task.remind_at! };
      const claim = { key, workspaceId: task.remind_workspace_id!, now };
      const send = () => deliver(deps, claim.workspaceId, taskReminder(task));
      if (wasSent(await fireSafely(deps, claim, send))) sent += 1;
    }
    if (due.length < BATCH) isCaughtUp = true;
    return sent + (await fireNudges(deps, now));
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
