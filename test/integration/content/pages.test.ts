import { expect } from 'chai';
import request from 'supertest';
import type { Express } from 'express';
import { testApp } from '../../support/app.js';
import { resetToDemoData, signInAsDemo } from '../../support/demo.js';
import { CATALOGUE_FACTS } from '../../../server/content/catalogue-facts.js';
import { helpTopics } from '../../../server/content/help-topics.js';
import { filterTopics } from '../../../server/content/routes.js';

/** The text a reader sees in the page's main area, without tags, scripts or repeated spaces. */
const mainText = (html: string) =>
  (html.match(/<main[^>]*>([\s\S]*)<\/main>/)?.[1] ?? '')
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

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

  it('makes /contact a page a visitor can use: ways to reach us, hours, what to have ready, help topics and members pages (issue 36 §31)', async () => {
    const html = (await request(app).get('/contact').expect(200)).text;
    const text = mainText(html);
    expect(text.length, 'as much to read as /vets').to.be.greaterThan(mainText((await request(app).get('/vets').expect(200)).text).length * 0.9);
    expect(html).to.match(/<a href="mailto:support@embarkvet.com" data-contact-link>/); // opens the support chat when there is one (spec 2 §2)
    for (const heading of ['E-mail', 'Phone', 'When we answer', 'What to have ready', 'Do it yourself, any time', 'Help Center topics']) expect(text, heading).to.include(heading);
    expect(text).to.include('Monday to Friday, 9 am to 5 pm Eastern').and.include('box key').and.include('swab tube');
    for (const topic of helpTopics(CATALOGUE_FACTS)) expect(html, topic.id).to.include(`href="/help#${topic.id}"`);
    for (const href of ['/members/activate', '/members', '/members/pet/about', '/members/messages', '/members/profile', '/vets', '/breeders']) expect(html, href).to.include(`href="${href}"`);
    expect(text, 'the results pages say how to share with a vet').to.include('Share results with your vet');
    expect(text, 'no phone number of our own making').to.not.match(/\(?\d{3}\)?[-. ]\d{3}[-. ]\d{4}/);
  });

  it('makes /breeders explain the breeder tools, inbreeding and health screening, and how to start (issue 36 §31)', async () => {
    const html = (await request(app).get('/breeders').expect(200)).text;
    const text = mainText(html);
    expect(text.length, 'more to read than /vets').to.be.greaterThan(mainText((await request(app).get('/vets').expect(200)).text).length);
    for (const part of ['Pair predictor', 'Matchmaker', 'Kennel profile', 'Dog settings', 'Inbreeding, in plain words', 'Health screening, in plain words', 'How to get started']) expect(text, part).to.include(part);
    expect(text).to.include('full siblings').and.include('25%').and.include('Carrier × carrier').and.include('1 in 4 at risk');
    expect(html).to.include('href="https://shop.embarkvet.com/products/breed-health-kit"').and.include('href="/members/activate"');
    // the tools answer breeders only: a breeder gets links into them, the matchmaker only with its permission
    expect(html).to.not.include('href="/breeders/breeder-profile"');
    const breeder = (await (await signInAsDemo(app, 'breeder')).get('/breeders').expect(200)).text;
    expect(breeder).to.include('>Set up your kennel page</a>').and.include('>Open the matchmaker</a>').and.include('<a href="/breeders/pair-predictor">pair predictor</a>');
  });
});
