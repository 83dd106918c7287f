// Uploads at /admin/lab are ingested by `lab.ingest` jobs: tests post the form, run the jobs a
// worker would run right after, and read the page of the upload, as the admin would see it.
import { expect } from 'chai';
import type request from 'supertest';
import { testSettings, type Agent } from './app.js';
import { testDb } from './database.js';
import { testJobWorkers } from './jobs.js';
import { LAB_INGEST_JOB } from '../../server/lab/uploads.js';

/** Runs the `lab.ingest` jobs due now. */
export async function runLabIngestJobs(): Promise<{ done: number; failed: number }> {
  return testJobWorkers(await testDb(), testSettings()).runDue([LAB_INGEST_JOB]);
}

/** The id of the upload a POST queued, from its 303 to the page of the upload. */
export function queuedUploadId(posted: request.Response): number {
  expect(posted.status, posted.text?.match(/role="alert">([^<]*)/)?.[1]).to.equal(303);
  const id = /^\/admin\/lab\?upload=(\d+)$/.exec(posted.headers.location ?? '')?.[1];
  expect(id, posted.headers.location).to.be.a('string');
  return Number(id);
}

/** The page of a posted upload once its job has run: what the admin sees of the import. */
export async function uploadOutcome(agent: Agent, posted: request.Response): Promise<request.Response> {
  const id = queuedUploadId(posted);
  await runLabIngestJobs();
  return agent.get(`/admin/lab?upload=${id}`).expect(200);
}
