import { expect } from 'chai';
import request from 'supertest';
import type { Express } from 'express';
import { testApp, csrfToken, graphql, type Agent } from '../../support/app.js';
import { resetToDemoData, signInAsDemo } from '../../support/demo.js';
import { testDb } from '../../support/database.js';
import { NO_SUCH_USER, READ_ONLY_IMPERSONATION } from '../../../server/shared/messages.js';
import { IMPERSONATE_EMAIL_INVALID, IMPERSONATE_EMAIL_REQUIRED } from '../../../server/impersonation/routes.js';

async function impersonate(agent: Agent, email: string) {
  const token = await csrfToken(agent, '/cs/impersonate');
  return agent.post('/cs/impersonate').type('form').send({ email, _csrf: token });
}

describe('impersonation', () => {
  let app: Express;

  beforeEach(async () => {
    await resetToDemoData();
    app = await testApp();
  });

  it('shows the pick-a-user form to admins and sub-admins only', async () => {
    const page = await (await signInAsDemo(app, 'admin')).get('/cs/impersonate').expect(200);
    expect(page.text).to.include('name="email"').and.include('name="_csrf"');
    await (await signInAsDemo(app, 'subadmin')).get('/cs/impersonate').expect(200);
    await (await signInAsDemo(app, 'breeder')).get('/cs/impersonate').expect(403);
    await request(app).get('/cs/impersonate').expect(302).expect('Location', '/');
  });

  it('lets an admin act as a pet parent, with the banner, and return', async () => {
    const agent = await signInAsDemo(app, 'admin');
    await impersonate(agent, 'parent@demo.test').then((r) => expect(r.status).to.equal(302));
    const html = (await agent.get('/members').expect(200)).text;
    expect(html).to.include('Ada Admin impersonating Consumer Pat Parent');
    expect(html).to.include('href="/members/unimpersonate">Return to your account</a>');
    expect(html).to.include('Biscuit');
    const me = await graphql(agent, '{ me { email impersonator { email name } } }');
    expect(me.body.data.me).to.deep.equal({ email: 'parent@demo.test', impersonator: { email: 'admin@demo.test', name: 'Ada Admin' } });

    // a link on another site does not end it (the session cookie travels on a top-level link)
    await agent.get('/members/unimpersonate').set('sec-fetch-site', 'cross-site').expect(302).expect('Location', '/members');
    await agent.get('/members/unimpersonate').set('referer', 'https://elsewhere.example/page').expect(302).expect('Location', '/members');
    expect((await agent.get('/members').expect(200)).text).to.include('Ada Admin impersonating Consumer Pat Parent');

    await agent.get('/members/unimpersonate').set('sec-fetch-site', 'same-origin').expect(302).expect('Location', '/admin');
    const back = (await agent.get('/members').expect(200)).text;
    expect(back).to.not.include('impersonating');
    expect(back).to.include('>ADMIN<');
  });

  it('labels breeders and vets in the banner', async () => {
    const agent = await signInAsDemo(app, 'admin');
    await impersonate(agent, 'breeder@demo.test');
    expect((await agent.get('/members')).text).to.include('Ada Admin impersonating Breeder Bea Breeder');
    await impersonate(agent, 'vet@demo.test');
    expect((await agent.get('/members')).text).to.include('Ada Admin impersonating Vet Dr. Val Vet');
  });

  it('does not let an impersonated session into admin pages', async () => {
    const agent = await signInAsDemo(app, 'admin');
    await impersonate(agent, 'parent@demo.test');
    await agent.get('/admin').expect(403);
  });

  it('makes a sub-admin impersonation read-only, for forms and GraphQL mutations', async () => {
    const agent = await signInAsDemo(app, 'subadmin');
    await impersonate(agent, 'parent@demo.test').then((r) => expect(r.status).to.equal(302));
    expect((await agent.get('/members')).text).to.include('Sam Support impersonating Consumer Pat Parent');
    const token = await csrfToken(agent, '/members');
    const form = await agent.post('/signup').type('form').send({ name: 'x', email: 'x@example.test', password: 'longenough', _csrf: token }).expect(303);
    expect(form.headers.location).to.equal('/members/forbidden/read-only-account');
    const page = await agent.get(form.headers.location).set('referer', 'http://127.0.0.1/members/results/summary?i=7').expect(403);
    expect(page.text).to.include(`<h1>${READ_ONLY_IMPERSONATION}</h1>`);
    expect(page.text).to.include('You are viewing Pat Parent’s account as a sub-admin: you can look at everything, but nothing was changed.');
    expect(page.text).to.include('<footer');
    expect(page.text).to.include('Sam Support impersonating Consumer Pat Parent');
    const json = await agent.post('/members/profile').set('accept', 'application/json').type('form').send({ name: 'x', _csrf: token }).expect(403);
    expect(json.body).to.deep.equal({ error: READ_ONLY_IMPERSONATION, redirect: '/members/forbidden/read-only-account' });
    const mutation = await agent.post('/graphql').set('x-csrf-token', token).send({ query: 'mutation { ping }' });
    expect(mutation.body.errors[0].message).to.equal(READ_ONLY_IMPERSONATION);
    const query = await graphql(agent, '{ me { email } }');
    expect(query.body.data.me.email).to.equal('parent@demo.test');
  });

  it('offers a sub-admin no edits while impersonating: the dogs read as not editable, and the refusal page leads back', async () => {
    const editable = async (agent: Agent) => (await graphql(agent, '{ me { pets { name permissions { isEditable isReadOnly } } } }')).body.data.me.pets.find((pet: { name: string }) => pet.name === 'Biscuit').permissions;
    expect(await editable(await signInAsDemo(app, 'parent'))).to.deep.equal({ isEditable: true, isReadOnly: false });
    const admin = await signInAsDemo(app, 'admin');
    await impersonate(admin, 'parent@demo.test');
    expect(await editable(admin)).to.deep.equal({ isEditable: true, isReadOnly: false });
    const agent = await signInAsDemo(app, 'subadmin');
    await impersonate(agent, 'parent@demo.test');
    expect(await editable(agent)).to.deep.equal({ isEditable: false, isReadOnly: true });
    const host = 'http://127.0.0.1';
    const back = await agent.get('/members/forbidden/read-only-account').set('host', '127.0.0.1').set('referer', `${host}/members/results/summary?i=7`).expect(403);
    expect(back.text).to.include('<a class="button button--secondary" href="/members/results/summary?i=7">Back to the page you were on</a>');
    const elsewhere = await agent.get('/members/forbidden/read-only-account').set('host', '127.0.0.1').set('referer', 'https://evil.example/x').expect(403);
    expect(elsewhere.text).not.to.include('Back to the page you were on');
    await agent.get('/members/unimpersonate').expect(302);
    expect((await agent.get('/members/forbidden/read-only-account').expect(403)).text).to.include('Your account is read-only');
  });

  it('records writes made while impersonating with both identities', async () => {
    const db = await testDb();
    const agent = await signInAsDemo(app, 'admin');
    await impersonate(agent, 'parent@demo.test');
    const token = await csrfToken(agent, '/members');
    await agent.post('/graphql').set('x-csrf-token', token).send({ query: 'mutation { ping }' }).expect(200);
    const rows = await db('audit_log')
      .join('users as acting', 'acting.id', 'audit_log.user_id')
      .join('users as staff', 'staff.id', 'audit_log.impersonator_id')
      .select('audit_log.action', 'acting.email as acting', 'staff.email as staff')
      .orderBy('audit_log.id');
    expect(rows).to.deep.include({ action: 'graphql ping', acting: 'parent@demo.test', staff: 'admin@demo.test' });
    expect(rows).to.deep.include({ action: 'impersonation started', acting: 'parent@demo.test', staff: 'admin@demo.test' });
  });

  it('refuses unknown e-mails, admin accounts and bad input with a clear message', async () => {
    const agent = await signInAsDemo(app, 'subadmin');
    const unknown = await impersonate(agent, 'nobody@demo.test');
    expect(unknown.status).to.equal(404);
    expect(unknown.text).to.include(NO_SUCH_USER);
    expect((await impersonate(agent, 'admin@demo.test')).status).to.equal(403);
    expect((await impersonate(agent, '')).status).to.equal(400);
    expect((await agent.get('/members')).text).to.not.include('impersonating');
  });

  for (const role of ['admin', 'subadmin'] as const) {
    it(`asks ${role === 'admin' ? 'an admin' : 'a sub-admin'} for a missing e-mail and names a malformed one, on the form with what was typed`, async () => {
      const agent = await signInAsDemo(app, role);
      for (const blank of ['', '   ']) {
        const page = await impersonate(agent, blank);
        expect(page.status).to.equal(400);
        expect(page.text).to.include(`<p id="email-error" class="form-error" role="alert">${IMPERSONATE_EMAIL_REQUIRED}</p>`);
        expect(page.text).to.include('value="" aria-invalid="true" aria-describedby="email-error"');
      }
      for (const [typed, shown] of [['<script>@x', '&lt;script&gt;@x'], ['parent', 'parent'], ['"a b"@demo.test', '&#34;a b&#34;@demo.test']]) {
        const page = await impersonate(agent, typed);
        expect(page.status).to.equal(400);
        expect(page.text).to.include(`<p id="email-error" class="form-error" role="alert">${IMPERSONATE_EMAIL_INVALID}</p>`);
        expect(page.text).to.include(`value="${shown}" aria-invalid="true"`);
        expect(page.text).to.not.include('<script>@x');
      }
      const unknown = await impersonate(agent, ' Nobody@Demo.test ');
      expect(unknown.status).to.equal(404);
      expect(unknown.text).to.include(NO_SUCH_USER).and.include('value="Nobody@Demo.test"');
      await impersonate(agent, ' Parent@Demo.Test ').then((r) => expect(r.status).to.equal(302));
    });
  }

  it('answers a sub-admin who is already impersonating with the form and its message, not the read-only page', async () => {
    const agent = await signInAsDemo(app, 'subadmin');
    await impersonate(agent, 'parent@demo.test').then((r) => expect(r.status).to.equal(302));
    const malformed = await impersonate(agent, '<script>@x');
    expect(malformed.status).to.equal(400);
    expect(malformed.text).to.include(IMPERSONATE_EMAIL_INVALID).and.include('value="&lt;script&gt;@x"');
    await impersonate(agent, 'breeder@demo.test').then((r) => expect(r.status).to.equal(302));
    expect((await agent.get('/members')).text).to.include('Sam Support impersonating Breeder Bea Breeder');
    const token = await csrfToken(agent, '/members');
    const write = await agent.post('/members/profile').type('form').send({ name: 'x', _csrf: token }).expect(303);
    expect(write.headers.location).to.equal('/members/forbidden/read-only-account');
  });

  it('lets a sub-admin who is impersonating sign out (the header\u2019s Sign Out), which ends both sessions', async () => {
    const agent = await signInAsDemo(app, 'subadmin');
    await impersonate(agent, 'parent@demo.test').then((r) => expect(r.status).to.equal(302));
    const token = await csrfToken(agent, '/members');
    const out = await agent.post('/logout').type('form').send({ _csrf: token });
    expect(out.status).to.equal(302);
    expect(out.headers.location).to.equal('/');
    await agent.get('/members').expect(302);
  });

  it('refuses the form to a plain user even with a valid token', async () => {
    const agent = await signInAsDemo(app, 'parent');
    const token = await csrfToken(agent, '/members');
    await agent.post('/cs/impersonate').type('form').send({ email: 'breeder@demo.test', _csrf: token }).expect(403);
  });

  it('shows a read-only viewer the about-pet page and settings with their controls disabled, decided by the server', async () => {
    const db = await testDb();
    const petNum = await db('pet_owners').join('users', 'users.id', 'pet_owners.user_id').where('users.email', 'parent@demo.test').orderBy('pet_num').first('pet_num').then((r) => r.pet_num);
    const subadmin = await signInAsDemo(app, 'subadmin');
    await impersonate(subadmin, 'parent@demo.test');
    const about = await subadmin.get(`/members/pet/about/${petNum}`).expect(200);
    expect(about.text).to.include('&#34;readOnly&#34;:true');
    expect(about.text).to.include('<fieldset class="pet-about-read-only" disabled>');
    const settings = await subadmin.get('/members/profile').expect(200);
    expect(settings.text).to.include('data-settings-read-only');
    expect(settings.text).to.match(/<fieldset class="settings-fieldset" disabled>/);

    const admin = await signInAsDemo(app, 'admin');
    await impersonate(admin, 'parent@demo.test');
    const editable = await admin.get(`/members/pet/about/${petNum}`).expect(200);
    expect(editable.text).to.include('&#34;readOnly&#34;:false');
    expect(editable.text).to.include('<fieldset class="pet-about-read-only">');
  });
});
