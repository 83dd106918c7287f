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
import { createOutboxWorker } from '../../../server/outbox/worker.js';
import { emlFileTransport, type Envelope, type MailTransport } from '../../../server/mail/transport.js';
import { queueResultsEmail } from '../../../server/lab/notices.js';
import { RESULTS_RELEASED } from '../../../server/mail/templates.js';

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

describe('outbox worker', () => {
  let db: Db;
  let mailDir: string;
  const settings = () => {
    const base = testSettings({ baseUrl: BASE_URL });
    return { ...base, mail: { ...base.mail, dir: mailDir, from: 'Embark Test <mail@example.test>' } };
  };

  beforeEach(async () => {
    db = await testDb();
    await resetDatabase(db);
    mailDir = await mkdtemp(path.join(os.tmpdir(), 'outbox-test-'));
  });

  afterEach(async () => {
    await rm(mailDir, { recursive: true, force: true });
  });

  it('writes each due message as a multipart .eml file with absolute links, marks it sent, and sends it only once', async () => {
    const owner = await createUser(db, { email: 'ann@example.test', name: 'Ann' });
    const petNum = await createPet(db, owner.id, { name: 'Biscuit' });
    await queueResultsEmail(db, petNum, 'SWAB000001');
    const worker = createOutboxWorker({ db, settings: settings(), transport: emlFileTransport(mailDir) });
    expect(await worker.drain()).to.deep.equal({ sent: 1, failed: 0, dead: 0 });
    expect(await worker.drain()).to.deep.equal({ sent: 0, failed: 0, dead: 0 });

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
  });

  it('queues no results notice for a dog whose owners opted out of communications', async () => {
    const owner = await createUser(db);
    const petNum = await createPet(db, owner.id);
    await db('pets').where({ pet_num: petNum }).update({ opt_out_of_communications: true });
    await queueResultsEmail(db, petNum, 'SWAB000002');
    expect(await db('outbox').where({ template: RESULTS_RELEASED })).to.have.length(0);
  });

  it('keeps a failed message pending with the error and a later try, then dead after the last try', async () => {
    await queueEmail(db, { userId: null, to: 'x@example.test', subject: 'Hello', text: 'Hi' });
    const failing = recordingTransport({ fail: () => '421 try again later' });
    const slow = createOutboxWorker({ db, settings: settings(), transport: failing, retry: { maxAttempts: 3, firstRetryDelayMs: 60_000, maxRetryDelayMs: 60_000 } });
    expect(await slow.drain()).to.deep.equal({ sent: 0, failed: 1, dead: 0 });
    const pending = await db('outbox').first('status', 'attempts', 'last_error', db.raw("next_attempt_at > now() + interval '50 seconds' as waits"));
    expect(pending).to.deep.equal({ status: 'pending', attempts: 1, last_error: '421 try again later', waits: true });
    expect(await slow.drain()).to.deep.equal({ sent: 0, failed: 0, dead: 0 }, 'nothing is due before the wait is over');

    const eager = createOutboxWorker({ db, settings: settings(), transport: failing, retry: { maxAttempts: 3, firstRetryDelayMs: 0, maxRetryDelayMs: 0 } });
    await db('outbox').update({ next_attempt_at: db.fn.now() });
    expect(await eager.drain()).to.deep.equal({ sent: 0, failed: 1, dead: 1 });
    expect(await db('outbox').first('status', 'attempts')).to.deep.equal({ status: 'dead', attempts: 3 });
    expect(await eager.drain()).to.deep.equal({ sent: 0, failed: 0, dead: 0 }, 'a dead message is not tried again');
    expect(failing.sent).to.have.length(0);
  });

  it('sends every message exactly once when two workers drain at the same time', async () => {
    for (let i = 0; i < 30; i++) await queueEmail(db, { userId: null, to: `r${i}@example.test`, subject: `Message ${i}`, text: 'Hi' });
    // neither worker sends its first message before the other has claimed one: they overlap
    let claimed = 0;
    let bothClaimed!: () => void;
    const overlap = new Promise<void>((resolve) => (bothClaimed = resolve));
    const meet = async () => {
      if (++claimed === 2) bothClaimed();
      await overlap;
    };
    const first = recordingTransport({ beforeSending: meet });
    const second = recordingTransport({ beforeSending: meet });
    const [a, b] = await Promise.all([
      createOutboxWorker({ db, settings: settings(), transport: first, batchSize: 3 }).drain(),
      createOutboxWorker({ db, settings: settings(), transport: second, batchSize: 3 }).drain(),
    ]);
    const ids = [...first.sent, ...second.sent].map((envelope) => envelope.outboxId).sort((x, y) => x - y);
    expect(ids).to.deep.equal(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(a.sent + b.sent).to.equal(30);
    const [{ count }] = await db('outbox').where({ status: 'sent' }).count('* as count');
    expect(Number(count)).to.equal(30);
  });

  it('takes over a message whose worker died while sending it, once its lease ran out', async () => {
    await queueEmail(db, { userId: null, to: 'y@example.test', subject: 'Hello', text: 'Hi' });
    await db('outbox').update({ status: 'sending', attempts: 1, next_attempt_at: db.raw("now() - interval '1 second'") });
    const transport = recordingTransport();
    expect(await createOutboxWorker({ db, settings: settings(), transport }).drain()).to.deep.equal({ sent: 1, failed: 0, dead: 0 });
    expect(await db('outbox').first('status', 'attempts')).to.deep.equal({ status: 'sent', attempts: 2 });
  });

  it('leaves a message another worker holds alone while its lease runs', async () => {
    await queueEmail(db, { userId: null, to: 'z@example.test', subject: 'Hello', text: 'Hi' });
    await db('outbox').update({ status: 'sending', attempts: 1, next_attempt_at: db.raw("now() + interval '5 minutes'") });
    const transport = recordingTransport();
    expect(await createOutboxWorker({ db, settings: settings(), transport }).drain()).to.deep.equal({ sent: 0, failed: 0, dead: 0 });
    expect(transport.sent).to.have.length(0);
  });

  it('drops the reset token from the row once the e-mail is sent', async () => {
    await queueEmail(db, { userId: null, to: 'r@example.test', subject: 'Reset', template: 'password-reset', payload: { token: 'b'.repeat(43), name: 'R' } });
    const transport = recordingTransport();
    await createOutboxWorker({ db, settings: settings(), transport }).drain();
    expect(transport.sent[0].text).to.include(`${BASE_URL}/reset-password/${'b'.repeat(43)}`);
    const row = await db('outbox').first('payload', 'status');
    expect(row).to.deep.equal({ status: 'sent', payload: { name: 'R' } });
  });
});
