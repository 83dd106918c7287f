import { expect } from 'chai';
import request from 'supertest';
import type { Express } from 'express';
import { csrfToken, signIn, testApp, testSettings, TEST_LAB_OPTIONS } from '../../support/app.js';
import { resetDatabase, testDb } from '../../support/database.js';
import { TestSmtpServer, linksIn } from '../../support/smtp.js';
import { dogAwaitingResults, genotypeFile, testLab, testWorld } from '../../support/lab.js';
import { member, startConversation } from '../chat/helpers.js';
import type { Db } from '../../../server/db/index.js';
import { ingestGenotypeFile } from '../../../server/lab/ingest.js';
import type { JobWorkers } from '../../../server/jobs/workers.js';
import { EMAIL_JOB } from '../../../server/outbox/queue.js';
import { makeRetriesDue, testJobWorkers } from '../../support/jobs.js';
import { smtpTransport } from '../../../server/mail/transport.js';
import { RESET_DONE, RESET_EMAIL_SUBJECT } from '../../../server/shared/messages.js';
import { TEST_PASSWORD } from '../../support/factories.js';
import { PopulationSimulator } from '../../../server/genetics/simulate/simulator.js';

const BASE_URL = 'http://members.example.test';

/** The site path of an absolute link, after checking it points at BASE_URL. */
function sitePath(link: string): string {
  expect(link.startsWith(`${BASE_URL}/`), link).to.equal(true);
  return link.slice(BASE_URL.length);
}

async function askForReset(app: Express, email: string): Promise<void> {
  const agent = request.agent(app);
  const token = await csrfToken(agent, '/forgot-password');
  await agent.post('/forgot-password').type('form').send({ email, _csrf: token }).expect(200);
}

