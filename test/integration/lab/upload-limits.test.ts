import { expect } from 'chai';
import type { Express } from 'express';
import request from 'supertest';
import { gzipSync, zipSync, strToU8 } from 'fflate';
import { csrfToken, signIn, testApp } from '../../support/app.js';
import { resetDatabase, testDb } from '../../support/database.js';
import { createUser, TEST_PASSWORD } from '../../support/factories.js';
import { dogAwaitingResults } from '../../support/lab.js';
import { MAX_UPLOAD_FILE_BYTES } from '../../../server/lab/admin-routes.js';
import { UNZIP_LIMITS } from '../../../server/lab/unzip.js';
import { queuedUploadId, runLabIngestJobs } from '../../support/lab-uploads.js';

// Multer's limits refuse an upload in its request; what the files hold is refused by the upload's
// `lab.ingest` job, whose outcome the page of the upload shows.
describe('admin lab upload limits', function () {
  this.timeout(300_000);
  let app: Express;

  before(async () => {
    const db = await testDb();
    await resetDatabase(db);
    app = await testApp();
    await createUser(db, { email: 'limits@example.test', isAdmin: true });
  });

  async function post(attach: (req: request.Test) => request.Test, swabCode?: string) {
    const agent = await signIn(app, 'limits@example.test', TEST_PASSWORD);
    const token = await csrfToken(agent, '/admin/lab');
    const req = agent.post('/admin/lab/upload').field('_csrf', token);
    if (swabCode) req.field('swabCode', swabCode);
    return attach(req);
  }

  /** Posts an upload the request accepts; its job runs (with `meanwhile`), and the page of the upload is read. */
  async function upload(attach: (req: request.Test) => request.Test, swabCode: string, meanwhile: () => Promise<unknown> = async () => {}) {
    const agent = await signIn(app, 'limits@example.test', TEST_PASSWORD);
    const token = await csrfToken(agent, '/admin/lab');
    const id = queuedUploadId(await attach(agent.post('/admin/lab/upload').field('_csrf', token).field('swabCode', swabCode)));
    await Promise.all([runLabIngestJobs(), meanwhile()]);
    return agent.get(`/admin/lab?upload=${id}`).expect(200);
  }

  async function nothingChanged(swabCode: string) {
    const db = await testDb();
    expect(await db('genotypes').count('* as c')).to.deep.equal([{ c: 0 }]);
    expect((await db('swabs').where({ swab_code: swabCode }).first()).swab_state).to.equal('activated');
    expect(await db('lab_uploads').whereNotIn('status', ['failed']).count('* as c')).to.deep.equal([{ c: 0 }], 'every upload queued was refused by its job');
  }

  /** Multer's refusals answer in the request: no upload is stored, no job queued. */
  async function nothingQueued(swabCode: string) {
    const db = await testDb();
    expect(await db('lab_uploads').where({ swab_code: swabCode }).count('* as c')).to.deep.equal([{ c: 0 }]);
    await nothingChanged(swabCode);
  }

  it('answers a file over 64 MB with 413 and a clear message', async () => {
    const { swabCode } = await dogAwaitingResults(await testDb());
    const response = await post((req) => req.attach('files', Buffer.alloc(65 * 1024 * 1024, 65), 'huge.tsv'), swabCode);
    expect(response.status).to.equal(413);
    expect(response.text).to.include(`A file is larger than ${MAX_UPLOAD_FILE_BYTES / 1024 / 1024} MB`);
    await nothingQueued(swabCode);
  });

  it('answers more than three files (a .bed/.bim/.fam set is the most) with 400', async () => {
    const { swabCode } = await dogAwaitingResults(await testDb());
    const response = await post((req) => req.attach('files', Buffer.from('a'), 'a.bed').attach('files', Buffer.from('b'), 'a.bim').attach('files', Buffer.from('c'), 'a.fam').attach('files', Buffer.from('d'), 'notes.txt'), swabCode);
    expect(response.status).to.equal(400);
    expect(response.text).to.include('Upload at most 3 files: one TSV, one archive, or one PLINK export (.tped/.tfam, .ped/.map or .bed/.bim/.fam).');
    await nothingQueued(swabCode);
  });

  it('answers a body cut short or without its boundary with 400 and the reason, not a server error', async () => {
    const { swabCode } = await dogAwaitingResults(await testDb());
    const agent = await signIn(app, 'limits@example.test', TEST_PASSWORD);
    const token = await csrfToken(agent, '/admin/lab');
    const boundary = 'qa-boundary';
    const start = `--${boundary}\r\nContent-Disposition: form-data; name="_csrf"\r\n\r\n${token}\r\n--${boundary}\r\nContent-Disposition: form-data; name="swabCode"\r\n\r\n${swabCode}\r\n`;
    const cut = await agent.post('/admin/lab/upload').set('content-type', `multipart/form-data; boundary=${boundary}`)
      .send(`${start}--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="dog.tsv"\r\n\r\n# swab: ${swabCode}\nmarker`);
    expect(cut.status).to.equal(400);
    expect(cut.text).to.include('The upload could not be read (Unexpected end of form).');
    const noBoundary = await agent.post('/admin/lab/upload').set('x-csrf-token', token).set('content-type', 'multipart/form-data').send(`${start}--${boundary}--\r\n`);
    expect(noBoundary.status).to.equal(400);
    await nothingQueued(swabCode);
  });

  it('refuses a zip bomb by what it really unzips to, and keeps answering other requests while it unzips', async () => {
    const { swabCode } = await dogAwaitingResults(await testDb());
    const bomb = zipSync({ 'dog.tped': new Uint8Array(UNZIP_LIMITS.maxUnzippedBytes + 1024 * 1024), 'dog.tfam': strToU8('F I 0 0 1 -9\n') }, { level: 9 });
    expect(bomb.length).to.be.below(1024 * 1024);
    const order: string[] = [];
    // the server answers while its job worker unzips the bomb
    let healthStatus = 0;
    const health = () =>
      request(app)
        .get('/healthz')
        .then((response) => {
          healthStatus = response.status;
          order.push('health');
        });
    const response = await upload((req) => req.attach('files', Buffer.from(bomb), 'bomb.zip'), swabCode, health);
    order.push('upload');
    expect(healthStatus).to.equal(200);
    expect(response.text).to.include(`role="alert">bomb.zip: refused, more than ${UNZIP_LIMITS.maxUnzippedBytes / 1024 / 1024} MB once unzipped`);
    expect(order).to.deep.equal(['health', 'upload']);
    await nothingChanged(swabCode);
  });

  it('names the whole upload\u2019s limit when a zip inside a zip goes over it', async () => {
    const { swabCode } = await dogAwaitingResults(await testDb());
    const inner = zipSync({ 'dog.tped': new Uint8Array(UNZIP_LIMITS.maxUnzippedBytes / 2), 'dog.tfam': strToU8('F I 0 0 1 -9\n') }, { level: 9 });
    const outer = zipSync({ 'a.zip': inner, 'b.zip': inner, 'c.zip': inner }, { level: 0 });
    const response = await upload((req) => req.attach('files', Buffer.from(outer), 'nested.zip'), swabCode);
    expect(response.text).to.match(new RegExp(`refused, more than ${UNZIP_LIMITS.maxUnzippedBytes / 1024 / 1024} MB once unzipped`));
    await nothingChanged(swabCode);
  });

  it('refuses a gzip bomb by what it really unpacks to', async () => {
    const { swabCode } = await dogAwaitingResults(await testDb());
    const bomb = gzipSync(new Uint8Array(UNZIP_LIMITS.maxUnzippedBytes + 1024 * 1024), { level: 9 });
    expect(bomb.length).to.be.below(1024 * 1024);
    const response = await upload((req) => req.attach('files', Buffer.from(bomb), 'dog.tped.gz').attach('files', Buffer.from('F I 0 0 1 -9\n'), 'dog.tfam'), swabCode);
    expect(response.text).to.include(`dog.tped.gz: refused, more than ${UNZIP_LIMITS.maxUnzippedBytes / 1024 / 1024} MB once unpacked`);
    await nothingChanged(swabCode);
  });

  it('refuses a zip of too many entries, and a file that is not a zip', async () => {
    const { swabCode } = await dogAwaitingResults(await testDb());
    const many = zipSync(Object.fromEntries(Array.from({ length: UNZIP_LIMITS.maxEntries + 1 }, (_, i) => [`note${i}.txt`, strToU8('x')])));
    const crowded = await upload((req) => req.attach('files', Buffer.from(many), 'many.zip'), swabCode);
    expect(crowded.text).to.include(`many.zip: refused, more than ${UNZIP_LIMITS.maxEntries} files in the zip`);
    const broken = await upload((req) => req.attach('files', Buffer.from('this is not a zip at all'), 'broken.zip'), swabCode);
    expect(broken.text).to.include('broken.zip: not a readable zip');
    await nothingChanged(swabCode);
  });
});
