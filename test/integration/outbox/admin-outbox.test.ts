// /admin/outbox (issue 15 point 3): admins only; lists messages and retries a dead one.
import { expect } from 'chai';
import request from 'supertest';
import type { Express } from 'express';
import { csrfToken, signIn, testApp, testSettings, type Agent } from '../../support/app.js';
import { testJobWorkers } from '../../support/jobs.js';
import { JOB_SCHEMA } from '../../../server/jobs/queue.js';
import type { Envelope, MailTransport } from '../../../server/mail/transport.js';
import { resetDatabase, testDb } from '../../support/database.js';
import { createUser, TEST_PASSWORD } from '../../support/factories.js';
import type { Db } from '../../../server/db/index.js';
import { queueEmail } from '../../../server/outbox/queue.js';
import { OUTBOX_NOT_DEAD, OUTBOX_RETRIED } from '../../../server/outbox/admin-routes.js';
import { NOT_AUTHORIZED } from '../../../server/shared/messages.js';

describe('/admin/outbox', () => {
  let db: Db;
  let app: Express;
  let admin: Agent;
  let deadId: number;
  let sentId: number;

  beforeEach(async () => {
    db = await testDb();
    await resetDatabase(db);
    app = await testApp();
    const adminUser = await createUser(db, { isAdmin: true });
    admin = await signIn(app, adminUser.email, TEST_PASSWORD);
    await queueEmail(db, { userId: null, to: 'dead@example.test', subject: 'Gave up on <this>', text: 'Hi' });
    await queueEmail(db, { userId: null, to: 'sent@example.test', subject: 'Went out', text: 'Hi' });
    [deadId, sentId] = (await db('outbox').orderBy('id').pluck('id')).map(Number);
    await db('outbox').where({ id: deadId }).update({ status: 'dead', attempts: 8, last_error: 'connect ECONNREFUSED 127.0.0.1:25' });
    await db('outbox').where({ id: sentId }).update({ status: 'sent', attempts: 1, sent_at: db.fn.now() });
    // their delivery jobs ended: the dead one's after its last try
    const deadJob = (await db('outbox').where({ id: deadId }).first('job_id')).job_id;
    await db(`${JOB_SCHEMA}.job`).update({ state: db.raw(`case when id = ? then 'failed'::${JOB_SCHEMA}.job_state else 'completed'::${JOB_SCHEMA}.job_state end`, [deadJob]), completed_on: db.fn.now() });
  });

  async function retry(agent: Agent, id: number | string, status: number) {
    const token = await csrfToken(agent, '/help');
    return agent.post(`/admin/outbox/${id}/retry`).type('form').send({ _csrf: token }).expect(status);
  }

  it('lists messages with status, tries and last error, escaped, and filters by status', async () => {
    const page = await admin.get('/admin/outbox').expect(200);
    expect(page.text).to.include(`data-outbox-id="${deadId}" data-outbox-status="dead"`);
    expect(page.text).to.include(`data-outbox-id="${sentId}" data-outbox-status="sent"`);
    expect(page.text).to.include('connect ECONNREFUSED 127.0.0.1:25');
    expect(page.text).to.include('Gave up on &lt;this&gt;');
    expect(page.text).to.include(`data-outbox-retry="${deadId}"`);
    expect(page.text).to.not.include(`data-outbox-retry="${sentId}"`);
    const dead = await admin.get('/admin/outbox?status=dead').expect(200);
    expect(dead.text).to.include(`data-outbox-id="${deadId}"`).and.not.include(`data-outbox-id="${sentId}"`);
    await admin.get('/admin/outbox?status=%3Cscript%3E').expect(200);
  });

  it('sends a dead message back to the queue with fresh tries', async () => {
    const response = await retry(admin, deadId, 303);
    expect(response.headers.location).to.equal(`/admin/outbox?retried=${deadId}`);
    expect((await admin.get(response.headers.location).expect(200)).text).to.include(OUTBOX_RETRIED);
    expect(await db('outbox').where({ id: deadId }).first('status', 'attempts')).to.deep.equal({ status: 'pending', attempts: 0 });
    const sent: Envelope[] = [];
    const transport: MailTransport = { describe: 'memory', close() {}, send: async (envelope) => void sent.push(envelope) };
    expect(await testJobWorkers(db, testSettings(), transport).runDue()).to.deep.equal({ done: 1, failed: 0 });
    expect(sent.map((envelope) => envelope.to)).to.deep.equal(['dead@example.test']);
    expect(await db('outbox').where({ id: deadId }).first('status', 'attempts')).to.deep.equal({ status: 'sent', attempts: 1 });
  });

  it('refuses to retry a message that is not dead, an unknown one and a malformed id, changing nothing', async () => {
    expect((await retry(admin, sentId, 409)).text).to.include(OUTBOX_NOT_DEAD);
    await retry(admin, 999999, 404);
    await retry(admin, '1%20or%201=1', 404);
    await retry(admin, '99999999999999999999', 404);
    expect(await db('outbox').orderBy('id').pluck('status')).to.deep.equal(['dead', 'sent']);
  });

  it('refuses everyone but admins, and a retry without the CSRF token', async () => {
    await request(app).get('/admin/outbox').expect(302).expect('Location', '/');
    const member = await createUser(db);
    const memberAgent = await signIn(app, member.email, TEST_PASSWORD);
    expect((await memberAgent.get('/admin/outbox').expect(403)).text).to.include(NOT_AUTHORIZED);
    await retry(memberAgent, deadId, 403);
    const staff = await createUser(db, { isStaff: true, canImpersonateAsSubAdmin: true });
    await (await signIn(app, staff.email, TEST_PASSWORD)).get('/admin/outbox').expect(403);
    await admin.post(`/admin/outbox/${deadId}/retry`).type('form').send({}).expect(403);
    expect(await db('outbox').where({ id: deadId }).first('status')).to.deep.equal({ status: 'dead' });
  });
});
