// npm run worker [-- --once]
// Drains the outbox in a process of its own: run any number beside the app on PostgreSQL (set
// OUTBOX_WORKER=false on the app to leave sending to them). With --once it sends what is due
// and exits. The embedded database serves one process, so there the app's own worker does it.
import { loadSettings, MissingSettingError } from '../server/settings.js';
import { openDatabase } from '../server/db/index.js';
import { DataDirLockedError } from '../server/db/lock.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { createOutboxWorker } from '../server/outbox/worker.js';

async function main() {
  const settings = loadSettings();
  const database = await openDatabase({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir });
  await migrateToLatest(database.db);
  const worker = createOutboxWorker({ db: database.db, settings, log: (message) => console.log(message) });
  if (process.argv.includes('--once')) {
    const result = await worker.drain();
    console.log(`Outbox: ${result.sent} sent, ${result.failed} to retry, ${result.dead} dead (through ${worker.transport.describe}).`);
    await worker.stop();
    await database.close();
    return;
  }
  worker.start();
  const shutdown = () => {
    worker
      .stop()
      .then(() => database.close())
      .finally(() => process.exit(0));
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  // The poll timer is unref'd, so something has to keep the process alive.
  setInterval(() => {}, 1 << 30);
}

main().catch((error) => {
  if (error instanceof MissingSettingError || error instanceof DataDirLockedError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
