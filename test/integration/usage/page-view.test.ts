// Usage tracking (issue 4 point 10, spec 1 §2, §8, §9): every page of a signed-in user carries its
// category; POST /api/usage/page-view writes an info log line (DESIGN.md: analytics → log lines).
import { expect } from 'chai';
import request from 'supertest';
import type { Express } from 'express';
import { csrfToken, signIn, testApp, type Agent } from '../../support/app.js';
import { resetDatabase, testDb } from '../../support/database.js';
import { createPet, createUser, TEST_PASSWORD } from '../../support/factories.js';
import { captureLogLines, LOG_LEVELS, type LogEntry } from '../../../server/usage/log.js';
import { PAGE_CATEGORIES } from '../../../server/usage/categories.js';
import { CSRF_MISMATCH, INVALID_ARGUMENTS, PLEASE_LOG_IN } from '../../../server/shared/messages.js';

async function postPageView(agent: Agent, body: unknown, token?: string) {
  // The token first: the agent attaches its session cookie when the request is created.
  const csrf = token ?? (await csrfToken(agent, '/help'));
  return agent
    .post('/api/usage/page-view')
    .set('x-csrf-token', csrf)
    .set('content-type', 'application/json')
    .send(JSON.stringify(body));
}

const categoryOf = (html: string): string | null => html.match(/<body[^>]* data-page-category="([^"]+)"/)?.[1] ?? null;

