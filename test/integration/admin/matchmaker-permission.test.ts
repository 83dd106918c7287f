// An admin turns a user's matchmaker (permissions.showMatchMaker) on or off from the users table:
// admins only, bad input refused with nothing changed, each change recorded, and a grant starts
// working out the offspring COIs of the user's tested dogs in the background (issue 14).
import { expect } from 'chai';
import request from 'supertest';
import type { Express } from 'express';
import { csrfToken, signIn, testApp, type Agent } from '../../support/app.js';
import { resetDatabase, testDb } from '../../support/database.js';
import { createUser, TEST_PASSWORD } from '../../support/factories.js';
import { testWorld } from '../../support/lab.js';
import type { Db } from '../../../server/db/index.js';
import { MATCHMAKER_PERMISSION_ACTIONS } from '../../../server/admin/matchmaker-permission.js';
import { INVALID_ARGUMENTS, NOT_AUTHORIZED } from '../../../server/shared/messages.js';
import { testedDog } from '../breeders/fixtures.js';

describe('admin: a user’s matchmaker on and off', function () {
  this.timeout(120_000);
  let db: Db;
  let app: Express;
  let admin: Agent;
  let adminId: number;
  let breederId: number;
  let breederEmail: string;

  before(async () => {
    db = await testDb();
    await resetDatabase(db);
    app = await testApp();
    const adminUser = await createUser(db, { isAdmin: true, email: 'grant.admin@example.test' });
    adminId = adminUser.id;
    admin = await signIn(app, adminUser.email, TEST_PASSWORD);
    const breeder = await createUser(db, { isBreeder: true, email: 'kennel@example.test', breederName: 'Grant Kennel' });
    breederId = breeder.id;
    breederEmail = breeder.email;
    const other = await createUser(db, { email: 'elsewhere@example.test' });
    const { simulator } = testWorld();
    await testedDog(db, breeder.id, simulator.purebred('boxer', 'm'), 'Rex');
    await testedDog(db, breeder.id, simulator.purebred('boxer', 'f'), 'Rita');
    await testedDog(db, other.id, simulator.purebred('boxer', 'f'), 'Fay');
    await testedDog(db, other.id, simulator.purebred('boxer', 'm'), 'Finn');
  });

  const allowed = async (userId = breederId) => (await db('users').where({ id: userId }).first('show_match_maker')).show_match_maker as boolean;
  const toggle = async (agent: Agent, userId: number | string, value: unknown, json = false, searchParam?: unknown) => {
    const post = agent.post(`/admin/users/${userId}/matchmaker`).type('form');
    if (json) post.set('accept', 'application/json');
    return post.send({ _csrf: await csrfToken(agent, '/members'), showMatchMaker: value, ...(searchParam === undefined ? {} : { searchParam }) });
  };

  it('shows each account’s matchmaker in the users table with the button that turns it over', async () => {
    const page = await admin.get('/admin/data-table/users').query({ searchParam: breederEmail }).expect(200);
    expect(page.text).to.include(`action="/admin/users/${breederId}/matchmaker"`);
    expect(page.text).to.include(`aria-label="Turn on the matchmaker of ${breederEmail}"`);
    // the form sends the search back, so the page returns to it
    expect(page.text).to.include(`name="searchParam" value="${breederEmail}"`);
    const json = await admin.get('/admin/data-table/users').query({ searchParam: breederEmail }).set('accept', 'application/json').expect(200);
    expect(json.body.rows[0].showMatchMaker).to.equal(false);
  });

  it('turns it on and records who did', async () => {
    const response = await toggle(admin, breederId, 'true', false, ' kennel* ');
    expect(response.status).to.equal(303);
    expect(response.headers.location).to.equal(`/admin/data-table/users?searchParam=kennel*#matchmaker-${breederId}`);
    expect(await allowed()).to.equal(true);
    const entry = await db('audit_log').where({ user_id: adminId }).orderBy('id', 'desc').first();
    expect(entry).to.include({ action: MATCHMAKER_PERMISSION_ACTIONS.grant, method: 'POST' });
    expect(entry.details).to.deep.equal({ userId: breederId });
    // the breeder now has the matchmaker
    const breeder = await signIn(app, breederEmail, TEST_PASSWORD);
    await breeder.get('/members/breeder-tools/matchmaker').expect(200);
  });

  it('turns it off, and the breeder is refused the matchmaker at once', async () => {
    const breeder = await signIn(app, breederEmail, TEST_PASSWORD);
    const response = await toggle(admin, breederId, 'false', true);
    expect(response.status).to.equal(200);
    expect(response.body).to.deep.equal({ userId: breederId, showMatchMaker: false });
    expect(await allowed()).to.equal(false);
    expect((await db('audit_log').where({ user_id: adminId }).orderBy('id', 'desc').first()).action).to.equal(MATCHMAKER_PERMISSION_ACTIONS.revoke);
    await breeder.get('/members/breeder-tools/matchmaker').expect(403);
  });

  it('refuses anyone but an admin, and changes nothing', async () => {
    const subAdmin = await createUser(db, { canImpersonateAsSubAdmin: true, email: 'sub.admin@example.test' });
    const staff = await createUser(db, { isStaff: true, email: 'staff@example.test' });
    for (const email of [breederEmail, subAdmin.email, staff.email]) {
      const agent = await signIn(app, email, TEST_PASSWORD);
      const response = await toggle(agent, breederId, 'true', true);
      expect(response.status, email).to.equal(403);
      expect(response.body.error, email).to.equal(NOT_AUTHORIZED);
    }
    const signedOut = request.agent(app);
    const response = await signedOut.post(`/admin/users/${breederId}/matchmaker`).type('form').send({ _csrf: await csrfToken(signedOut), showMatchMaker: 'true' });
    expect(response.status, 'signed out').to.equal(403);
    expect(await allowed()).to.equal(false);
  });

  it('returns to the admin’s search at the account’s row, or to the account alone without a usable search', async () => {
    for (const [searchParam, location] of [
      ['grant kennel', '/admin/data-table/users?searchParam=grant%20kennel'],
      ['a&b=c#d', '/admin/data-table/users?searchParam=a%26b%3Dc%23d'],
      [undefined, `/admin/data-table/users?searchParam=${breederId}`],
      ['   ', `/admin/data-table/users?searchParam=${breederId}`],
      ['x'.repeat(201), `/admin/data-table/users?searchParam=${breederId}`],
    ] as const) {
      const response = await toggle(admin, breederId, 'false', false, searchParam);
      expect(response.status, String(searchParam)).to.equal(303);
      expect(response.headers.location, String(searchParam)).to.equal(`${location}#matchmaker-${breederId}`);
    }
    const listed = await admin.post(`/admin/users/${breederId}/matchmaker`).type('form').send(`_csrf=${encodeURIComponent(await csrfToken(admin, '/members'))}&showMatchMaker=false&searchParam=a&searchParam=b`);
    expect(listed.headers.location).to.equal(`/admin/data-table/users?searchParam=${breederId}#matchmaker-${breederId}`);
    expect(await allowed()).to.equal(false);
  });

  it('answers bad input with a clear error, an unknown user with 404, a missing CSRF token with 403, and changes nothing', async () => {
    for (const [userId, value] of [[breederId, 'yes'], [breederId, undefined], ['abc', 'true'], ['0', 'true'], ['-5', 'true'], ['99999999999', 'true'], ['1.5', 'true']] as const) {
      const response = await toggle(admin, userId, value, true);
      expect(response.status, `${userId} ${String(value)}`).to.equal(400);
      expect(response.body.error).to.equal(INVALID_ARGUMENTS);
    }
    const listed = await admin.post(`/admin/users/${breederId}/matchmaker`).set('accept', 'application/json').send({ _csrf: await csrfToken(admin, '/members'), showMatchMaker: ['true'] });
    expect(listed.status).to.equal(400);
    expect((await toggle(admin, 2_000_000_000, 'true', true)).status).to.equal(404);
    const forged = await admin.post(`/admin/users/${breederId}/matchmaker`).type('form').send({ showMatchMaker: 'true' });
    expect(forged.status).to.equal(403);
    expect(await allowed()).to.equal(false);
  });
});
