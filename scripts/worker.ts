// npm run worker [-- --once]
// Runs the background jobs (server/background-jobs.ts) in a process of its own: run any number
// beside the app on PostgreSQL (set JOB_WORKER=false on the app to leave the jobs to them). With
// --once it runs the jobs due now and exits. The embedded database serves one process, so there
// the app's own worker does the jobs.
import { loadSettings, MissingSettingError } from '../server/settings.js';
import { openDatabase } from '../server/db/index.js';
import { DataDirLockedError } from '../server/db/lock.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { installJobQueue } from '../server/jobs/queue.js';
import { createJobWorkers } from '../server/jobs/workers.js';
import { backgroundJobs } from '../server/background-jobs.js';
import { mailTransportFor } from '../server/mail/transport.js';
import { openLab } from '../server/lab/lab.js';

async function main() {
  const settings = loadSettings();
  const database = await openDatabase({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir });
  await migrateToLatest(database.db);
  const transport = mailTransportFor(settings.mail);
  const jobs = backgroundJobs({ db: database.db, settings, transport });
  await installJobQueue(database.db, jobs);
  // the lab's panel and reference breeds are built before the first ingest, not in it
  await openLab(database.db, settings.lab);
  const workers = createJobWorkers(database.db, jobs, { log: (message) => console.log(message) });
  const close = async () => {
    await workers.stop();
    transport.close();
    await database.close();
  };
  if (process.argv.includes('--once')) {
    const result = await workers.runDue();
    console.log(`Jobs: ${result.done} done, ${result.failed} failed (e-mail through ${transport.describe}).`);
    await close();
    return;
  }
  await workers.start();
  const shutdown = () => {
    close().finally(() => process.exit(0));
    setTimeout(() => process.exit(0), 15_000).unref();
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error) => {
  if (error instanceof MissingSettingError || error instanceof DataDirLockedError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
