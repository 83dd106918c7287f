import { expect } from 'chai';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { resetDatabase, testDb } from '../../support/database.js';
import { createPet, createUser } from '../../support/factories.js';
import { testSettings } from '../../support/app.js';
import type { Db } from '../../../server/db/index.js';
import { queueEmail } from '../../../server/outbox/queue.js';
import { JOB_SCHEMA, jobBoss } from '../../../server/jobs/queue.js';
import { EMAIL_JOB } from '../../../server/outbox/queue.js';
import { makeRetriesDue, testJobWorkers } from '../../support/jobs.js';
import { emlFileTransport, type Envelope, type MailTransport } from '../../../server/mail/transport.js';
import { queueResultsEmail } from '../../../server/lab/notices.js';
import { RESULTS_RELEASED } from '../../../server/mail/templates.js';
import { MAX_DELIVERY_ATTEMPTS } from '../../../server/outbox/rules.js';

const BASE_URL = 'https://members.example.test';

function recordingTransport(options: { fail?: (envelope: Envelope) => string | undefined; beforeSending?: () => Promise<void> } = {}): MailTransport & { sent: Envelope[] } {
  const sent: Envelope[] = [];
  return {
    sent,
    describe: 'memory',
    close() {},
    async send(envelope) {
      await options.beforeSending?.();
      const failure = options.fail?.(envelope);
      if (failure) throw new Error(failure);
      sent.push(envelope);
    },
  };
}

