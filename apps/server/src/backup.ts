// `npm run backup [-- <file>]`: a consistent copy of the SQLite database while Hustle serves
// (decision 055). Without a file name it goes into the backup folder, named by the time.
import path from 'node:path';
import { ConfigError, loadConfig } from './config.ts';
import { sqliteFileIn } from './db/database.ts';
import { BackupError, backupSqlite, scheduledBackupName } from './db/sqlite-backup.ts';

try {
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new BackupError(
      'DATABASE_URL is set: back PostgreSQL up with pg_dump (docs/deploy.md, "Backups").',
    );
  }
  const [file] = process.argv.slice(2);
  const target = path.resolve(
    file ?? path.join(config.backups.dir, scheduledBackupName(new Date())),
  );
  const summary = await backupSqlite(sqliteFileIn(config.dataDir), target);
  console.log(
    `Backed up to ${summary.file} (${(summary.bytes / 1024).toFixed(0)} KiB, schema ${summary.schema})`,
  );
} catch (error) {
  if (!(error instanceof BackupError || error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
