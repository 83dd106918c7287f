import { expect } from 'chai';
import request from 'supertest';
import type { Express } from 'express';
import { testDb } from '../../support/database.js';
import { testApp, csrfToken } from '../../support/app.js';
import { resetToDemoData, signInAsDemo } from '../../support/demo.js';
import { EMAIL_TAKEN, PRACTICE_NAME_REQUIRED } from '../../../server/shared/messages.js';

describe('vets: sign-up with a practice, the vets page and the vet shop page', function () {
  this.timeout(120_000);
  let app: Express;

  before(async () => {
    await resetToDemoData();
    app = await testApp();
  });

  it('signs a vet up with a new practice they own, and lands on its empty dashboard', async () => {
    const agent = request.agent(app);
    const token = await csrfToken(agent, '/vets/signup');
    await agent.post('/vets/signup').type('form').send({ _csrf: token, name: 'Dr. Nadia Park', email: 'Nadia@Lakeside.example', password: 'secret-pass', practiceName: ' Lakeside Vets ', isDvm: 'yes' }).expect(303).expect('Location', '/members');
    const db = await testDb();
    const user = await db('users').where({ email: 'nadia@lakeside.example' }).first('id', 'is_vet');
    expect(user.is_vet).to.equal(true);
    const membership = await db('practice_users').join('vet_practices', 'vet_practices.id', 'practice_users.practice_id').where('practice_users.user_id', user.id).first('vet_practices.name', 'practice_users.role', 'practice_users.is_dvm');
    expect(membership).to.deep.equal({ name: 'Lakeside Vets', role: 'owner', is_dvm: true });
    const dashboard = (await agent.get('/members').expect(200)).text;
    expect(dashboard).to.include('Lakeside Vets').and.include('0 of 7 done').and.include('No patients yet');
  });

  it('answers a sign-up sent twice at once with one vet and one practice, and 409 for the other', async () => {
    const db = await testDb();
    const [{ before }] = await db('vet_practices').count({ before: '*' });
    const agents = [request.agent(app), request.agent(app)];
    const tokens = await Promise.all(agents.map((agent) => csrfToken(agent, '/vets/signup')));
    const send = (agent: (typeof agents)[number], token: string) =>
      agent.post('/vets/signup').type('form').send({ _csrf: token, name: 'Dr. Twice', email: 'twice@clinic.example', password: 'secret-pass', practiceName: 'Twice Vets', isDvm: 'yes' });
    const responses = await Promise.all(agents.map((agent, i) => send(agent, tokens[i])));
    expect(responses.map((response) => response.status).sort()).to.deep.equal([303, 409]);
    expect(responses.find((response) => response.status === 409)!.text).to.include(EMAIL_TAKEN);
    const [{ after }] = await db('vet_practices').count({ after: '*' });
    expect(Number(after)).to.equal(Number(before) + 1);
  });

  it('refuses a blank practice, a taken e-mail and bad fields, creating nothing', async () => {
    const db = await testDb();
    const [{ before }] = await db('vet_practices').count({ before: '*' });
    const agent = request.agent(app);
    const token = await csrfToken(agent, '/vets/signup');
    const blank = await agent.post('/vets/signup').type('form').send({ _csrf: token, name: 'Dr. A', email: 'a@clinic.example', password: 'secret-pass', practiceName: '   ' }).expect(400);
    expect(blank.text).to.include(PRACTICE_NAME_REQUIRED);
    const taken = await agent.post('/vets/signup').type('form').send({ _csrf: token, name: 'Dr. A', email: 'vet@demo.test', password: 'secret-pass', practiceName: 'Dup Vets' }).expect(409);
    expect(taken.text).to.include(EMAIL_TAKEN);
    await agent.post('/vets/signup').type('form').send({ _csrf: token, name: 'Dr. A', email: 'a@clinic.example', password: 'x', practiceName: 'P' }).expect(400);
    await agent.post('/vets/signup').type('form').send({ _csrf: token, name: 'Dr. A', email: 'a@clinic.example', password: 'secret-pass', practiceName: 'P\u0000' }).expect(400);
    await agent.post('/vets/signup').type('form').send({ _csrf: token, name: 'Dr. A', email: 'a@clinic.example', password: 'secret-pass', practiceName: 'x'.repeat(101) }).expect(400);
    const [{ after }] = await db('vet_practices').count({ after: '*' });
    expect(Number(after)).to.equal(Number(before));
    expect(await db('users').where({ email: 'a@clinic.example' })).to.deep.equal([]);
  });

  it('explains on /vets what the practice gets and how to sign up', async () => {
    const html = (await request(app).get('/vets').expect(200)).text;
    expect(html).to.include('What the practice gets').and.include('href="/vets/signup"').and.include('A practice dashboard');
    await (await signInAsDemo(app, 'vet')).get('/vets/signup').expect(302).expect('Location', '/members');
  });

  it("shows the vet shop page with the practice's kits to its vets, and the products to everyone", async () => {
    const vet = (await (await signInAsDemo(app, 'vet')).get('/members/shopify/vet').expect(200)).text;
    expect(vet).to.include('Order Kits for Your Practice').and.include('Riverside Animal Hospital').and.include('EM-DEMO-0004').and.include('Order Vet kits');
    const parent = (await (await signInAsDemo(app, 'parent')).get('/members/shopify/vet').expect(200)).text;
    expect(parent).to.include('Order Vet kits').and.not.include('EM-DEMO-0004');
    await request(app).get('/members/shopify/vet').expect(302);
  });
});
