import { expect } from 'chai';
import type { Express } from 'express';
import type { Knex } from 'knex';
import { csrfToken, graphql, type Agent } from '../../support/app.js';
import { testDb } from '../../support/database.js';
import { signInAsDemo } from '../../support/demo.js';
import { demoPopulation, ownedPetNum } from '../results/population.js';
import { NOT_AUTHORIZED } from '../../../server/shared/messages.js';
import { loadBreedMix } from '../../../server/results/breed-mix.js';
import { SUPERMUTT } from '../../../server/genetics/compute/breed-mix.js';

const PET_RESULTS = /* GraphQL */ `
  query ($n: Int!) {
    me {
      petByPetNum(petNum: $n) {
        petNum
        lifeStage
        hasSwab
        hasActivatedProducts
        hasPendingResults
        isHealthReady
        isNonhealthReady
        showTraits
        isUpgradeAvailable
        swabSummary { id swabCode swabState sampleState productType productPurchaseSource activatedDate healthResultsReleasedDate breedResultsReleasedDate comprehensiveUpgradePurchasedDate }
        genotype {
          breedType breed1name breed1pct predictedWeight displayPredictedWeight wolfiness displayWolfiness wolfinessContext
          breedMix { breedName breedPct displayBreedPercent colorIndex barWidthPercentage isSupermutt }
        }
        ancestry {
          breeds { name ancestryLabel percentage displayPercentage colorIndex image }
          traceBreeds { name percentage }
          breedMixScenario breedMixName
          similarPets { name href displayBreedPercent }
          familyTree { source parents { role name } grandParents { role } greatGrandParents { role } }
          maternalHaplotype { lineage call haplotype haplogroup displayText }
          paternalHaplotype { lineage call haplotype haplogroup }
        }
        healthResults { id name severity call resultText isBreedRelevant isBeta description gene moi variants references { citation url } }
        traits { name slug traits { name gene genotype meaning isTested } }
        ageTest { status activatedAt releasedResult { resultsUuid predictedBirthday isAccurate isUserFeedbackCollected } }
        microbiomeTests { createdAt testType state reportUrl resultsReleasedAt }
        preferences { shareCareResourcesSurveys shareCareResourcesProfileAndResults }
        careResources { targets { category name } }
        practiceLocation { name placeId formattedAddress }
        locations { born { addressInput } from { addressInput } live { addressInput formattedAddress } }
      }
    }
  }
`;

async function petResults(agent: Agent, petNum: number) {
  const response = await graphql(agent, PET_RESULTS, { n: petNum });
  expect(response.body.errors, JSON.stringify(response.body.errors)).to.equal(undefined);
  return response.body.data.me.petByPetNum;
}

