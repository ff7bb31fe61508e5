// `npm run restore -- <file>`: puts a backup made by `npm run backup` in place of the SQLite
// database of a stopped instance (decision 055). The database it replaces is kept, renamed.
import path from 'node:path';
import { ConfigError, loadConfig } from './config.ts';
import { sqliteFileIn } from './db/database.ts';
import { BackupError, inspectBackup, restoreSqlite } from './db/sqlite-backup.ts';

try {
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new BackupError(
      'DATABASE_URL is set: restore PostgreSQL with pg_restore (docs/deploy.md, "Backups").',
    );
  }
  const [file] = process.argv.slice(2);
  if (!file) throw new BackupError('Name the backup to restore: npm run restore -- <file>');
  const backup = path.resolve(file);
  const { schema } = inspectBackup(backup);
  const stamp = new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const keptAs = restoreSqlite(backup, sqliteFileIn(config.dataDir), stamp);
  console.log(`Restored ${backup} (schema ${schema}) into ${config.dataDir}.`);
  if (keptAs) console.log(`The database it replaced is kept as ${keptAs}.`);
  console.log('Start Hustle: it migrates the restored database if it is older.');
} catch (error) {
  if (!(error instanceof BackupError || error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
