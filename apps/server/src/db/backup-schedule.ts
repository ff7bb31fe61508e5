import fs from 'node:fs';
import path from 'node:path';
import {
  backupSqlite,
  pruneBackups,
  scheduledBackupName,
  scheduledBackups,
  type BackupSummary,
} from './sqlite-backup.ts';

export interface BackupSchedule {
  /** Resolves once a backup under way, if any, has finished. */
  stop(): Promise<void>;
}

/**
 * Backs the SQLite database up every `intervalMs` into `dir`, keeping the newest `keep`
 * (decision 055). The first is due an interval after the newest backup already there, so a
 * server restarted often still backs up on time, and one that was down long backs up at once.
 */
export function startBackupSchedule(options: {
  database: string;
  dir: string;
  intervalMs: number;
  keep: number;
  /** The time a backup is named after (tests step it). */
  now?: () => Date;
  log: {
    info(details: object, message: string): void;
    error(details: object, message: string): void;
  };
}): BackupSchedule {
  const { database, dir, intervalMs, keep, log } = options;
  const now = options.now ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<BackupSummary | void> | undefined;
  let isStopped = false;

  const schedule = (delayMs: number) => {
    if (isStopped) return;
    timer = setTimeout(run, Math.max(0, delayMs));
    timer.unref();
  };
  function run(): void {
    running = backupSqlite(database, path.join(dir, scheduledBackupName(now())))
      .then((summary) => {
        const pruned = pruneBackups(dir, keep).map((file) => path.basename(file));
        log.info({ ...summary, pruned }, 'scheduled backup written');
      })
      .catch((error: unknown) => log.error({ err: error }, 'scheduled backup failed'))
      .finally(() => {
        running = undefined;
        schedule(intervalMs);
      });
  }

  const newest = scheduledBackups(dir).at(-1);
  const last = newest ? fs.statSync(newest).mtimeMs : Date.now();
  schedule(last + intervalMs - Date.now());
  return {
    async stop() {
      isStopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