describe('GraphQL pet results', function () {
  this.timeout(180_000);
  let app: Express;
  let db: Knex;
  let biscuit: number;
  let maple: number;

  before(async () => {
    app = await demoPopulation();
    db = await testDb();
    biscuit = await ownedPetNum('parent@demo.test', 'Biscuit');
    maple = await ownedPetNum('parent@demo.test', 'Maple');
  });

  it('exposes the breed mix as the breed page shows it, percentages equal to breed_mix_rows', async () => {
    const agent = await signInAsDemo(app, 'parent');
    for (const petNum of [biscuit, maple]) {
      const pet = await petResults(agent, petNum);
      const rows = await db('breed_mix_rows').join('breeds', 'breeds.id', 'breed_mix_rows.breed_id').where({ pet_num: petNum }).orderBy('rank').select('breeds.name', 'pct', 'color_index', 'is_trace');
      const named = rows.filter((row) => !row.is_trace);
      const mix = pet.genotype.breedMix;
      expect(mix.slice(0, named.length).map((b: { breedName: string; breedPct: number; colorIndex: number }) => [b.breedName, b.breedPct, b.colorIndex])).to.deep.equal(
        named.map((row) => [row.name, Number(row.pct), row.color_index]),
      );
      const hasTraces = rows.some((row) => row.is_trace);
      expect(mix.length).to.equal(named.length + (hasTraces ? 1 : 0));
      if (hasTraces) expect(mix[mix.length - 1]).to.include({ breedName: SUPERMUTT, isSupermutt: true, colorIndex: 9 });
      for (const entry of mix) {
        expect(entry.colorIndex).to.be.within(1, 9);
        expect(entry.displayBreedPercent).to.equal(`${entry.breedPct.toFixed(1)}%`);
      }
      const barTotal = mix.reduce((sum: number, b: { barWidthPercentage: number }) => sum + b.barWidthPercentage, 0);
      expect(barTotal).to.be.closeTo(100, 0.5);

      const page = (await loadBreedMix(db, petNum))!;
      expect(pet.genotype.breed1name).to.equal(page.topBreed?.breedName ?? null);
      expect(pet.genotype.breedType).to.equal(page.breedType);
      expect(pet.ancestry.breedMixName).to.equal(page.breedMixName);
      expect(pet.ancestry.breedMixScenario).to.equal(page.breedMixScenario);
      expect(pet.ancestry.breeds.map((b: { name: string; percentage: number }) => [b.name, b.percentage])).to.deep.equal(page.breeds.map((b) => [b.breedName, b.breedPct]));
      expect(pet.ancestry.traceBreeds.map((b: { name: string }) => b.name)).to.deep.equal(page.traceBreeds.map((b) => b.breedName));
      expect(['recorded', 'inferred', 'none']).to.include(pet.ancestry.familyTree.source);

      const lineages = await db('haplotypes').where({ pet_num: petNum }).select('lineage', 'call', 'haplotype', 'haplogroup');
      const sex = (await db('pets').where({ pet_num: petNum }).first('sex')).sex.trim();
      const maternal = lineages.find((row) => row.lineage === 'maternal');
      expect(maternal.call).to.equal('called');
      expect(pet.ancestry.maternalHaplotype).to.deep.equal({ ...maternal, displayText: `${maternal.haplotype} (haplogroup ${maternal.haplogroup})` });
      if (sex === 'm') expect(pet.ancestry.paternalHaplotype).to.deep.equal(lineages.find((row) => row.lineage === 'paternal'));
      else expect(pet.ancestry.paternalHaplotype).to.equal(null);
    }
  });

  it('shows genetic stats, flags and the swab summary of a released comprehensive swab', async () => {
    const pet = await petResults(await signInAsDemo(app, 'parent'), biscuit);
    const stats = await db('genetic_stats').where({ pet_num: biscuit }).first();
    const dob = await db('pets').where({ pet_num: biscuit }).first('date_of_birth');
    expect(pet.genotype.predictedWeight).to.equal(Number(stats.predicted_weight_lbs));
    expect(pet.genotype.displayPredictedWeight).to.equal(`${Math.round(Number(stats.predicted_weight_lbs))} lbs`);
    expect(pet.genotype.wolfiness).to.equal(Math.min(100, Number(stats.wolfiness)));
    expect(dob.date_of_birth, 'Biscuit has a birth date').to.be.a('string');
    expect(pet.lifeStage).to.be.oneOf(['Puppy', 'YoungAdult', 'MatureAdult', 'Senior', 'Geriatric']);
    expect(pet).to.include({ hasSwab: true, hasActivatedProducts: true, hasPendingResults: false, isHealthReady: true, isNonhealthReady: true, showTraits: true, isUpgradeAvailable: false });
    const swab = await db('swabs').where({ pet_num: biscuit, is_methylation: false }).orderBy('created_at', 'desc').first();
    expect(pet.swabSummary).to.include({ id: String(swab.id), swabCode: swab.swab_code, swabState: 'released', productType: swab.product_type, comprehensiveUpgradePurchasedDate: null });
    expect(new Date(pet.swabSummary.breedResultsReleasedDate).getTime()).to.equal(new Date(swab.breed_results_released_at).getTime());
  });

  it('offers the upgrade only for a BreedAndAncestry swab without the comprehensive upgrade', async () => {
    const agent = await signInAsDemo(app, 'parent');
    const swab = await db('swabs').where({ pet_num: biscuit, is_methylation: false }).orderBy('created_at', 'desc').first('id', 'product_type');
    const upgrade = async () => (await graphql(agent, 'query($n: Int!) { me { petByPetNum(petNum: $n) { isUpgradeAvailable } } }', { n: biscuit })).body.data.me.petByPetNum.isUpgradeAvailable;
    try {
      await db('swabs').where({ id: swab.id }).update({ product_type: 'BreedAndAncestry' });
      expect(await upgrade()).to.equal(true);
      await db('swabs').where({ id: swab.id }).update({ comprehensive_upgrade_purchased_at: db.fn.now() });
      expect(await upgrade()).to.equal(false);
    } finally {
      await db('swabs').where({ id: swab.id }).update({ product_type: swab.product_type, comprehensive_upgrade_purchased_at: null });
    }
  });

  it('names the life stage by the spec\u2019s table: a 67 lb dog is a Mature Adult at four years, a Senior at nine', async () => {
    const agent = await signInAsDemo(app, 'parent');
    const stage = async () => (await graphql(agent, 'query($n: Int!) { me { petByPetNum(petNum: $n) { lifeStage } } }', { n: biscuit })).body.data.me.petByPetNum.lifeStage;
    const saved = { pet: await db('pets').where({ pet_num: biscuit }).first('date_of_birth'), stats: await db('genetic_stats').where({ pet_num: biscuit }).first('predicted_weight_lbs') };
    const yearsAgo = (years: number) => db.raw(`(current_date - interval '${years} years' - interval '1 month')::date`);
    try {
      await db('genetic_stats').where({ pet_num: biscuit }).update({ predicted_weight_lbs: 67 });
      await db('pets').where({ pet_num: biscuit }).update({ date_of_birth: yearsAgo(4) });
      expect(await stage()).to.equal('MatureAdult');
      await db('pets').where({ pet_num: biscuit }).update({ date_of_birth: yearsAgo(9) });
      expect(await stage()).to.equal('Senior');
    } finally {
      await db('pets').where({ pet_num: biscuit }).update({ date_of_birth: saved.pet.date_of_birth });
      await db('genetic_stats').where({ pet_num: biscuit }).update({ predicted_weight_lbs: saved.stats.predicted_weight_lbs });
    }
  });

  it("gives Maple's age test as 'processing' with no life stage and no result", async () => {
    const pet = await petResults(await signInAsDemo(app, 'parent'), maple);
    expect(pet.ageTest.status).to.equal('processing');
    expect(pet.ageTest.activatedAt).to.be.a('string');
    expect(pet.ageTest.releasedResult).to.equal(null);
    expect(pet.lifeStage).to.equal(null);
    expect(pet.microbiomeTests).to.deep.equal([]);
  });

  it('orders health results as the health page does, and filters by breed relevance', async () => {
    const agent = await signInAsDemo(app, 'parent');
    const pet = await petResults(agent, biscuit);
    // what the lab stored, and the order the health page promises: at risk, carrier, clear; breed-relevant first within each
    const stored = await db('health_results as r').join('health_conditions as c', 'c.id', 'r.health_condition_id').where({ 'r.pet_num': biscuit })
      .select('c.id', 'c.name', 'c.gene', 'c.severity', 'c.citations', 'r.call', 'r.result_text', 'r.is_breed_relevant');
    const rank: Record<string, number> = { at_risk: 0, carrier: 1, clear: 2 };
    const listed: { id: number; name: string; call: string; gene: string; severity: string; resultText: string; isBreedRelevant: boolean; references: { citation: string; url: string | null }[] }[] = pet.healthResults;
    // several variants of a condition share its name (issue 35 §5): each result is matched by its condition's id
    expect(listed.map((c) => c.id).sort()).to.deep.equal(stored.map((c) => c.id).sort());
    for (let i = 1; i < listed.length; i++) {
      const [a, b] = [listed[i - 1], listed[i]];
      const [ra, rb] = [rank[a.call] ?? 3, rank[b.call] ?? 3];
      expect(ra < rb || (ra === rb && (a.isBreedRelevant || !b.isBreedRelevant)), `${a.name} before ${b.name}`).to.equal(true);
    }
    for (const condition of listed) {
      const row = stored.find((c) => c.id === condition.id)!;
      expect(condition, condition.name).to.include({ name: row.name, call: row.call, resultText: row.result_text, gene: row.gene, severity: row.severity, isBreedRelevant: row.is_breed_relevant });
      expect(condition.references.map((r) => r.citation), condition.name).to.deep.equal(row.citations.map((r: { citation: string }) => r.citation));
    }
    const filtered = async (value: boolean) =>
      (await graphql(agent, `query($n: Int!) { me { petByPetNum(petNum: $n) { healthResults(breedRelevant: ${value}) { id isBreedRelevant } } } }`, { n: biscuit })).body.data.me.petByPetNum.healthResults;
    expect((await filtered(true)).map((c: { id: number }) => c.id).sort()).to.deep.equal(stored.filter((c) => c.is_breed_relevant).map((c) => c.id).sort());
    expect((await filtered(false)).map((c: { id: number }) => c.id).sort()).to.deep.equal(stored.filter((c) => !c.is_breed_relevant).map((c) => c.id).sort());
  });

  it('groups traits by category as the traits page does', async () => {
    const pet = await petResults(await signInAsDemo(app, 'parent'), biscuit);
    // every locus the lab stored, once, under its catalogue category, categories in the catalogue's order
    const stored = await db('trait_results as r').join('trait_loci as l', 'l.id', 'r.trait_locus_id').join('trait_categories as c', 'c.id', 'l.trait_category_id')
      .where({ 'r.pet_num': biscuit }).select('l.name', 'r.genotype', 'c.slug', 'c.sort_order');
    const categories: { slug: string; traits: { name: string; genotype: string | null }[] }[] = pet.traits;
    expect(categories.length).to.be.greaterThan(1);
    const sortOrder = new Map(stored.map((row) => [row.slug, row.sort_order]));
    const orders = categories.map((c) => sortOrder.get(c.slug));
    expect(orders).to.deep.equal([...orders].sort((x, y) => x - y));
    const listed = categories.flatMap((c) => c.traits.map((t) => [c.slug, t.name, t.genotype]));
    expect(listed.map((row) => row.join('|')).sort()).to.deep.equal(stored.map((row) => [row.slug, row.name, row.genotype].join('|')).sort());
  });

  it('answers preferences, care resource targets and places; null and empty when there are none', async () => {
    const agent = await signInAsDemo(app, 'parent');
    // the demo family lives in Cortland, NY; without a place recorded, live is null
    expect((await petResults(agent, maple)).locations.live).to.deep.equal({ addressInput: null, formattedAddress: 'Cortland, NY, USA' });
    await db('locations').where({ pet_num: maple }).delete();
    const before = await petResults(agent, maple);
    expect(before.preferences).to.deep.equal({ shareCareResourcesSurveys: false, shareCareResourcesProfileAndResults: false });
    expect(before.practiceLocation).to.equal(null);
    expect(before.locations).to.deep.equal({ born: null, from: null, live: null });

    const breed = await db('breed_mix_rows').join('breeds', 'breeds.id', 'breed_mix_rows.breed_id').where({ pet_num: maple, rank: 1 }).first('breeds.id', 'breeds.name');
    const [{ id: resourceId }] = await db('care_resources').insert({ slug: 'graphql-test-breed-care', title: 'Caring for your breed', url: 'https://example.com/care', priority: 9999 }).returning('id');
    await db('care_resource_targets').insert({ care_resource_id: resourceId, category: 'breed', breed_id: breed.id });
    await db('pets').where({ pet_num: maple }).update({ share_care_resources_surveys: true });
    await db('locations').insert([
      { pet_num: maple, location_type: 'live', address_input: 'Ithaca', formatted_address: 'Ithaca, NY, USA' },
      { pet_num: maple, location_type: 'practice', name: 'Cayuga Vet', place_id: 'place-1', formatted_address: '1 Main St, Ithaca, NY' },
    ]);
    try {
      const after = await petResults(agent, maple);
      expect(after.preferences.shareCareResourcesSurveys).to.equal(true);
      expect(after.careResources.targets[0]).to.deep.equal({ category: 'breed', name: breed.name });
      expect(after.practiceLocation).to.deep.equal({ name: 'Cayuga Vet', placeId: 'place-1', formattedAddress: '1 Main St, Ithaca, NY' });
      expect(after.locations).to.deep.equal({ born: null, from: null, live: { addressInput: 'Ithaca', formattedAddress: 'Ithaca, NY, USA' } });
    } finally {
      await db('care_resources').where({ id: resourceId }).delete();
      await db('locations').where({ pet_num: maple }).delete();
      await db('pets').where({ pet_num: maple }).update({ share_care_resources_surveys: false });
    }
  });

  it("batches a breeder's dogs into a bounded number of queries", async () => {
    const agent = await signInAsDemo(app, 'breeder');
    const dogCount = (await db('pet_owners').join('users', 'users.id', 'pet_owners.user_id').where('users.email', 'breeder@demo.test').count('* as c'))[0].c;
    expect(Number(dogCount)).to.be.at.least(12);
    const token = await csrfToken(agent, '/help');
    const countQueries = async (args: string) => {
      let count = 0;
      const listener = () => count++;
      db.on('query', listener);
      try {
        const response = await agent
          .post('/graphql')
          .set('x-csrf-token', token)
          .send({ query: `{ me { pets${args} { genotype { breedMix { breedName } } healthResults { name } } } }` });
        expect(response.body.errors).to.equal(undefined);
        return { count, pets: response.body.data.me.pets.length };
      } finally {
        db.removeListener('query', listener);
      }
    };
    await countQueries('(limit: 1)'); // reads the session, which later requests find kept (issue 18)
    const one = await countQueries('(limit: 1)');
    const all = await countQueries('');
    expect(one.pets).to.equal(1);
    expect(all.pets).to.equal(Number(dogCount));
    // The user, the pet list, then breed mix (2), genetic stats and health results: the same for 1 dog or 13.
    expect(all.count).to.equal(one.count);
    expect(all.count).to.be.at.most(10);
  });

  it("answers every dog's family tree and similar dogs as the breed page does, in a bounded number of queries", async () => {
    const agent = await signInAsDemo(app, 'breeder');
    const fields = PET_RESULTS.slice(PET_RESULTS.indexOf('petByPetNum(petNum: $n) {') + 'petByPetNum(petNum: $n) {'.length, PET_RESULTS.lastIndexOf('}', PET_RESULTS.lastIndexOf('}', PET_RESULTS.lastIndexOf('}') - 1) - 1));
    const token = await csrfToken(agent, '/help');
    let count = 0;
    const listener = () => count++;
    db.on('query', listener);
    let response;
    try {
      response = await agent.post('/graphql').set('x-csrf-token', token).send({ query: `{ me { pets { petNum ${fields} } } }` });
    } finally {
      db.removeListener('query', listener);
    }
    expect(response.body.errors, JSON.stringify(response.body.errors)).to.equal(undefined);
    const pets = response.body.data.me.pets;
    expect(pets.length).to.be.at.least(12);
    // About twenty batched queries, whatever the number of dogs (one per field group).
    expect(count).to.be.at.most(25);
    // The breeder's litter has its parents among the breeder's dogs.
    expect(pets.some((pet: { ancestry: { familyTree: { parents: unknown[] } } | null }) => (pet.ancestry?.familyTree.parents.length ?? 0) > 0)).to.equal(true);
    expect(pets.some((pet: { ancestry: { similarPets: unknown[] } | null }) => (pet.ancestry?.similarPets.length ?? 0) > 0)).to.equal(true);
    // Checked against the stored rows, not against the loaders the resolvers call.
    for (const pet of pets) {
      if (!pet.ancestry) continue;
      const links = await db('family_tree_links').where({ pet_num: pet.petNum }).whereRaw('length(path) = 1').orderBy('path').select('path');
      if (links.length > 0) {
        expect(pet.ancestry.familyTree.source).to.equal('recorded');
        expect(pet.ancestry.familyTree.parents.map((m: { role: string }) => m.role)).to.deep.equal(links.map((link) => (link.path === 'S' ? 'Sire' : 'Dam')));
      }
      const top = await db('breed_mix_rows').where({ pet_num: pet.petNum, is_trace: false }).orderBy('rank').first('breed_id');
      const similar = pet.ancestry.similarPets as { href: string; displayBreedPercent: string }[];
      expect(similar.length).to.be.at.most(4);
      for (const link of similar) {
        const handle = decodeURIComponent(link.href.replace('/dog/', ''));
        const row = await db('pets').join('breed_mix_rows as r', 'r.pet_num', 'pets.pet_num').where({ 'pets.handle': handle, 'r.rank': 1 }).first('pets.pet_num', 'pets.privacy', 'r.breed_id', 'r.pct');
        expect(row, handle).to.include({ privacy: 'public', breed_id: top.breed_id });
        expect(row.pet_num).to.not.equal(pet.petNum);
        expect(link.displayBreedPercent).to.equal(`${Number(row.pct).toFixed(1)}%`);
      }
      const shares = similar.map((link) => Number(link.displayBreedPercent.replace('%', '')));
      expect(shares).to.deep.equal([...shares].sort((a, b) => b - a));
    }
  });

  it("answers 'Not Authorized' for another user's dog", async () => {
    const response = await graphql(await signInAsDemo(app, 'newbie'), PET_RESULTS, { n: biscuit });
    expect(response.body.data.me.petByPetNum).to.equal(null);
    expect(response.body.errors[0].message).to.equal(NOT_AUTHORIZED);
  });

  it("lets a vet read a patient's results, read-only", async () => {
    const agent = await signInAsDemo(app, 'vet');
    const pet = await petResults(agent, biscuit);
    const ownersView = await petResults(await signInAsDemo(app, 'parent'), biscuit);
    expect(pet.healthResults.map((c: { name: string }) => c.name)).to.deep.equal(ownersView.healthResults.map((c: { name: string }) => c.name));
    expect(pet.healthResults.length).to.equal(Number((await db('health_results').where({ pet_num: biscuit }).count('* as n').first())!.n));
    expect(pet.genotype.breedMix.length).to.be.greaterThan(0);
    const permissions = await graphql(agent, 'query($n: Int!) { me { petByPetNum(petNum: $n) { permissions { isEditable isReadOnly } } } }', { n: biscuit });
    expect(permissions.body.data.me.petByPetNum.permissions).to.deep.equal({ isEditable: false, isReadOnly: true });
  });
});
