import { ConfigError, loadConfig } from './config.ts';
import { openDatabase, sqliteFileIn } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { startBackupSchedule, type BackupSchedule } from './db/backup-schedule.ts';
import {
  DatabaseUnreachableError,
  describeDatabaseUrl,
  waitForDatabase,
} from './db/wait-for-database.ts';
import { resolveSecretKey } from './lib/secret.ts';
import { buildApp } from './app.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const sqliteFile = sqliteFileIn(config.dataDir);
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile,
    pool: config.databasePool,
  });
  await waitForDatabase({
    ping: database.ping,
    where: config.databaseUrl ? describeDatabaseUrl(config.databaseUrl) : config.dataDir,
    waitSeconds: config.databaseWaitSeconds,
    log: (line) => console.error(line),
  });
  await migrateToLatest(database.db);
  const app = await buildApp({
    config,
    database,
    secretKey: resolveSecretKey(config.secretKey, config.dataDir),
  });

  let backups: BackupSchedule | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing in-flight requests`);
    await app.close();
    await backups?.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  if (database.dialect === 'sqlite' && config.backups.intervalHours > 0) {
    backups = startBackupSchedule({
      database: sqliteFile,
      dir: config.backups.dir,
      intervalMs: config.backups.intervalHours * 3_600_000,
      keep: config.backups.keep,
      log: app.log,
    });
  }
  app.log.info(
    `Hustle is running on ${config.appUrl} (${database.dialect}${database.dialect === 'sqlite' ? ` in ${config.dataDir}` : ''})`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseUnreachableError) {
    console.error(error.message);
  } else {
    console.error('Hustle failed to start:', error);
  }
  process.exit(1);
});