describe('usage tracking', () => {
  let app: Express;
  let lines: LogEntry[];
  let restore: () => void;
  let parentEmail: string;
  let vetEmail: string;
  let breederEmail: string;
  let petNum: number;

  before(async () => {
    const db = await testDb();
    await resetDatabase(db);
    app = await testApp();
    const parent = await createUser(db);
    parentEmail = parent.email;
    petNum = await createPet(db, parent.id, { name: 'Biscuit' });
    vetEmail = (await createUser(db, { isVet: true })).email;
    breederEmail = (await createUser(db, { isBreeder: true })).email;
  });

  beforeEach(() => {
    lines = [];
    restore = captureLogLines((entry) => lines.push(entry));
  });

  afterEach(() => restore());

  describe('page categories', () => {
    it('writes the category of each page on <body>', async () => {
      const parent = await signIn(app, parentEmail, TEST_PASSWORD);
      const expected: [string, string][] = [
        ['/members', 'pet-parent-dashboard'],
        ['/members/profile', 'user-settings'],
        ['/members/add-a-dog', 'add-pet'],
        ['/members/activate', 'kit-activation'],
        ['/members/messages', 'other'],
        ['/help', 'other'],
        [`/members/results/summary?i=${petNum}`, 'results-summary'],
        [`/members/results/health?i=${petNum}`, 'results-health'],
        [`/members/results/health/breed-relevant?i=${petNum}`, 'results-health'],
        [`/members/results/traits?i=${petNum}`, 'results-traits'],
        [`/members/results/breed-and-ancestry?i=${petNum}`, 'results-breed'],
        [`/members/results/profile?i=${petNum}`, 'results-profile'],
        [`/members/results/research-surveys?i=${petNum}`, 'research'],
      ];
      for (const [path, category] of expected) {
        const page = await parent.get(path);
        expect(page.status, path).to.equal(200);
        expect(categoryOf(page.text), path).to.equal(category);
      }
      // a breeder tool: a pet parent is refused it
      const predictor = await (await signIn(app, breederEmail, TEST_PASSWORD)).get('/breeders/pair-predictor').expect(200);
      expect(categoryOf(predictor.text)).to.equal('pair-predictor');
    });

    it('names the dashboard after the kind of account', async () => {
      const vet = await signIn(app, vetEmail, TEST_PASSWORD);
      expect(categoryOf((await vet.get('/members')).text)).to.equal('vet-dashboard');
      expect(categoryOf((await vet.get('/members/add-a-dog')).text)).to.equal('add-patient');
      const breeder = await signIn(app, breederEmail, TEST_PASSWORD);
      expect(categoryOf((await breeder.get('/members')).text)).to.equal('breeder-dashboard');
    });

    it('leaves pages of signed-out visitors untracked', async () => {
      const page = await request(app).get('/login').expect(200);
      expect(page.text).to.match(/<body[ >]/);
      expect(page.text).to.not.include('data-page-category');
    });

    it('tracks the vet sign-up page of a signed-out visitor (issue 36 §20), and no other page of theirs', async () => {
      const page = await request(app).get('/vets/signup').expect(200);
      expect(categoryOf(page.text)).to.equal('vet-signup');
      for (const path of ['/', '/vets', '/help', '/signup']) expect(categoryOf((await request(app).get(path).expect(200)).text), path).to.equal(null);
    });
  });

  describe('POST /api/usage/page-view', () => {
    it('logs a valid event as an info line with the user, the impersonator flag, the category and the path', async () => {
      const agent = await signIn(app, parentEmail, TEST_PASSWORD);
      const response = await postPageView(agent, { category: 'results-health', path: '/members/results/health' });
      expect(response.status).to.equal(204);
      expect(lines).to.have.length(1);
      const [line] = lines;
      const parent = await (await testDb())('users').where({ email: parentEmail }).first('id');
      expect(line).to.deep.include({ level: LOG_LEVELS.info, msg: 'page view', event: 'page-view', userId: parent.id, impersonated: false, category: 'results-health', path: '/members/results/health' });
      expect(line.level).to.equal(30);
      expect(Date.parse(line.time)).to.be.a('number').and.not.NaN;
    });

    it('accepts every category of spec 1 §2', async () => {
      const agent = await signIn(app, parentEmail, TEST_PASSWORD);
      const token = await csrfToken(agent, '/help');
      for (const category of PAGE_CATEGORIES) {
        expect((await postPageView(agent, { category, path: '/members' }, token)).status, category).to.equal(204);
      }
      expect(lines.map((line) => line.category)).to.deep.equal([...PAGE_CATEGORIES]);
    });

    it('flags page views made while impersonating, even read-only', async () => {
      const db = await testDb();
      const support = await createUser(db, { canImpersonateAsSubAdmin: true });
      const agent = await signIn(app, support.email, TEST_PASSWORD);
      const token = await csrfToken(agent, '/cs/impersonate');
      await agent.post('/cs/impersonate').type('form').send({ email: parentEmail, _csrf: token }).expect(302);
      const response = await postPageView(agent, { category: 'pet-parent-dashboard', path: '/members' });
      expect(response.status).to.equal(204);
      expect(lines[0]).to.deep.include({ impersonated: true, impersonatorId: support.id, category: 'pet-parent-dashboard' });
    });

    it("answers 400 'Invalid Arguments' for a bad event, and logs nothing", async () => {
      const agent = await signIn(app, parentEmail, TEST_PASSWORD);
      const token = await csrfToken(agent, '/help');
      for (const body of [
        {},
        { category: 'results-health' },
        { category: 'made-up', path: '/members' },
        { category: 'other', path: 'https://evil.example/' },
        { category: 'other', path: '//evil.example/' },
        { category: 'other', path: '/members?i=3' },
        { category: 'other', path: `/${'x'.repeat(2000)}` },
        { category: 'other', path: '/members', extra: true },
        [],
        // the route runs before the edge's control-character check (a page view is no write): it refuses them itself
        { category: 'other', path: '/members\u0000' },
        { category: 'other', path: '/members\u001b[2J' },
        { category: 'other', path: '/members\ud800' },
      ]) {
        const response = await postPageView(agent, body, token);
        expect(response.status, JSON.stringify(body)).to.equal(400);
        expect(response.body).to.deep.equal({ error: INVALID_ARGUMENTS });
      }
      expect(lines).to.have.length(0);
    });

    it('logs the page view of a signed-out visitor on the vet sign-up page, with no user', async () => {
      const visitor = request.agent(app);
      const response = await postPageView(visitor, { category: 'vet-signup', path: '/vets/signup' }, await csrfToken(visitor, '/vets/signup'));
      expect(response.status).to.equal(204);
      expect(lines).to.have.length(1);
      expect(lines[0]).to.deep.include({ msg: 'page view', event: 'page-view', userId: null, impersonated: false, category: 'vet-signup', path: '/vets/signup' });
      // a bad event of a visitor is asked to log in, like any other category
      const bad = await postPageView(visitor, { category: 'vet-signup', path: 'https://evil.example/' }, await csrfToken(visitor, '/vets/signup'));
      expect(bad.status).to.equal(401);
      expect(lines).to.have.length(1);
    });

    it("answers 401 'Please log in to continue' when signed out, and logs nothing", async () => {
      const visitor = request.agent(app);
      // a signed-out visitor's token comes from a form page (reading /help gives none)
      const response = await postPageView(visitor, { category: 'other', path: '/help' }, await csrfToken(visitor, '/login'));
      expect(response.status).to.equal(401);
      expect(response.body).to.deep.equal({ error: PLEASE_LOG_IN });
      expect(lines).to.have.length(0);
    });

    it('refuses an event without the CSRF header', async () => {
      const agent = await signIn(app, parentEmail, TEST_PASSWORD);
      const response = await agent.post('/api/usage/page-view').send({ category: 'other', path: '/help' });
      expect(response.status).to.equal(403);
      expect(response.body.error).to.equal(CSRF_MISMATCH);
      expect(lines).to.have.length(0);
    });
  });
});