describe('e-mail through a real SMTP server', function () {
  this.timeout(90_000);
  let db: Db;
  let app: Express;
  let smtp: TestSmtpServer;
  let worker: JobWorkers;

  beforeEach(async () => {
    db = await testDb();
    await resetDatabase(db);
    app = await testApp({ baseUrl: BASE_URL });
    smtp = new TestSmtpServer();
    await smtp.start();
  });

  afterEach(async () => {
    await worker?.stop();
    await smtp.stop();
  });

  // a failed try waits: only the test makes a retry due (makeRetriesDue)
  function startWorker() {
    worker = testJobWorkers(db, testSettings({ baseUrl: BASE_URL }), smtpTransport(smtp.url));
    return worker;
  }

  it('delivers the results-ready, chat and password-reset e-mails once each, with absolute links that work', async () => {
    const lab = await testLab(db);
    const { petNum, swabCode, owner } = await dogAwaitingResults(db, { ownerEmail: 'owner@example.test', name: 'Biscuit' });
    // A simulator of its own (the shared one's breeds, its own matings), so the dog drawn, and whether
    // the lab releases it, does not depend on which tests drew dogs before.
    const simulator = new PopulationSimulator({ panel: testWorld().panel, seed: TEST_LAB_OPTIONS.seed });
    const report = await ingestGenotypeFile(db, lab, { fileName: 'biscuit.tsv', text: genotypeFile(simulator.purebred('beagle', 'f'), swabCode) });
    expect(report.status, 'the results are released, so their e-mail is queued').to.equal('released');
    const ann = await member(app, db, { petName: 'Rex', name: 'Ann Sender' });
    const bob = await member(app, db, { petName: 'Luna' });
    await startConversation(ann, bob.petHandle!);
    await askForReset(app, owner.email);
    await askForReset(app, 'nobody@example.test');

    // four e-mail jobs: the reset asked for an unknown address has one too, which finds no message to send
    expect(await startWorker().runDue([EMAIL_JOB])).to.deep.equal({ done: 4, failed: 0 });
    expect(await worker.runDue([EMAIL_JOB])).to.deep.equal({ done: 0, failed: 0 });
    expect(smtp.received.map((mail) => mail.subject).sort()).to.deep.equal(["Biscuit's DNA results are ready", 'New message from Ann Sender', RESET_EMAIL_SUBJECT].sort());
    for (const mail of smtp.received) {
      expect(mail.html, `${mail.subject} has an HTML part`).to.be.a('string').and.include('<a href="http://members.example.test/');
      expect(mail.text, `${mail.subject} has a text part`).to.include(BASE_URL);
    }
    const bySubject = (subject: string) => smtp.received.find((mail) => mail.subject === subject)!;
    const recipient = (subject: string) => {
      const to = bySubject(subject).to;
      return to && !Array.isArray(to) ? to.value[0].address : undefined;
    };
    expect(recipient("Biscuit's DNA results are ready")).to.equal(owner.email);
    expect(recipient('New message from Ann Sender')).to.equal(bob.email);
    expect(recipient(RESET_EMAIL_SUBJECT)).to.equal(owner.email);
    // mail clients offer a way out of the e-mails one may turn off, not of a password reset
    expect(bySubject('New message from Ann Sender').headers.get('list')).to.deep.include({ unsubscribe: { url: `${BASE_URL}/members/profile` } });
    expect(bySubject(RESET_EMAIL_SUBJECT).headers.has('list')).to.equal(false);

    const ownerAgent = await signIn(app, owner.email, TEST_PASSWORD);
    const resultsLink = linksIn(bySubject("Biscuit's DNA results are ready")).find((link) => link.includes('/results/'))!;
    expect(sitePath(resultsLink)).to.equal(`/members/results/summary?i=${petNum}`);
    expect((await ownerAgent.get(sitePath(resultsLink)).expect(200)).text).to.include('Biscuit');

    const chatLink = linksIn(bySubject('New message from Ann Sender')).find((link) => link.includes('/messages'))!;
    expect((await bob.agent.get(sitePath(chatLink)).expect(200)).text).to.include('Ann Sender');

    const resetLink = linksIn(bySubject(RESET_EMAIL_SUBJECT)).find((link) => link.includes('/reset-password/'))!;
    const visitor = request.agent(app);
    const form = await visitor.get(sitePath(resetLink)).expect(200);
    const token = form.text.match(/name="_csrf" value="([^"]+)"/)![1];
    const done = await visitor.post(sitePath(resetLink)).type('form').send({ password: 'brand-new-pass', _csrf: token }).expect(200);
    expect(done.text).to.include(RESET_DONE);
    await signIn(app, owner.email, 'brand-new-pass');
    await ownerAgent.get('/members').expect(302).expect('Location', '/');
  });

  /** The back-off's wait, passed at once: every waiting message is due now. */
  const retriesComeDue = () => makeRetriesDue(db);

  it('keeps e-mail queued while the SMTP server refuses or is down, and delivers each once when it is back', async () => {
    const users = [];
    for (const name of ['one', 'two', 'three']) {
      const m = await member(app, db, { name: `User ${name}` });
      users.push(m);
    }
    await askForReset(app, users[0].email);
    startWorker();
    expect(await worker.runDue()).to.deep.equal({ done: 1, failed: 0 });

    await askForReset(app, users[1].email);
    smtp.refuse = true;
    expect(await worker.runDue()).to.deep.equal({ done: 0, failed: 1 });
    const refused = await db('outbox').where({ to_address: users[1].email }).first('status', 'last_error');
    expect(refused.status).to.equal('pending');
    expect(refused.last_error).to.include('451');

    await smtp.stop();
    await askForReset(app, users[2].email);
    await retriesComeDue();
    expect(await worker.runDue()).to.deep.equal({ done: 0, failed: 2 });
    const waiting = await db('outbox').where({ status: 'pending' }).orderBy('id').select('to_address', 'last_error');
    expect(waiting.map((row) => row.to_address)).to.deep.equal([users[1].email, users[2].email]);
    expect(waiting[1].last_error).to.match(/ECONNREFUSED|connect/i);

    smtp.refuse = false;
    await smtp.start();
    await retriesComeDue();
    expect(await worker.runDue()).to.deep.equal({ done: 2, failed: 0 });
    const recipients = smtp.received.map((mail) => (mail.to && !Array.isArray(mail.to) ? mail.to.value[0].address : ''));
    expect(recipients.sort()).to.deep.equal(users.map((user) => user.email).sort());
    expect(await db('outbox').whereNot({ status: 'sent' })).to.have.length(0);
  });
});