describe('e-mail delivery jobs', () => {
  let db: Db;
  let mailDir: string;
  const settings = () => {
    const base = testSettings({ baseUrl: BASE_URL });
    return { ...base, mail: { ...base.mail, dir: mailDir, from: 'Embark Test <mail@example.test>' } };
  };
  const workers = (transport: MailTransport) => testJobWorkers(db, settings(), transport);
  const emailJobs = () => db(`${JOB_SCHEMA}.job`).where({ name: EMAIL_JOB }).orderBy('created_on').select('id', 'state', 'retry_count', db.raw("start_after > now() + interval '25 seconds' as waits"));

  beforeEach(async () => {
    db = await testDb();
    await resetDatabase(db);
    mailDir = await mkdtemp(path.join(os.tmpdir(), 'outbox-test-'));
  });

  afterEach(async () => {
    await rm(mailDir, { recursive: true, force: true });
  });

  it('writes each message as a multipart .eml file with absolute links, marks it sent, and sends it only once', async () => {
    const owner = await createUser(db, { email: 'ann@example.test', name: 'Ann' });
    const petNum = await createPet(db, owner.id, { name: 'Biscuit' });
    await queueResultsEmail(db, petNum, 'SWAB000001');
    const worker = workers(emlFileTransport(mailDir));
    expect(await worker.runDue()).to.deep.equal({ done: 1, failed: 0 });
    expect(await worker.runDue()).to.deep.equal({ done: 0, failed: 0 });

    const files = await readdir(mailDir);
    expect(files).to.have.length(1);
    const parsed = await simpleParser(await readFile(path.join(mailDir, files[0])));
    expect(parsed.from?.value[0]).to.deep.include({ name: 'Embark Test', address: 'mail@example.test' });
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.value[0].address : null).to.equal('ann@example.test');
    expect(parsed.subject).to.equal("Biscuit's DNA results are ready");
    expect(parsed.text).to.include(`${BASE_URL}/members/results/summary?i=${petNum}`);
    expect(parsed.html).to.include(`href="${BASE_URL}/members/results/summary?i=${petNum}"`);
    const row = await db('outbox').first('status', 'attempts', 'sent_at', 'last_error');
    expect(row).to.deep.include({ status: 'sent', attempts: 1, last_error: null });
    expect(row.sent_at).to.not.equal(null);
    expect((await emailJobs()).map((job) => job.state)).to.deep.equal(['completed']);
  });

  it('queues the message and its job with the change, and neither when the change is rolled back', async () => {
    const rolledBack = db.transaction(async (trx) => {
      await queueEmail(trx, { userId: null, to: 'gone@example.test', subject: 'Never', text: 'Hi' });
      throw new Error('the change failed');
    });
    await rolledBack.catch(() => undefined);
    expect(await db('outbox').select('id')).to.have.length(0);
    expect(await emailJobs()).to.have.length(0);
    await db.transaction((trx) => queueEmail(trx, { userId: null, to: 'kept@example.test', subject: 'Kept', text: 'Hi' }));
    const [message] = await db('outbox').select('id', 'job_id');
    const [job] = await emailJobs();
    expect(job).to.deep.include({ id: message.job_id, state: 'created' });
  });

  it('queues no results notice for a dog whose owners opted out of communications', async () => {
    const owner = await createUser(db);
    const petNum = await createPet(db, owner.id);
    await db('pets').where({ pet_num: petNum }).update({ opt_out_of_communications: true });
    await queueResultsEmail(db, petNum, 'SWAB000002');
    expect(await db('outbox').where({ template: RESULTS_RELEASED })).to.have.length(0);
    expect(await emailJobs()).to.have.length(0);
  });

  it(`keeps a failed message pending with the error until a later try, and dead after the ${MAX_DELIVERY_ATTEMPTS}th`, async () => {
    await queueEmail(db, { userId: null, to: 'x@example.test', subject: 'Hello', text: 'Hi' });
    const failing = recordingTransport({ fail: () => '421 try again later' });
    const worker = workers(failing);
    expect(await worker.runDue()).to.deep.equal({ done: 0, failed: 1 });
    expect(await db('outbox').first('status', 'attempts', 'last_error')).to.deep.equal({ status: 'pending', attempts: 1, last_error: '421 try again later' });
    expect(await emailJobs()).to.deep.include.members([{ id: (await db('outbox').first('job_id')).job_id, state: 'retry', retry_count: 0, waits: true }]);
    expect(await worker.runDue()).to.deep.equal({ done: 0, failed: 0 }, 'nothing is due before the wait is over');

    for (let attempt = 2; attempt <= MAX_DELIVERY_ATTEMPTS; attempt++) {
      await makeRetriesDue(db);
      expect(await worker.runDue()).to.deep.equal({ done: 0, failed: 1 });
    }
    expect(await db('outbox').first('status', 'attempts')).to.deep.equal({ status: 'dead', attempts: MAX_DELIVERY_ATTEMPTS });
    expect((await emailJobs()).map((job) => job.state)).to.deep.equal(['failed']);
    await makeRetriesDue(db);
    expect(await worker.runDue()).to.deep.equal({ done: 0, failed: 0 }, 'a dead message is not tried again');
    expect(failing.sent).to.have.length(0);
  });

  it('sends every message exactly once when two workers run at the same time', async () => {
    for (let i = 0; i < 30; i++) await queueEmail(db, { userId: null, to: `r${i}@example.test`, subject: `Message ${i}`, text: 'Hi' });
    // neither worker sends its first message before the other has taken one: they overlap
    let taken = 0;
    let bothTook!: () => void;
    const overlap = new Promise<void>((resolve) => (bothTook = resolve));
    const meet = async () => {
      if (++taken === 2) bothTook();
      await overlap;
    };
    const first = recordingTransport({ beforeSending: meet });
    const second = recordingTransport({ beforeSending: meet });
    const [a, b] = await Promise.all([workers(first).runDue(), workers(second).runDue()]);
    const ids = [...first.sent, ...second.sent].map((envelope) => envelope.outboxId).sort((x, y) => x - y);
    expect(ids).to.deep.equal(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(a.done + b.done).to.equal(30);
    expect(first.sent.length).to.be.above(0);
    expect(second.sent.length).to.be.above(0);
    const [{ count }] = await db('outbox').where({ status: 'sent' }).count('* as count');
    expect(Number(count)).to.equal(30);
  });

  it('tries a message again when its worker died while sending it, once the job expired', async () => {
    await queueEmail(db, { userId: null, to: 'y@example.test', subject: 'Hello', text: 'Hi' });
    // a worker takes the job and dies before it ends
    const boss = jobBoss(db);
    const [job] = await boss.fetch(EMAIL_JOB);
    await db('outbox').update({ status: 'sending', attempts: 1 });
    const transport = recordingTransport();
    expect(await workers(transport).runDue()).to.deep.equal({ done: 0, failed: 0 }, 'nobody takes a job its worker still holds');

    await db(`${JOB_SCHEMA}.job`).where({ id: job.id }).update({ started_on: db.raw("now() - interval '1 hour'") });
    await boss.expire();
    await makeRetriesDue(db);
    expect(await workers(transport).runDue()).to.deep.equal({ done: 1, failed: 0 });
    expect(await db('outbox').first('status', 'attempts')).to.deep.equal({ status: 'sent', attempts: 2 });
    expect(transport.sent).to.have.length(1);
  });

  it('drops the reset token from the row once the e-mail is sent', async () => {
    await queueEmail(db, { userId: null, to: 'r@example.test', subject: 'Reset', template: 'password-reset', payload: { token: 'b'.repeat(43), name: 'R' } });
    const transport = recordingTransport();
    await workers(transport).runDue();
    expect(transport.sent[0].text).to.include(`${BASE_URL}/reset-password/${'b'.repeat(43)}`);
    const row = await db('outbox').first('payload', 'status');
    expect(row).to.deep.equal({ status: 'sent', payload: { name: 'R' } });
  });
});
