import { expect } from 'chai';
import type { Express } from 'express';
import { testApp } from '../../support/app.js';
import { resetToDemoData, signInAsDemo } from '../../support/demo.js';
import { testDb } from '../../support/database.js';

function section(html: string, tag: 'header' | 'footer'): string {
  const start = html.indexOf(`<${tag} class="site-${tag}"`);
  return html.slice(start, html.indexOf(`</${tag}>`, start));
}

describe('site shell by role', () => {
  let app: Express;

  before(async () => {
    await resetToDemoData();
    app = await testApp();
  });

  it('pet parent: logo, Messages with badge, Settings, Sign Out, drawer; no ADMIN or Impersonate', async () => {
    const html = (await (await signInAsDemo(app, 'parent')).get('/members').expect(200)).text;
    const header = section(html, 'header');
    expect(header).to.include('src="/static/images/logo.svg"');
    expect(header).to.include('href="/members/messages">Messages');
    expect(header).to.include('data-widget="unread-badge"');
    expect(header).to.include('>Settings<').and.include('>Sign Out<');
    expect(header).to.include('>My Embark<').and.include('>Help Center<');
    expect(header).to.not.include('ADMIN').and.not.include('Impersonate');
    const footer = section(html, 'footer');
    expect(footer).to.include('My Account').and.include('Order a Kit').and.include('>More<');
    expect(footer).to.include('My Dogs'); // two dogs
    expect(footer).to.not.include('Breeder Tools');
    // On a page about no dog the footer names none of the two (issue 20).
    expect(footer).to.include('Explore your dog&#39;s Results').and.not.include('Maple').and.not.include('Pet Insurance');
  });

  it('names the dog of the page once it has results and offers Pet Insurance when it is eligible', async () => {
    const agent = await signInAsDemo(app, 'parent');
    const db = await testDb();
    const biscuit = await db('pets').where({ name: 'Biscuit' }).first('pet_num');
    await db('breed_mix_summaries').insert({ pet_num: biscuit.pet_num, breed_type: 'mixed', breed_mix_scenario: 'mixed', breed_mix_name: 'Mixed breed' }).onConflict('pet_num').ignore();
    const footer = section((await agent.get(`/members/results/summary?i=${biscuit.pet_num}`)).text, 'footer');
    expect(footer).to.include('Explore Biscuit&#39;s Results').and.include('href="https://embarkvet.com/pet-insurance">Pet Insurance');
  });

  it('breeder: kennel name as the header title and Breeder Tools with Matchmaker', async () => {
    const html = (await (await signInAsDemo(app, 'breeder')).get('/members').expect(200)).text;
    expect(section(html, 'header')).to.include('<span class="site-header__title">Sunny Meadow Kennels</span>');
    const footer = section(html, 'footer');
    expect(footer).to.include('Breeder Tools').and.include('>Matchmaker<').and.include('>Pair Predictor<');
    expect(footer).to.include('href="https://shop.embarkvet.com/products/breed-health-kit">Order a Kit');
  });

  it('breeder without showMatchMaker: no Matchmaker link and the page refuses', async () => {
    const db = await testDb();
    await db('users').where({ email: 'breeder@demo.test' }).update({ show_match_maker: false });
    try {
      const agent = await signInAsDemo(app, 'breeder');
      const html = (await agent.get('/members').expect(200)).text;
      expect(section(html, 'footer')).to.not.include('>Matchmaker<');
      await agent.get('/members/breeder-tools/matchmaker').expect(403);
    } finally {
      await db('users').where({ email: 'breeder@demo.test' }).update({ show_match_maker: true });
    }
  });

  it("vet: no 'More' column and Order a Kit goes to the vet shop page", async () => {
    const html = (await (await signInAsDemo(app, 'vet')).get('/members').expect(200)).text;
    const footer = section(html, 'footer');
    expect(footer).to.not.include('>More<');
    expect(footer).to.include('href="/members/shopify/vet">Order a Kit');
    expect(html).to.include('My Patients');
  });

  it('admin: ADMIN link and the admin page; sub-admin: Impersonate link and no admin page', async () => {
    const admin = await signInAsDemo(app, 'admin');
    expect(section((await admin.get('/members')).text, 'header')).to.include('>ADMIN<').and.not.include('>Impersonate<');
    await admin.get('/admin').expect(200);
    const subadmin = await signInAsDemo(app, 'subadmin');
    const header = section((await subadmin.get('/members')).text, 'header');
    expect(header).to.include('>Impersonate<').and.not.include('>ADMIN<');
    await subadmin.get('/admin').expect(403);
    const parent = await signInAsDemo(app, 'parent');
    await parent.get('/admin').expect(403);
    await parent.get('/cs/impersonate').expect(403);
  });

  it('every link of the shell leads to a page that exists', async () => {
    const agent = await signInAsDemo(app, 'breeder');
    const html = (await agent.get('/members')).text;
    const hrefs = [...html.matchAll(/href="(\/[^"#]*)"/g)].map((m) => m[1]).filter((href) => !href.startsWith('/static') && href !== '/logout');
    for (const href of new Set(hrefs)) {
      const response = await agent.get(href.replace(/&amp;/g, '&'));
      expect(response.status, href).to.be.oneOf([200, 302]);
    }
  });
});
