import { loadSettings, MissingSettingError } from './settings.js';
import { openDatabase } from './db/index.js';
import { DataDirLockedError } from './db/lock.js';
import { migrateToLatest } from './db/migrate.js';
import { syncCatalogues } from './catalogue/sync.js';
import { isEmpty, loadDemoDataIfEmpty } from './demo/seed.js';
import { openLab } from './lab/lab.js';
import { createApp } from './app.js';
import { createOutboxWorker } from './outbox/worker.js';

async function main() {
  const settings = loadSettings();
  const database = await openDatabase({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir });
  console.log(database.kind === 'postgres' ? 'Database: PostgreSQL' : `Database: embedded PGlite in ${settings.dataDir}`);
  await migrateToLatest(database.db);
  await syncCatalogues(database.db);
  if (settings.loadDemoData && (await isEmpty(database.db))) {
    console.log(`Loading the demo accounts and ${settings.demoPopulationSize} simulated dogs (first start only)...`);
    const lab = await openLab(database.db, settings.lab);
    await loadDemoDataIfEmpty(database.db, { populationSize: settings.demoPopulationSize, lab, log: (message) => console.log(message) });
    console.log('Loaded the demo accounts (password demo1234).');
  }
  const app = createApp({ db: database.db, settings });
  const server = app.listen(settings.port, () => {
    console.log(`Listening on http://localhost:${settings.port}`);
  });

  // Tests build apps without it; `OUTBOX_WORKER=false` leaves the outbox to `npm run worker`.
  const outboxWorker = settings.mail.workerInApp ? createOutboxWorker({ db: database.db, settings, log: (message) => console.log(message) }) : undefined;
  outboxWorker?.start();

  const shutdown = () => {
    server.close(() => {
      Promise.resolve(outboxWorker?.stop())
        .then(() => database.close())
        .finally(() => process.exit(0));
    });
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error) => {
  if (error instanceof MissingSettingError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
