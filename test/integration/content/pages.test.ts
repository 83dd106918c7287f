import { expect } from 'chai';
import request from 'supertest';
import type { Express } from 'express';
import { testApp } from '../../support/app.js';
import { resetToDemoData, signInAsDemo } from '../../support/demo.js';
import { CATALOGUE_FACTS } from '../../../server/content/catalogue-facts.js';
import { helpTopics } from '../../../server/content/help-topics.js';
import { filterTopics } from '../../../server/content/routes.js';

const visibleQuestionIds = (html: string) => [...html.matchAll(/<li class="help-question" id="([^"]+)" data-search-text="[^"]*">/g)].map((match) => match[1]);

describe('content pages', () => {
  let app: Express;

  before(async () => {
    await resetToDemoData();
    app = await testApp();
  });

  it('tells the product story on the home page to visitors, with counts from the lab catalogues, and sends members to /members', async () => {
    const html = (await request(app).get('/').expect(200)).text;
    expect(html).to.include('Know your dog from the inside out');
    expect(html).to.include(`${CATALOGUE_FACTS.healthConditions} inherited conditions`).and.include(`${CATALOGUE_FACTS.breeds} breeds`);
    for (const section of ['What the test finds', 'How it works', 'A sample result', 'For pet parents', 'For breeders', 'For vets']) expect(html, section).to.include(section);
    expect(html).to.include('<svg class="illustration illustration--dog"');
    expect(html).to.not.include('name="robots" content="noindex"');
    const member = await signInAsDemo(app, 'parent');
    expect((await member.get('/').expect(302)).headers.location).to.equal('/members');
  });

  it('lists every help question grouped by topic without a query', async () => {
    const html = (await request(app).get('/help').expect(200)).text;
    const all = helpTopics(CATALOGUE_FACTS);
    expect(visibleQuestionIds(html)).to.deep.equal(all.flatMap((topic) => topic.questions.map((question) => question.id)));
    for (const topic of all) expect(html).to.include(`<h2 id="${topic.id}-title">${topic.title}</h2>`);
    expect(html).to.include('data-widget="help-search"').and.include('<form class="help-search" method="get" action="/help"');
  });

  it('filters the questions on the server for ?q=, so search works without scripts', async () => {
    const html = (await request(app).get('/help').query({ q: 'activate kit' }).expect(200)).text;
    expect(visibleQuestionIds(html)).to.include('activate-kit');
    expect(visibleQuestionIds(html)).to.not.include('coi');
    expect(html).to.include('value="activate kit"').and.match(/\d+ answers? for “activate kit”/);
    expect(html).to.match(/<li class="help-question" id="activate-kit"[^>]*>\s*<details open>/);
  });

  it('says so when nothing matches, and treats odd input as text or as no query', async () => {
    const none = (await request(app).get('/help').query({ q: 'zebra quantum' }).expect(200)).text;
    expect(visibleQuestionIds(none)).to.deep.equal([]);
    expect(none).to.include('No answers match “<span data-help-query>zebra quantum</span>”');
    expect(none).to.not.match(/data-help-empty hidden/);
    const script = (await request(app).get('/help').query({ q: '<script>alert(1)</script>' }).expect(200)).text;
    expect(script).to.not.include('<script>alert(1)</script>');
    expect(script).to.include('&lt;script&gt;alert(1)&lt;/script&gt;');
    const array = await request(app).get('/help?q[]=a&q[]=b').expect(200);
    expect(visibleQuestionIds(array.text).length).to.be.greaterThan(10);
    await request(app).get(`/help?q=${'x'.repeat(5000)}`).expect(200);
  });

  it('filters topics with the same rule the widget uses', () => {
    const topics = filterTopics(helpTopics(CATALOGUE_FACTS), 'carr');
    expect(topics.flatMap((topic) => topic.questions.map((question) => question.id))).to.include('health-calls');
    expect(filterTopics(helpTopics(CATALOGUE_FACTS), '')).to.have.length(helpTopics(CATALOGUE_FACTS).length);
  });

  it('shows contact details, and the vets and breeders pages with shortcuts for their members', async () => {
    expect((await request(app).get('/contact').expect(200)).text).to.include('support@embarkvet.com');
    const vets = (await request(app).get('/vets').expect(200)).text;
    expect(vets).to.include('What you see for each patient').and.include('Sign in to your practice account');
    expect(vets).to.not.include('Go to my patients');
    expect((await (await signInAsDemo(app, 'vet')).get('/vets').expect(200)).text).to.include('Go to my patients');
    const breeders = (await request(app).get('/breeders').expect(200)).text;
    expect(breeders).to.include('Pair predictor');
    expect(breeders).to.not.include('href="/breeders/pair-predictor"');
    const breederHtml = (await (await signInAsDemo(app, 'breeder')).get('/breeders').expect(200)).text;
    expect(breederHtml).to.include('href="/breeders/pair-predictor"').and.include('href="/members/breeder-tools/matchmaker"');
    const parentHtml = (await (await signInAsDemo(app, 'parent')).get('/breeders').expect(200)).text;
    expect(parentHtml).to.not.include('href="/breeders/pair-predictor">Pair Predictor</a><a');
  });
});
