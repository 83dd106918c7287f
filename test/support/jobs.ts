// The job queue in tests: installed with the schema (the template database, or each PGlite), and
// workers that run the due jobs at once with the transport a test gives.
import { loadSettings, type Settings } from '../../server/settings.js';
import type { Db } from '../../server/db/index.js';
import { installJobQueue, JOB_SCHEMA } from '../../server/jobs/queue.js';
import { createJobWorkers, type JobWorkers } from '../../server/jobs/workers.js';
import { backgroundJobs } from '../../server/background-jobs.js';
import type { MailTransport } from '../../server/mail/transport.js';

const unusedTransport: MailTransport = {
  describe: 'none',
  close() {},
  send: () => Promise.reject(new Error('this test sends no e-mail')),
};

export async function installTestJobQueue(db: Db): Promise<void> {
  const settings = loadSettings({ NODE_ENV: 'test', SESSION_SECRET: 'test-secret' });
  await installJobQueue(db, backgroundJobs({ db, settings, transport: unusedTransport }));
}

/** Workers of every kind of job, for `runDue`; e-mail goes to `transport`. */
export function testJobWorkers(db: Db, settings: Settings, transport: MailTransport = unusedTransport): JobWorkers {
  return createJobWorkers(db, backgroundJobs({ db, settings, transport }));
}

/**
 * Retries wait (with back-off): a test that means to try again now makes them due. pg-boss takes a
 * job whose start_after is strictly before its fetch's now(), which on a fast database can be the
 * same microsecond as this update's: a second back leaves no tie.
 */
export async function makeRetriesDue(db: Db): Promise<void> {
  await db.raw(`update ${JOB_SCHEMA}.job set start_after = now() - interval '1 second' where state = 'retry'`);
}

/** Jobs left by earlier tests go with the rest of the data. */
export async function clearJobs(db: Db): Promise<void> {
  await db.raw(`delete from ${JOB_SCHEMA}.job`);
}
