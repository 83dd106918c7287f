import { expect } from 'chai';
import type { Express } from 'express';
import { testDb } from '../../support/database.js';
import { signInAsDemo } from '../../support/demo.js';
import { demoPopulation, mainText, ownedPetNum } from './population.js';

const RANK: Record<string, number> = { at_risk: 0, carrier: 1, clear: 2, no_call: 3, not_tested: 4 };
const listed = (html: string) => [...html.matchAll(/class="health-condition call-([a-z_]+)" data-call="[a-z_]+" data-breed-relevant="(true|false)"/g)].map((m) => ({ call: m[1], relevant: m[2] === 'true' }));

describe('health and traits pages', function () {
  this.timeout(180_000);
  let app: Express;
  let biscuit: number;
  let atRiskDog: number;

  before(async () => {
    app = await demoPopulation();
    const db = await testDb();
    biscuit = await ownedPetNum('parent@demo.test', 'Biscuit');
    atRiskDog = (await db('health_results').where({ call: 'at_risk' }).orderBy('pet_num').first('pet_num')).pet_num;
    const parent = await db('users').where({ email: 'parent@demo.test' }).first('id');
    await db('pet_owners').insert({ pet_num: atRiskDog, user_id: parent.id, permission: 'read' }).onConflict(['pet_num', 'user_id']).ignore();
  });

  it('names each condition once: the variants the panel tests under one name carry their variant (issue 35 §5)', async () => {
    const agent = await signInAsDemo(app, 'parent');
    const html = (await agent.get(`/members/results/health?i=${biscuit}`).expect(200)).text;
    const names = [...html.matchAll(/<span class="health-condition__name">([^<]*)<\/span>/g)].map((m) => m[1]);
    expect(names.length).to.be.above(200);
    expect(new Set(names).size).to.equal(names.length);
    expect(names).to.include.members(['Pyruvate Kinase Deficiency (Exon 7, Pug Variant)', 'Pyruvate Kinase Deficiency (Exon 5, Basenji Variant)', 'MDR1 Drug Sensitivity']);
  });

  it('orders conditions at risk first, then carrier, then clear, breed-relevant first within each, with counts', async () => {
    const db = await testDb();
    const agent = await signInAsDemo(app, 'parent');
    for (const petNum of [biscuit, atRiskDog]) {
      const html = (await agent.get(`/members/results/health?i=${petNum}`).expect(200)).text;
      const rows = listed(html);
      const stored = await db('health_results').where({ pet_num: petNum }).select('call', 'is_breed_relevant');
      expect(rows.length).to.equal(stored.length);
      for (let i = 1; i < rows.length; i++) {
        const [a, b] = [rows[i - 1], rows[i]];
        expect(RANK[a.call] < RANK[b.call] || (RANK[a.call] === RANK[b.call] && (a.relevant || !b.relevant)), `row ${i}`).to.equal(true);
      }
      const count = (call: string) => stored.filter((r) => r.call === call).length;
      expect(html).to.include(`data-count="at-risk">${count('at_risk')}<`);
      expect(html).to.include(`data-count="carrier">${count('carrier')}<`);
      expect(html).to.include(`data-count="clear">${count('clear')}<`);
    }
    const atRisk = listed((await agent.get(`/members/results/health?i=${atRiskDog}`)).text);
    expect(atRisk[0].call).to.equal('at_risk');
  });

  it('explains carrier versus at risk and shows each condition with severity, result text and details', async () => {
    const db = await testDb();
    const agent = await signInAsDemo(app, 'parent');
    const html = (await agent.get(`/members/results/health?i=${atRiskDog}`)).text;
    const text = mainText(html);
    expect(text).to.include('Carrier or at risk?');
    expect(text).to.include('A carrier has one copy of a recessive variant');
    const condition = await db('health_results as r').join('health_conditions as c', 'c.id', 'r.health_condition_id').where({ 'r.pet_num': atRiskDog, 'r.call': 'at_risk' }).first('c.name', 'c.gene', 'c.variant', 'c.severity', 'c.citations', 'r.result_text');
    const item = mainText(html.split(condition.name)[1].split('</li>\n')[0]);
    expect(item).to.include('At risk');
    expect(item).to.include(`Result: ${condition.result_text}`);
    expect(item).to.include(`Gene ${condition.gene}`);
    expect(item).to.match(/Mode of inheritance (Autosomal|Incomplete|Codominant|X-linked|Complex)/);
    expect(item).to.include(`Severity ${condition.severity[0].toUpperCase()}${condition.severity.slice(1)} severity`);
    const withUrl = condition.citations.find((ref: { url?: string }) => ref.url);
    if (withUrl) expect(html).to.include(`href="${withUrl.url}"`);
  });

  it("reports the dog's coefficient of inbreeding from its stored genetic stats", async () => {
    const db = await testDb();
    const agent = await signInAsDemo(app, 'parent');
    const { coi } = await db('genetic_stats').where({ pet_num: biscuit }).first('coi');
    const html = (await agent.get(`/members/results/health?i=${biscuit}`)).text;
    expect(html).to.include(`data-inbreeding="${Number(coi).toFixed(4)}"`);
    expect(mainText(html)).to.include(`Coefficient of inbreeding: ${Number(coi).toFixed(4)} (${(Number(coi) * 100).toFixed(1)}%`);
  });

  it('shows the beta flag, and the OFA report link only when showOfaReport is set', async () => {
    const db = await testDb();
    const agent = await signInAsDemo(app, 'parent');
    expect((await agent.get(`/members/results/health?i=${biscuit}`)).text).to.not.include('OFA report');
    const condition = (await db('health_results').where({ pet_num: biscuit }).first('health_condition_id')).health_condition_id;
    await db('health_conditions').where({ id: condition }).update({ is_beta: true });
    await db('pets').where({ pet_num: biscuit }).update({ show_ofa_report: true });
    try {
      const html = (await agent.get(`/members/results/health?i=${biscuit}`)).text;
      expect(html).to.include('OFA report');
      expect(html).to.include('badge--beta');
    } finally {
      await db('health_conditions').where({ id: condition }).update({ is_beta: false });
      await db('pets').where({ pet_num: biscuit }).update({ show_ofa_report: false });
    }
  });

  it('filters breed-relevant and other conditions on the health sub-pages', async () => {
    const db = await testDb();
    const agent = await signInAsDemo(app, 'parent');
    const stored = await db('health_results').where({ pet_num: biscuit }).select('is_breed_relevant');
    const relevant = listed((await agent.get(`/members/results/health/breed-relevant?i=${biscuit}`).expect(200)).text);
    const other = listed((await agent.get(`/members/results/health/other?i=${biscuit}`).expect(200)).text);
    expect(relevant.length).to.equal(stored.filter((r) => r.is_breed_relevant).length);
    expect(other.length).to.equal(stored.filter((r) => !r.is_breed_relevant).length);
    expect(relevant.every((r) => r.relevant)).to.equal(true);
    expect(other.every((r) => !r.relevant)).to.equal(true);
    expect(relevant.length).to.be.greaterThan(0);
  });

  it("groups traits by category in catalogue order with genotype and meaning; 'not tested on this sample' when untested", async () => {
    const db = await testDb();
    const agent = await signInAsDemo(app, 'parent');
    const html = (await agent.get(`/members/results/traits?i=${biscuit}`).expect(200)).text;
    const categories = await db('trait_categories').orderBy('sort_order').pluck('slug');
    const shown = [...html.matchAll(/data-trait-category="([a-z-]+)"/g)].map((m) => m[1]);
    expect(shown).to.deep.equal(categories.filter((slug) => shown.includes(slug)));
    expect(shown.length).to.be.greaterThan(2);
    const trait = await db('trait_results as r').join('trait_loci as l', 'l.id', 'r.trait_locus_id').join('trait_categories as c', 'c.id', 'l.trait_category_id').where({ 'r.pet_num': biscuit, 'r.is_tested': true }).orderBy('l.sort_order').first('l.name', 'r.genotype', 'r.call', 'c.slug');
    const section = mainText(html.split(`data-trait-category="${trait.slug}"`)[1].split('</section>')[0]);
    expect(section).to.include(`${trait.name}`);
    expect(section).to.include(`${trait.genotype} ${trait.call}`);
    const coat = (await db('genetic_stats').where({ pet_num: biscuit }).first('predicted_coat_colour')).predicted_coat_colour;
    expect(mainText(html)).to.include(`Predicted coat colour ${coat}`);

    const locus = await db('trait_results').where({ pet_num: biscuit }).orderBy('trait_locus_id').first();
    await db('trait_results').where({ pet_num: biscuit, trait_locus_id: locus.trait_locus_id }).update({ genotype: null, is_tested: false, call: 'not tested on this sample' });
    try {
      expect(mainText((await agent.get(`/members/results/traits?i=${biscuit}`)).text)).to.include('— not tested on this sample');
    } finally {
      await db('trait_results').where({ pet_num: biscuit, trait_locus_id: locus.trait_locus_id }).update({ genotype: locus.genotype, is_tested: true, call: locus.call });
    }
  });

  it('summarises the breed mix, health counts and top traits on the summary page', async () => {
    const db = await testDb();
    const agent = await signInAsDemo(app, 'parent');
    const text = mainText((await agent.get(`/members/results/summary?i=${atRiskDog}`).expect(200)).text);
    const summary = await db('breed_mix_summaries').where({ pet_num: atRiskDog }).first('breed_mix_name');
    expect(text).to.include(summary.breed_mix_name);
    const calls = await db('health_results').where({ pet_num: atRiskDog }).pluck('call');
    const n = (call: string) => calls.filter((c: string) => c === call).length;
    expect(text).to.include(`${n('at_risk')} at risk, ${n('carrier')} carrier, ${n('clear')} clear of ${calls.length} conditions tested`);
    expect(text).to.include('Predicted coat colour');
  });
});
