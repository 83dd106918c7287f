// Every kind of background work the site has, with what each needs: the one list the app's own
// worker, `npm run worker` and the queue's installation read.
import type { Db } from './db/index.js';
import type { Settings } from './settings.js';
import type { JobDefinition } from './jobs/queue.js';
import type { MailTransport } from './mail/transport.js';
import { emailDeliveryJob } from './outbox/delivery-job.js';
import { mediaSweepJobs } from './media/sweep-jobs.js';
import { mediaStoreFor } from './media/store.js';
import { labIngestJob } from './lab/ingest-job.js';
import { relativeMatchingJob } from './lab/relatives-job.js';

export interface BackgroundJobsOptions {
  db: Db;
  settings: Settings;
  transport: MailTransport;
}

export function backgroundJobs({ db, settings, transport }: BackgroundJobsOptions): JobDefinition[] {
  return [emailDeliveryJob({ db, settings, transport }), relativeMatchingJob(db, settings.lab), ...mediaSweepJobs(db, mediaStoreFor(settings.media)), labIngestJob({ db, settings })];
}
