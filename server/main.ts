import cluster from 'node:cluster';
import { loadSettings, MissingSettingError, type Settings } from './settings.js';
import { openDatabase, type Database } from './db/index.js';
import { DataDirLockedError } from './db/lock.js';
import { migrateToLatest } from './db/migrate.js';
import { syncCatalogues } from './catalogue/sync.js';
import { isEmpty, loadDemoDataIfEmpty } from './demo/seed.js';
import { openLab } from './lab/lab.js';
import { createApp } from './app.js';
import { configureLogger, logger } from './logging/logger.js';
import { MANIFEST_FILE, readManifest } from './assets/manifest.js';
import type { ChatEvents } from './chat/events.js';
import { mediaStoreFor } from './media/store.js';
import { installJobQueue } from './jobs/queue.js';
import { createJobWorkers } from './jobs/workers.js';
import { backgroundJobs } from './background-jobs.js';
import { mailTransportFor } from './mail/transport.js';
import { queueUnqueuedMessages } from './outbox/delivery.js';
import { addDemoPictures } from './media/demo-pictures.js';
import { profileViewRecorderOf } from './public-profile/view-recorder.js';

/** Migrates and loads the demo data once, in the primary process, before any worker serves. */
async function prepare(settings: Settings, database: Database): Promise<void> {
  logger.info(database.kind === 'postgres' ? 'Database: PostgreSQL' : `Database: embedded PGlite in ${settings.dataDir}`);
  await migrateToLatest(database.db);
  const transport = mailTransportFor(settings.mail);
  await installJobQueue(database.db, backgroundJobs({ db: database.db, settings, transport }));
  transport.close();
  await queueUnqueuedMessages(database.db);
  await syncCatalogues(database.db);
  if (settings.loadDemoData && (await isEmpty(database.db))) {
    logger.info(`Loading the demo accounts and ${settings.demoPopulationSize} simulated dogs (first start only)...`);
    const lab = await openLab(database.db, settings.lab);
    await loadDemoDataIfEmpty(database.db, { populationSize: settings.demoPopulationSize, lab, log: (message) => logger.info(message) });
    const pictures = await addDemoPictures(database.db, mediaStoreFor(settings.media));
    logger.info(`Drew profile pictures for the ${pictures} dogs of the demo accounts.`);
    // Statistics for the planner now, not whenever autovacuum gets round to the new rows.
    await database.db.raw('analyze');
    logger.info('Loaded the demo accounts (password demo1234).');
  }
}

/** Serves the site on settings.port from this process until SIGINT/SIGTERM. */
async function serve(settings: Settings, database: Database): Promise<void> {
  // The lab's panel and reference breeds take seconds of CPU to build: built before serving, not in the first upload's or pair prediction's request.
  await openLab(database.db, settings.lab);
  const app = createApp({ db: database.db, settings });
  const chatEvents = app.locals.chatEvents as ChatEvents;
  const server = app.listen(settings.port, () => {
    if (cluster.isPrimary) logger.info(`Listening on http://localhost:${settings.port}`);
  });
  // Tests build apps without them; `JOB_WORKER=false` leaves the jobs to `npm run worker`. Each
  // process may run workers: pg-boss hands each job to one.
  const transport = mailTransportFor(settings.mail);
  const jobWorkers = settings.jobWorkerInApp
    ? createJobWorkers(database.db, backgroundJobs({ db: database.db, settings, transport }), { log: (message) => logger.info(message) })
    : undefined;
  await jobWorkers?.start();

  const shutdown = () => {
    // Event streams never end by themselves; closing them lets the server close.
    void chatEvents.close();
    server.close(() => {
      Promise.resolve(jobWorkers?.stop())
        .then(() => transport.close())
        .then(() => profileViewRecorderOf(database.db).flush())
        .then(() => database.close())
        .finally(() => process.exit(0));
    });
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

/** Forks the workers, replaces one that dies, and stops them all on SIGINT/SIGTERM. */
function superviseWorkers(settings: Settings): void {
  let stopping = false;
  for (let i = 0; i < settings.webConcurrency; i++) cluster.fork();
  let listening = 0;
  cluster.on('listening', () => {
    if (++listening === settings.webConcurrency) logger.info(`Listening on http://localhost:${settings.port} (${settings.webConcurrency} processes)`);
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    logger.error(`Worker ${worker.process.pid} stopped (${signal ?? code}); starting another`);
    cluster.fork();
  });
  const stop = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    setTimeout(() => process.exit(0), 6000).unref();
    cluster.on('exit', () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

async function main() {
  const settings = loadSettings();
  configureLogger(settings);
  if (cluster.isWorker) {
    await serve(settings, await openDatabase({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir }));
    return;
  }
  // a deployed build (NODE_ENV=production) or the production host (spec 1 §9) serves only built browser code
  if ((settings.nodeEnv === 'production' || settings.isProduction) && !readManifest()) {
    throw new Error(`No browser build at ${MANIFEST_FILE}: run \`npm run build\` before starting in production`);
  }
  const database = await openDatabase({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir });
  await prepare(settings, database);
  if (settings.webConcurrency > 1 && database.kind !== 'postgres') {
    logger.warn(`WEB_CONCURRENCY=${settings.webConcurrency} ignored: the embedded PGlite database serves one process; set DATABASE_URL to use PostgreSQL for more.`);
  } else if (settings.webConcurrency > 1) {
    await database.close();
    superviseWorkers(settings);
    return;
  }
  await serve(settings, database);
}

main().catch((error) => {
  if (error instanceof MissingSettingError || error instanceof DataDirLockedError) {
    logger.fatal(error.message);
  } else {
    logger.fatal({ err: error }, 'start-up failed');
  }
  process.exit(1);
});
