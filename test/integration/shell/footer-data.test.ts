// spec 1 §7 "footer data" (issue 36 §20): the footer over GraphQL is the footer the pages render, for
// each kind of account, with or without a dog, and only for a dog the user may read.
import { expect } from 'chai';
import type { Express } from 'express';
import request from 'supertest';
import { testApp, graphql, type Agent } from '../../support/app.js';
import { resetToDemoData, signInAsDemo } from '../../support/demo.js';
import { testDb } from '../../support/database.js';
import { INVALID_ARGUMENTS, NOT_AUTHORIZED, PLEASE_LOG_IN } from '../../../server/shared/messages.js';

interface Column {
  heading: string;
  links: { label: string; href: string }[];
}

const QUERY = 'query($petNum: Int) { footerData(petNum: $petNum) { columns { heading links { label href } } } }';

const unescape = (html: string) => html.replace(/<[^>]*>/g, '').replace(/&#39;/g, "'").replace(/&amp;/g, '&').replace(/&#34;|&quot;/g, '"').trim();

/** The footer columns of a rendered page, as a reader sees them. */
function pageFooter(html: string): Column[] {
  const start = html.indexOf('<footer class="site-footer"');
  const footer = html.slice(start, html.indexOf('</footer>', start));
  return footer
    .split('<section class="site-footer__column">')
    .slice(1)
    .map((column) => ({
      // the dog's avatar beside the heading is a picture or its initial, not part of the heading
      heading: unescape(/<h2>([\s\S]*?)<\/h2>/.exec(column)![1].replace(/<span [^>]*data-avatar="letter"[^>]*>[^<]*<\/span>/, '')),
      links: [...column.matchAll(/<a href="([^"]*)">([\s\S]*?)<\/a>/g)].map(([, href, label]) => ({ label: unescape(label), href: unescape(href) })),
    }));
}

async function footerData(agent: Agent, petNum?: unknown) {
  const response = await graphql(agent, QUERY, petNum === undefined ? {} : { petNum });
  return response.body as { data?: { footerData: { columns: Column[] } | null }; errors?: { message: string; extensions: { code: string } }[] };
}

const columnsOf = async (agent: Agent, petNum?: number) => (await footerData(agent, petNum)).data!.footerData!.columns;
const headings = (columns: Column[]) => columns.map((column) => column.heading);
const labels = (columns: Column[], heading: string) => columns.find((column) => column.heading === heading)?.links.map((link) => link.label);

describe('footerData (spec 1 §7, spec 2 §2 Footer, issue 36 §20)', () => {
  let app: Express;
  let biscuit: number;
  let maple: number;

  before(async () => {
    await resetToDemoData();
    app = await testApp();
    const db = await testDb();
    biscuit = (await db('pets').where({ name: 'Biscuit' }).first('pet_num')).pet_num;
    maple = (await db('pets').where({ name: 'Maple' }).first('pet_num')).pet_num;
  });

  it('answers the footer a page about no dog shows, and with petNum the footer of that dog’s pages', async () => {
    const parent = await signInAsDemo(app, 'parent');
    const none = await columnsOf(parent);
    expect(none).to.deep.equal(pageFooter((await parent.get('/members').expect(200)).text));
    expect(headings(none)).to.deep.equal(["Explore your dog's Results", 'My Account', 'More']);

    const dog = await columnsOf(parent, biscuit);
    expect(dog).to.deep.equal(pageFooter((await parent.get(`/members/results/summary?i=${biscuit}`).expect(200)).text));
    expect(dog[0]).to.deep.equal({
      heading: "Explore Biscuit's Results",
      links: [
        { label: 'Summary', href: `/members/results/summary?i=${biscuit}` },
        { label: 'Breed & Ancestry', href: `/members/results/breed-and-ancestry?i=${biscuit}` },
        { label: 'Health', href: `/members/results/health?i=${biscuit}` },
        { label: 'Traits', href: `/members/results/traits?i=${biscuit}` },
        { label: 'Profile', href: `/members/results/profile?i=${biscuit}` },
      ],
    });
    expect(labels(dog, 'My Account')).to.deep.equal(['Add a Dog', 'My Dogs', 'Activate Kit', 'Order a Kit', 'Messages', 'Settings']);
  });

  it('cuts a long name to 25 characters and offers Pet Insurance only for an eligible dog', async () => {
    const db = await testDb();
    const before = await db('pets').where({ pet_num: maple }).first('name', 'is_eligible_for_insurance', 'insurance_url');
    try {
      await db('pets').where({ pet_num: maple }).update({ name: 'Maple Syrup Of The Northern Woods', is_eligible_for_insurance: false });
      const parent = await signInAsDemo(app, 'parent');
      const plain = await columnsOf(parent, maple);
      expect(plain[0].heading).to.equal("Explore Maple Syrup Of The Nor...'s Results");
      expect(labels(plain, 'More')).to.not.include('Pet Insurance');
      await db('pets').where({ pet_num: maple }).update({ is_eligible_for_insurance: true, insurance_url: 'https://insurer.example/maple' });
      const eligible = await columnsOf(parent, maple);
      expect(eligible.find((column) => column.heading === 'More')!.links).to.deep.include({ label: 'Pet Insurance', href: 'https://insurer.example/maple' });
      expect(eligible).to.deep.equal(pageFooter((await parent.get(`/members/results/summary?i=${maple}`).expect(200)).text));
    } finally {
      await db('pets').where({ pet_num: maple }).update(before);
    }
  });

  it('gives breeders Breeder Tools, with Matchmaker only with showMatchMaker, and vets no More column', async () => {
    const db = await testDb();
    const breeder = await signInAsDemo(app, 'breeder');
    expect(labels(await columnsOf(breeder), 'Breeder Tools')).to.deep.equal(['Breeder Profile', 'Matchmaker', 'Pair Predictor']);
    await db('users').where({ email: 'breeder@demo.test' }).update({ show_match_maker: false });
    try {
      const without = await columnsOf(await signInAsDemo(app, 'breeder'));
      expect(labels(without, 'Breeder Tools')).to.deep.equal(['Breeder Profile', 'Pair Predictor']);
    } finally {
      await db('users').where({ email: 'breeder@demo.test' }).update({ show_match_maker: true });
    }
    const vet = await signInAsDemo(app, 'vet');
    const vetColumns = await columnsOf(vet);
    expect(headings(vetColumns)).to.deep.equal(["Explore your dog's Results", 'My Account']);
    expect(vetColumns).to.deep.equal(pageFooter((await vet.get('/members').expect(200)).text));
  });

  it('refuses a dog the user may not read exactly as one that does not exist, and a bad petNum', async () => {
    const newbie = await signInAsDemo(app, 'newbie');
    for (const petNum of [biscuit, 99_999_999]) {
      const refused = await footerData(newbie, petNum);
      expect(refused.data).to.equal(null);
      expect(refused.errors!.map((error) => [error.message, error.extensions.code])).to.deep.equal([[NOT_AUTHORIZED, 'NOT_AUTHORIZED']]);
    }
    for (const bad of [0, -3, 'seven', 1.5]) {
      const refused = await footerData(newbie, bad);
      expect(refused.errors![0].message, JSON.stringify(bad)).to.equal(INVALID_ARGUMENTS);
      expect(refused.errors![0].extensions.code).to.equal('BAD_USER_INPUT');
    }
  });

  it('asks a signed-out visitor to log in', async () => {
    const refused = await footerData(request.agent(app));
    expect(refused.errors![0].message).to.equal(PLEASE_LOG_IN);
  });
});
