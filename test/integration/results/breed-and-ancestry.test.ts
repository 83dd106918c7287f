import { expect } from 'chai';
import type { Express } from 'express';
import { testDb } from '../../support/database.js';
import { signInAsDemo } from '../../support/demo.js';
import { shareOwnership } from '../../support/factories.js';
import { demoPopulation, mainText, ownedPetNum } from './population.js';

async function storedMix(petNum: number) {
  const db = await testDb();
  return db('breed_mix_rows').join('breeds', 'breeds.id', 'breed_mix_rows.breed_id').where({ pet_num: petNum }).orderBy('rank').select('breeds.name', 'pct', 'color_index', 'is_trace');
}

describe('breed & ancestry page', function () {
  this.timeout(180_000);
  let app: Express;
  let biscuit: number;
  let withTraces: number;

  before(async () => {
    app = await demoPopulation();
    const db = await testDb();
    biscuit = await ownedPetNum('parent@demo.test', 'Biscuit');
    // A simulated dog with trace breeds, shared with the pet parent for these tests.
    withTraces = (await db('breed_mix_rows').where({ is_trace: true }).orderBy('pet_num').first('pet_num')).pet_num;
    const parent = await db('users').where({ email: 'parent@demo.test' }).first('id');
    if (!(await db('pet_owners').where({ pet_num: withTraces, user_id: parent.id }).first())) await shareOwnership(db, withTraces, parent.id, 'read');
  });

  it('lists every named breed with the stored percentage to one decimal, in the donut and the list', async () => {
    const agent = await signInAsDemo(app, 'parent');
    const html = (await agent.get(`/members/results/breed-and-ancestry?i=${biscuit}`).expect(200)).text;
    const text = mainText(html);
    const rows = (await storedMix(biscuit)).filter((row) => !row.is_trace);
    expect(rows.length).to.be.greaterThan(0);
    for (const row of rows) {
      expect(text).to.include(`${row.name} ${Number(row.pct).toFixed(1)}%`);
      expect(html).to.match(new RegExp(`breed-wheel__segment breed-color-${row.color_index}"[^>]*stroke-width="17"`));
    }
    const summary = await (await testDb())('breed_mix_summaries').where({ pet_num: biscuit }).first();
    expect(text).to.include(summary.breed_mix_name);
    expect(html).to.include('data-breed-mix-scenario');
  });

  it('sums trace breeds into a Supermutt entry with colour 9 and lists each trace breed', async () => {
    const agent = await signInAsDemo(app, 'parent');
    const html = (await agent.get(`/members/results/breed-and-ancestry?i=${withTraces}`).expect(200)).text;
    const rows = await storedMix(withTraces);
    const named = rows.filter((r) => !r.is_trace).reduce((sum, r) => sum + Number(r.pct), 0);
    const supermutt = (Math.round((100 - named) * 10) / 10).toFixed(1);
    expect(html).to.match(new RegExp(`breed-list__item breed-color-9"[\\s\\S]*?Supermutt</span>\\s*<span class="breed-list__pct">${supermutt}%`));
    expect(html).to.match(/breed-wheel__segment breed-color-9/);
    const traces = mainText(html.split('data-trace-breeds')[1]);
    for (const row of rows.filter((r) => r.is_trace)) expect(traces).to.include(`${row.name} ${Number(row.pct).toFixed(1)}%`);
  });

  it('fills each breed percent ring by the percent detected', async () => {
    const agent = await signInAsDemo(app, 'parent');
    const html = (await agent.get(`/members/results/breed-and-ancestry?i=${biscuit}`).expect(200)).text;
    const [top] = await storedMix(biscuit);
    const circumference = 2 * Math.PI * 30;
    const filled = ((Number(top.pct) / 100) * circumference).toFixed(3);
    expect(html).to.include(`class="percent-ring__fill" cx="38.5" cy="38.5" r="30" fill="none" stroke-width="17" stroke-dasharray="${filled} `);
  });

  it('shows the family tree: parents inferred from older immediate family, or an explanation', async () => {
    const db = await testDb();
    const agent = await signInAsDemo(app, 'parent');
    const text = mainText((await agent.get(`/members/results/breed-and-ancestry?i=${biscuit}`)).text);
    expect(text).to.include('Family tree');
    const me = await db('pets').where({ pet_num: biscuit }).first('date_of_birth');
    const olderImmediate = await db('relatives as r')
      .join('pets as p', 'p.pet_num', db.raw('case when r.pet_num_a = ? then r.pet_num_b else r.pet_num_a end', [biscuit]))
      .where((q) => q.where('r.pet_num_a', biscuit).orWhere('r.pet_num_b', biscuit))
      .where('r.category', 'immediate_family')
      .where('p.date_of_birth', '<=', db.raw("?::date - interval '330 days'", [me.date_of_birth]))
      .select('p.sex');
    if (olderImmediate.length > 0) {
      expect(text).to.include('Inferred from DNA');
      expect(text).to.match(olderImmediate.some((p) => p.sex === 'm') ? /Parents \S+ Sire / : /Parents \S+ Dam /);
    } else {
      expect(text).to.include('No parents have been found yet');
    }

    await db('family_tree_links').insert([
      { pet_num: withTraces, path: 'S', name: 'Recorded Sire' },
      { pet_num: withTraces, path: 'DS', name: "Dam's Sire Dog" },
      { pet_num: withTraces, path: 'SSD', name: 'Great Granddam' },
    ]);
    try {
      const recorded = mainText((await agent.get(`/members/results/breed-and-ancestry?i=${withTraces}`)).text);
      // Each with its avatar: recorded names that are no tested dog show their initial.
      expect(recorded).to.match(/Parents R Sire Recorded Sire/);
      expect(recorded).to.match(/Grandparents D Dam's sire Dam's Sire Dog/);
      expect(recorded).to.match(/Great-grandparents G Sire's sire's dam Great Granddam/);
    } finally {
      await db('family_tree_links').where({ pet_num: withTraces }).delete();
    }
  });

  it('shows the maternal and paternal haplotypes the lab called, and similar public dogs sharing the top breed', async () => {
    const db = await testDb();
    const agent = await signInAsDemo(app, 'parent');
    const html = (await agent.get(`/members/results/breed-and-ancestry?i=${biscuit}`)).text;
    const rows = await db('haplotypes').where({ pet_num: biscuit }).select('lineage', 'call', 'haplogroup', 'haplotype');
    const pet = await db('pets').where({ pet_num: biscuit }).first('sex');
    const maternal = rows.find((row) => row.lineage === 'maternal');
    expect(maternal).to.include({ call: 'called' });
    expect(mainText(html)).to.include(`Maternal haplotype ${maternal.haplotype} (haplogroup ${maternal.haplogroup})`);
    const paternal = rows.find((row) => row.lineage === 'paternal');
    if (pet.sex.trim() === 'm') expect(mainText(html)).to.include(`Paternal haplotype ${paternal.haplotype} (haplogroup ${paternal.haplogroup})`);
    else {
      expect(paternal).to.equal(undefined);
      expect(mainText(html)).to.include('Paternal haplotype Not available: only males carry a paternal (Y chromosome) haplotype.');
    }
    const topBreed = (await db('breed_mix_rows').where({ pet_num: biscuit, rank: 1 }).first('breed_id')).breed_id;
    const similar = await db('breed_mix_rows as r').join('pets', 'pets.pet_num', 'r.pet_num').where({ 'r.breed_id': topBreed, 'r.rank': 1, 'pets.privacy': 'public', 'pets.is_hidden': false }).whereNot('pets.pet_num', biscuit).pluck('pets.handle');
    const links = [...(html.split('data-similar-pets')[1] ?? '').split('</ul>')[0].matchAll(/href="\/dog\/([^"]+)"/g)].map((m) => decodeURIComponent(m[1]));
    expect(links.length).to.equal(Math.min(4, similar.length));
    for (const handle of links) expect(similar).to.include(handle);
  });

  it('has breed results tabs and breed info tabs (description, dogs of the breed, stats) that work without a script', async () => {
    const agent = await signInAsDemo(app, 'parent');
    const html = (await agent.get(`/members/results/breed-and-ancestry?i=${biscuit}`)).text;
    expect(html).to.include('data-breed-results-tabs');
    for (const anchor of ['breed-mix', 'family-tree', 'haplotypes', 'similar-pets']) {
      expect(html).to.include(`href="#${anchor}"`);
      expect(html).to.include(`id="${anchor}"`);
    }
    const [top] = await storedMix(biscuit);
    expect(html).to.include(`<summary>About the ${top.name}</summary>`);
    for (const tab of ['description', 'embark-dogs', 'stats']) expect(html).to.match(new RegExp(`id="breed-\\d+-${tab}"`));
    expect(mainText(html)).to.match(/Tested dogs with this breed \d+/);
  });
});
