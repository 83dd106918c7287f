import { expect } from 'chai';
import type { Express } from 'express';
import request from 'supertest';
import { csrfToken, signIn, testApp, type Agent } from '../../support/app.js';
import { resetDatabase, testDb } from '../../support/database.js';
import { createUser, TEST_PASSWORD } from '../../support/factories.js';
import { dogAwaitingResults, genotypeFile, testWorld } from '../../support/lab.js';
import { makeRetriesDue } from '../../support/jobs.js';
import { queuedUploadId, runLabIngestJobs } from '../../support/lab-uploads.js';
import type { Db } from '../../../server/db/index.js';
import { JOB_SCHEMA, jobBoss } from '../../../server/jobs/queue.js';
import { LAB_INGEST_JOB, LOST_UPLOAD } from '../../../server/lab/uploads.js';
import { RESULTS_RELEASED } from '../../../server/mail/templates.js';
import { COMPUTING_RESULTS, LAB_INGEST_RETRY_LIMIT, READING_THE_FILE, unexpectedFailure } from '../../../server/lab/ingest-job.js';

// Issue 34 §1: an upload at /admin/lab is stored with its `lab.ingest` job and answered at once;
// the job reads and ingests it, once, whatever happens to the workers on the way.
describe('lab.ingest jobs of admin uploads', function () {
  this.timeout(60_000);
  let app: Express;
  let db: Db;
  let admin: Agent;

  const job = (id: string) => db(`${JOB_SCHEMA}.job`).where({ name: LAB_INGEST_JOB, id }).first('state', 'retry_count');
  const upload = (id: number) => db('lab_uploads').where({ id }).first('status', 'progress', 'messages', 'errors', 'job_id', 'started_at', 'finished_at');
  const storedBytes = async (id: number) => Number((await db('lab_upload_files').where({ upload_id: id }).sum({ bytes: db.raw('octet_length(content)') }))[0].bytes ?? 0);
  const genotypes = async () => Number((await db('genotypes').count('* as c'))[0].c);

  async function post(content: string | Buffer, name: string, fields: Record<string, string> = {}) {
    const token = await csrfToken(admin, '/admin/lab');
    const req = admin.post('/admin/lab/upload').field('_csrf', token);
    for (const [field, value] of Object.entries(fields)) req.field(field, value);
    return queuedUploadId(await req.attach('files', Buffer.from(content), name));
  }

  async function postDogFile() {
    const { petNum, swabCode } = await dogAwaitingResults(db);
    const text = genotypeFile(testWorld().simulator.purebred('beagle', 'f'), swabCode);
    return { petNum, swabCode, text, id: await post(text, 'beagle.tsv') };
  }

  beforeEach(async () => {
    db = await testDb();
    await resetDatabase(db);
    app = await testApp();
    await createUser(db, { email: 'jobs-admin@example.test', isAdmin: true });
    await createUser(db, { email: 'jobs-plain@example.test' });
    admin = await signIn(app, 'jobs-admin@example.test', TEST_PASSWORD);
  });

  it('answers the upload with 303 before anything is ingested: the upload queued with its files and its job', async () => {
    const { petNum, swabCode, text, id } = await postDogFile();
    expect(await genotypes()).to.equal(0);
    expect((await db('swabs').where({ swab_code: swabCode }).first('swab_state')).swab_state).to.equal('activated');
    const row = await upload(id);
    expect(row).to.deep.include({ status: 'queued', progress: null, messages: [], errors: [], started_at: null, finished_at: null });
    expect(await storedBytes(id)).to.equal(Buffer.byteLength(text));
    expect(await job(row.job_id)).to.deep.include({ state: 'created' });

    const page = await admin.get(`/admin/lab?upload=${id}`).expect(200);
    expect(page.text).to.include(`data-widget="lab-upload-status"`).and.include('Queued: waiting for a job worker.');
    expect(page.text).to.include(`<a href="/admin/lab?upload=${id}">Check again</a>`);
    const state = await admin.get(`/admin/lab/uploads/${id}`).set('accept', 'application/json').expect(200);
    expect(state.body).to.deep.equal({ id, status: 'queued', progress: null, messages: [], errors: [] });

    expect(await runLabIngestJobs()).to.deep.equal({ done: 1, failed: 0 });
    const done = await upload(id);
    expect(done.status).to.equal('done');
    expect(done.finished_at).to.not.equal(null);
    expect(done.messages).to.have.length(1);
    expect(done.messages[0]).to.match(new RegExp(`^beagle.tsv: swab ${swabCode} released for dog ${petNum}, `));
    expect(await storedBytes(id), 'the file’s bytes go once it is ingested').to.equal(0);
    expect(await job(done.job_id)).to.deep.include({ state: 'completed' });
    const after = await admin.get(`/admin/lab/uploads/${id}`).set('accept', 'application/json').expect(200);
    expect(after.body).to.deep.include({ status: 'done', errors: [] });
    const outcome = await admin.get(`/admin/lab?upload=${id}`).expect(200);
    expect(outcome.text).to.not.include('data-widget="lab-upload-status"');
    expect(outcome.text).to.include(`<p class="form-ok" role="status">${done.messages[0]}</p>`);
  });

  it('shows the progress of a running upload and keeps the page following it', async () => {
    const { id } = await postDogFile();
    await db('lab_uploads').where({ id }).update({ status: 'running', progress: COMPUTING_RESULTS, started_at: db.fn.now() });
    const page = await admin.get(`/admin/lab?upload=${id}`).expect(200);
    expect(page.text).to.include(`Running: ${COMPUTING_RESULTS}…`).and.include('data-widget="lab-upload-status"');
    expect((await admin.get(`/admin/lab/uploads/${id}`).expect(200)).body).to.deep.include({ status: 'running', progress: COMPUTING_RESULTS });
  });

  it('runs a job again when its worker died, and ingests the file exactly once', async () => {
    const { swabCode, id } = await postDogFile();
    // a worker takes the job, marks the upload running and dies before its import commits
    const boss = jobBoss(db);
    const [taken] = await boss.fetch(LAB_INGEST_JOB);
    await db('lab_uploads').where({ id }).update({ status: 'running', progress: READING_THE_FILE, started_at: db.fn.now() });
    expect(await runLabIngestJobs()).to.deep.equal({ done: 0, failed: 0 }, 'nobody takes a job its worker still holds');

    await db(`${JOB_SCHEMA}.job`).where({ id: taken.id }).update({ started_on: db.raw("now() - interval '1 hour'") });
    await boss.expire();
    expect(await job(taken.id)).to.deep.include({ state: 'retry' });
    await makeRetriesDue(db);
    expect(await runLabIngestJobs()).to.deep.equal({ done: 1, failed: 0 });
    expect(await upload(id)).to.deep.include({ status: 'done', errors: [] });
    expect(await genotypes()).to.equal(1);
    expect((await db('swabs').where({ swab_code: swabCode }).first('swab_state')).swab_state).to.equal('released');
    expect(await db('outbox').where({ template: RESULTS_RELEASED }).count('* as c')).to.deep.equal([{ c: 1 }]);
    await makeRetriesDue(db);
    expect(await runLabIngestJobs()).to.deep.equal({ done: 0, failed: 0 });
  });

  it('ends an upload the lab refuses as failed, with the reason, and does not try it again', async () => {
    const id = await post('# swab: NOSUCHSWAB0001\nchr1_1\t1\t1\tAA\n', 'bad.tsv');
    expect(await runLabIngestJobs()).to.deep.equal({ done: 1, failed: 0 });
    const row = await upload(id);
    expect(row.status).to.equal('failed');
    expect(row.errors).to.have.length(1);
    expect(row.errors[0]).to.match(/^bad.tsv: line \d+: /);
    expect(await job(row.job_id)).to.deep.include({ state: 'completed' });
    expect(await storedBytes(id)).to.equal(0);
    await makeRetriesDue(db);
    expect(await runLabIngestJobs()).to.deep.equal({ done: 0, failed: 0 });
    const page = await admin.get(`/admin/lab?upload=${id}`).expect(200);
    expect(page.text).to.include(`<p class="form-error" role="alert">${row.errors[0]}</p>`);
  });

  it(`tries an upload again after an unexpected error, and marks it failed after ${LAB_INGEST_RETRY_LIMIT + 1} tries`, async () => {
    const { id } = await postDogFile();
    // a fault that is not the file's: its stored bytes are gone
    await db('lab_upload_files').where({ upload_id: id }).delete();
    expect(await runLabIngestJobs()).to.deep.equal({ done: 0, failed: 1 });
    const first = await upload(id);
    expect(first.status).to.equal('running');
    expect(first.progress).to.match(/^Try 1 failed \(upload \d+ has no files left to read\); it will be tried again shortly$/);
    expect(await job(first.job_id)).to.deep.include({ state: 'retry' });
    expect((await admin.get(`/admin/lab/uploads/${id}`).expect(200)).body).to.deep.include({ status: 'running', progress: first.progress });

    for (let attempt = 2; attempt <= LAB_INGEST_RETRY_LIMIT + 1; attempt++) {
      await makeRetriesDue(db);
      expect(await runLabIngestJobs()).to.deep.equal({ done: 0, failed: 1 });
    }
    const last = await upload(id);
    expect(last.status).to.equal('failed');
    expect(last.errors).to.deep.equal([unexpectedFailure(new Error(`upload ${id} has no files left to read`))]);
    expect(await job(last.job_id)).to.deep.include({ state: 'failed' });
    expect(await genotypes()).to.equal(0);
  });

  it('shows an upload whose worker was lost on the last try as failed', async () => {
    const { id } = await postDogFile();
    const boss = jobBoss(db);
    const [taken] = await boss.fetch(LAB_INGEST_JOB);
    await db('lab_uploads').where({ id }).update({ status: 'running', progress: READING_THE_FILE, started_at: db.fn.now() });
    await db(`${JOB_SCHEMA}.job`).where({ id: taken.id }).update({ retry_count: LAB_INGEST_RETRY_LIMIT, started_on: db.raw("now() - interval '1 hour'") });
    await boss.expire();
    expect(await job(taken.id)).to.deep.include({ state: 'failed' });
    const state = await admin.get(`/admin/lab/uploads/${id}`).expect(200);
    expect(state.body).to.deep.include({ status: 'failed', errors: [LOST_UPLOAD] });
    const page = await admin.get(`/admin/lab?upload=${id}`).expect(200);
    expect(page.text).to.include(`role="alert">${LOST_UPLOAD}`).and.not.include('data-widget="lab-upload-status"');
  });

  it('lets only admins read an upload’s status, and answers 404 for an unknown or malformed id', async () => {
    const { id } = await postDogFile();
    const plain = await signIn(app, 'jobs-plain@example.test', TEST_PASSWORD);
    await plain.get(`/admin/lab/uploads/${id}`).set('accept', 'application/json').expect(403);
    await plain.get(`/admin/lab?upload=${id}`).expect(403);
    await request(app).get(`/admin/lab/uploads/${id}`).set('accept', 'application/json').expect(401);
    await request(app).get(`/admin/lab?upload=${id}`).expect(302);
    for (const bad of [String(id + 1), 'x1', '0', '1e3', '99999999999']) {
      const response = await admin.get(`/admin/lab/uploads/${bad}`).set('accept', 'application/json').expect(404);
      expect(response.body).to.deep.equal({ error: 'No such upload' });
      const page = await admin.get(`/admin/lab?upload=${encodeURIComponent(bad)}`).expect(404);
      expect(page.text).to.include('role="alert">No such upload.');
    }
  });
});
