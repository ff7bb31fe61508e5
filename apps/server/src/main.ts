import { ConfigError, loadConfig } from './config.ts';
import { openDatabase, sqliteFileIn } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import {
  DatabaseUnreachableError,
  describeDatabaseUrl,
  waitForDatabase,
} from './db/wait-for-database.ts';
import { resolveSecretKey } from './lib/secret.ts';
import { buildApp } from './app.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: sqliteFileIn(config.dataDir),
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

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing in-flight requests`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
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
