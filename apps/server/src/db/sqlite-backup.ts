import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { migrationNames } from './migrate.ts';

/**
 * Marks a file as a Hustle backup in SQLite's header (`PRAGMA application_id`, "HUSL"), so a
 * restore can tell it from any other SQLite file (decision 055).
 */
const BACKUP_APPLICATION_ID = 0x4855534c;
const SQLITE_HEADER = 'SQLite format 3\0';
/** Scheduled backups are named so that their names sort by time: `hustle-<UTC time>.db`. */
const SCHEDULED_NAME = /^hustle-\d{8}T\d{6}Z\.db$/;

export class BackupError extends Error {}

// The copy runs on a worker thread with a connection of its own (like the WAL checkpointer,
// decision 043), so a large database does not stall the server's event loop while it is read.
// `VACUUM INTO` reads one snapshot in one read transaction: everything committed before it
// began, nothing after, while writers carry on (WAL).
const COPY_PROGRAM = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
try {
  const source = new SQLite(workerData.source, { readonly: true, fileMustExist: true });
  source.pragma('busy_timeout = 5000');
  source.prepare('VACUUM INTO ?').run(workerData.target);
  source.close();
  parentPort.postMessage({ ok: true });
} catch (error) {
  parentPort.postMessage({ ok: false, message: String(error && error.message || error) });
}
`;

function copyOffThread(source: string, target: string): Promise<void> {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  return new Promise((resolve, reject) => {
    const worker = new Worker(COPY_PROGRAM, { eval: true, workerData: { driver, source, target } });
    worker.once('message', (result: { ok: boolean; message?: string }) => {
      void worker.terminate();
      if (result.ok) resolve();
      else reject(new BackupError(`The backup failed: ${result.message}`));
    });
    worker.once('error', reject);
  });
}

/** Writes and flushes the file's bytes and its directory entry, so a crash keeps the file. */
function fsyncFile(file: string): void {
  const fd = fs.openSync(file, 'r+');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

export interface BackupSummary {
  file: string;
  bytes: number;
  /** The last migration the copied database had run: its schema. */
  schema: string;
}

/**
 * A consistent copy of the SQLite database `source` at `target`, taken while the server runs.
 * The copy is written beside the target and renamed into place once whole, so a file with the
 * target's name is always a complete backup.
 */
export async function backupSqlite(source: string, target: string): Promise<BackupSummary> {
  if (!fs.existsSync(source)) throw new BackupError(`There is no database at ${source}.`);
  if (fs.existsSync(target)) throw new BackupError(`${target} exists already.`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  fs.rmSync(partial, { force: true });
  try {
    await copyOffThread(source, partial);
    const copy = new SQLite(partial);
    copy.pragma(`application_id = ${BACKUP_APPLICATION_ID}`);
    copy.close();
    fsyncFile(partial);
    fs.renameSync(partial, target);
  } finally {
    fs.rmSync(partial, { force: true });
  }
  return { file: target, bytes: fs.statSync(target).size, schema: inspectBackup(target).schema };
}

/**
 * What a restore checks before it touches anything: a SQLite file, marked as a Hustle backup,
 * intact, of a schema this version knows (an older one is migrated at the next start; a newer
 * one would lose what this version does not know).
 */
export function inspectBackup(file: string): { schema: string } {
  const header = Buffer.alloc(16);
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch {
    throw new BackupError(`${file} cannot be read.`);
  }
  fs.readSync(fd, header, 0, 16, 0);
  fs.closeSync(fd);
  const notOurs = new BackupError(`${file} is not a Hustle backup (make one with npm run backup).`);
  if (header.toString('latin1') !== SQLITE_HEADER) throw notOurs;
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    if (db.pragma('application_id', { simple: true }) !== BACKUP_APPLICATION_ID) throw notOurs;
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new BackupError(`${file} is damaged: ${String(integrity)}.`);
    const ran = (
      db.prepare('select name from kysely_migration order by name').all() as {
        name: string;
      }[]
    ).map((row) => row.name);
    const unknown = ran.filter((name) => !migrationNames.includes(name));
    if (unknown.length > 0) {
      throw new BackupError(
        `${file} is from a newer version of Hustle (its schema has ${unknown.join(', ')}); restore it with that version or a later one.`,
      );
    }
    const schema = ran.at(-1);
    if (!schema) throw notOurs;
    return { schema };
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw notOurs;
  } finally {
    db.close();
  }
}

/** Whether another process (a running server) has the database open. */
function isInUse(file: string): boolean {
  const db = new SQLite(file, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 0');
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    db.exec('COMMIT');
    return false;
  } catch {
    return true;
  } finally {
    db.close();
  }
}

/**
 * Puts a backup in place of the database `target` of a stopped instance. The database it
 * replaces is kept beside it, renamed, and answered; the next start migrates an older backup.
 */
export function restoreSqlite(backup: string, target: string, stamp: string): string | undefined {
  inspectBackup(backup);
  let keptAs: string | undefined;
  if (fs.existsSync(target)) {
    if (isInUse(target)) {
      throw new BackupError(
        `The database ${target} is in use: stop Hustle before restoring (npm run restore is for a stopped instance).`,
      );
    }
    keptAs = `${target}.before-restore-${stamp}`;
    for (const suffix of ['', '-wal', '-shm']) {
      if (fs.existsSync(target + suffix)) fs.renameSync(target + suffix, keptAs + suffix);
    }
  }
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  fs.copyFileSync(backup, partial);
  fsyncFile(partial);
  fs.renameSync(partial, target);
  return keptAs;
}

/** The scheduled backup's file name for a moment: `hustle-20261127T121500Z.db`. */
export function scheduledBackupName(at: Date): string {
  return `hustle-${at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}.db`;
}

/** Scheduled backups in `dir`, oldest first. */
export function scheduledBackups(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => SCHEDULED_NAME.test(name))
    .sort()
    .map((name) => path.join(dir, name));
}

/** Deletes all but the newest `keep` scheduled backups in `dir`; answers the ones deleted. */
export function pruneBackups(dir: string, keep: number): string[] {
  const surplus = scheduledBackups(dir).slice(0, -keep);
  for (const file of surplus) fs.rmSync(file);
  return surplus;
}
