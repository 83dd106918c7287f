import { expect } from 'chai';
import { loadDemoDataIfEmpty } from '../../../server/demo/seed.js';
import { DEMO_AWAITING_SWAB } from '../../../server/demo/accounts.js';
import { ingestGenotypeFile } from '../../../server/lab/ingest.js';
import { offspringCalls } from '../../../server/lab/offspring.js';
import { unpackGenotype } from '../../../server/genetics/genotype.js';
import { writeTsvGenotypes } from '../../../server/genetics/formats/tsv.js';
import { resetDatabase, testDb } from '../../support/database.js';
import { matchRelativesNow, testLab } from '../../support/lab.js';
import { matchmakerCandidates, ownMatchmakerDog } from '../../../server/breeders/matchmaker-queries.js';
import { parseMatchmakerRequest, sortColumnIndex, withDogDefaults } from '../../../server/shared/matchmaker-rules.js';

const petsOf = async (email: string) => {
  const db = await testDb();
  return db('pets').join('pet_owners', 'pet_owners.pet_num', 'pets.pet_num').join('users', 'users.id', 'pet_owners.user_id').where('users.email', email).select('pets.pet_num', 'pets.name', 'pets.sex');
};

describe('demo data with a simulated population', function () {
  this.timeout(180_000);

  before(async () => {
    const db = await testDb();
    await resetDatabase(db);
    await loadDemoDataIfEmpty(db, { populationSize: 160, lab: await testLab(db), currentYear: 2026 });
  });

  it('gives every simulated dog a swab, genotype and computed results', async () => {
    const db = await testDb();
    const withGenotype = Number((await db('genotypes').count('* as c'))[0].c);
    expect(withGenotype).to.equal(160);
    expect(Number((await db('breed_mix_summaries').count('* as c'))[0].c)).to.equal(160);
    const calls = await db('health_results').select('call').count('* as c').groupBy('call');
    const byCall = Object.fromEntries(calls.map((row) => [row.call, Number(row.c)]));
    expect(byCall.clear).to.be.greaterThan(0);
    expect((byCall.carrier ?? 0) + (byCall.at_risk ?? 0)).to.be.greaterThan(0);
  });

  it('gives the pet parent Biscuit, with close family among the tested dogs, and Maple awaiting her age test', async () => {
    const db = await testDb();
    const pets = await petsOf('parent@demo.test');
    expect(pets.map((p) => p.name).sort()).to.deep.equal(['Biscuit', 'Maple']);
    const biscuit = pets.find((p) => p.name === 'Biscuit')!;
    const relatives = await db('relatives').where('pet_num_a', biscuit.pet_num).orWhere('pet_num_b', biscuit.pet_num).pluck('category');
    expect(relatives.some((c) => c === 'immediate_family' || c === 'close_family')).to.equal(true);
    const maple = pets.find((p) => p.name === 'Maple')!;
    // As the README tells them: Biscuit a male, Maple a female.
    expect(await db('pets').whereIn('pet_num', [biscuit.pet_num, maple.pet_num]).orderBy('name').pluck('sex')).to.deep.equal(['m', 'f']);
    const { date_of_birth: born } = await db('pets').where({ pet_num: biscuit.pet_num }).first('date_of_birth');
    expect(new Date(born).getUTCFullYear(), 'Biscuit is grown, not a puppy').to.be.at.most(new Date().getUTCFullYear() - 2);
    expect(await db('age_tests').where({ pet_num: maple.pet_num }).first('status')).to.deep.equal({ status: 'processing' });
    expect(await db('genetic_stats').where({ pet_num: maple.pet_num }).first('predicted_weight_lbs')).to.not.equal(undefined);
  });

  it('gives the breeder a tested litter with its parents, as immediate family', async () => {
    const db = await testDb();
    const pets = await petsOf('breeder@demo.test');
    expect(pets.length).to.be.at.least(10);
    expect(pets.every((p) => p.name.startsWith('Sunny Meadow'))).to.equal(true);
    expect(new Set(pets.map((p) => p.name)).size, 'one name per kennel dog').to.equal(pets.length);
    const nums = pets.map((p) => p.pet_num);
    const family = await db('relatives').whereIn('pet_num_a', nums).whereIn('pet_num_b', nums).where({ category: 'immediate_family' });
    expect(family.length).to.be.at.least(3);
  });

  it('gives the breeder a saved kennel profile and a matchmaker that offers the kennel\u2019s dogs real relatives', async () => {
    const db = await testDb();
    const lab = await testLab(db);
    const breeder = await db('users').where({ email: 'breeder@demo.test' }).first('id');
    const profile = await db('kennel_profiles').where({ user_id: breeder.id }).first();
    expect(profile).to.include({ slug: 'sunny-meadow-kennels', location: 'Ithaca, New York' });
    expect(profile.description).to.not.equal('');
    expect(profile.breed_slugs).to.not.be.empty;
    const own = await db('pets').join('pet_owners', 'pet_owners.pet_num', 'pets.pet_num').join('genotypes', 'genotypes.pet_num', 'pets.pet_num').where('pet_owners.user_id', breeder.id).pluck('pets.pet_num');
    let related = 0;
    for (const petNum of own) {
      const dog = (await ownMatchmakerDog(db, breeder.id, petNum))!;
      const page = await matchmakerCandidates(db, lab, dog, parseMatchmakerRequest({ length: 10, order: [{ column: 5, dir: 'desc' }] }));
      expect(page.rows.map((row) => row.petNum)).to.not.include.members(own);
      related += page.rows.filter((row) => row.related && row.offspringCoi! >= 0.15).length;
    }
    expect(related).to.be.at.least(2);
  });

  it('houses the demo owners, the kennel near Ithaca: the matchmaker finds mates within 100 miles, nearest first (issue 36 §25)', async () => {
    const db = await testDb();
    const lab = await testLab(db);
    const breeder = await db('users').where({ email: 'breeder@demo.test' }).first('id');
    const homes = await db('locations').where({ location_type: 'live' }).whereNotNull('pet_num').count('* as n').first();
    const pets = await db('pets').count('* as n').first();
    expect(Number(homes!.n) / Number(pets!.n), 'share of dogs with a home').to.be.within(0.6, 1);
    const own = await db('pets').join('pet_owners', 'pet_owners.pet_num', 'pets.pet_num').join('genotypes', 'genotypes.pet_num', 'pets.pet_num').where('pet_owners.user_id', breeder.id).orderBy('pets.pet_num').pluck('pets.pet_num');
    const dog = (await ownMatchmakerDog(db, breeder.id, own[0]))!;
    expect(dog.lngLat).to.not.equal(null);
    const near = await matchmakerCandidates(db, lab, dog, parseMatchmakerRequest({ length: 100, filters: { maxDistanceMiles: 100 }, order: [{ column: sortColumnIndex('distance'), dir: 'asc' }] }));
    expect(near.rows.length, 'mates within 100 miles').to.be.at.least(3);
    const miles = near.rows.map((row) => row.distanceMiles!);
    expect(miles.every((d) => d <= 100)).to.equal(true);
    expect(miles).to.deep.equal([...miles].sort((a, b) => a - b));
  });

  it("offers the demo breeder's purebred female mates of her own breed, and no wolves, by default (issue 36 §25)", async () => {
    const db = await testDb();
    const breeder = await db('users').where({ email: 'breeder@demo.test' }).first('id');
    const female = await db('pets').join('pet_owners', 'pet_owners.pet_num', 'pets.pet_num').join('genotypes', 'genotypes.pet_num', 'pets.pet_num').where({ 'pet_owners.user_id': breeder.id, 'pets.sex': 'f', 'pets.breed_type': 'purebred' }).orderBy('pets.pet_num').first('pets.pet_num');
    const dog = (await ownMatchmakerDog(db, breeder.id, female.pet_num))!;
    expect(dog.purebredSlug).to.be.a('string');
    const input = { length: 100 };
    const parsed = parseMatchmakerRequest(input);
    const page = await matchmakerCandidates(db, await testLab(db), dog, { ...parsed, filters: withDogDefaults(parsed.filters, input, dog.purebredSlug) });
    expect(page.rows.length).to.be.greaterThan(0);
    const ownBreed = (await db('breeds').where({ slug: dog.purebredSlug }).first('name')).name;
    expect([...new Set(page.rows.map((row) => row.breed))]).to.deep.equal([ownBreed]);
  });

  it('leaves the breeder a swab waiting for results, and a puppy of two demo dogs ingested there finds both parents', async () => {
    const db = await testDb();
    const lab = await testLab(db);
    const swab = await db('swabs').where({ swab_code: DEMO_AWAITING_SWAB }).first();
    expect(swab.swab_state).to.equal('activated');
    const tested = await db('pets')
      .join('pet_owners', 'pet_owners.pet_num', 'pets.pet_num')
      .join('users', 'users.id', 'pet_owners.user_id')
      .join('genotypes', 'genotypes.pet_num', 'pets.pet_num')
      .where('users.email', 'breeder@demo.test')
      .orderBy('pets.date_of_birth')
      .select('pets.pet_num', 'pets.sex', 'genotypes.calls', 'genotypes.marker_count');
    const sire = tested.find((p) => p.sex === 'm')!;
    const dam = tested.find((p) => p.sex === 'f')!;
    const unpack = (row: { calls: Buffer; marker_count: number }) => unpackGenotype(new Uint8Array(row.calls), row.marker_count);
    const pup = offspringCalls(lab.panel, unpack(sire), unpack(dam), 'f', 7);
    const outcome = await ingestGenotypeFile(db, lab, { fileName: 'nova.tsv', text: writeTsvGenotypes(lab.panel, pup, { swabCode: DEMO_AWAITING_SWAB }) });
    expect(outcome.status).to.equal('released');
    await matchRelativesNow(db);
    const related = await db('relatives').where('pet_num_a', swab.pet_num).orWhere('pet_num_b', swab.pet_num).select('pet_num_a', 'pet_num_b', 'category');
    const immediate = related.filter((r) => r.category === 'immediate_family').map((r) => (r.pet_num_a === swab.pet_num ? r.pet_num_b : r.pet_num_a));
    expect(immediate).to.include.members([sire.pet_num, dam.pet_num]);
    const mix = await db('breed_mix_rows').join('breeds', 'breeds.id', 'breed_mix_rows.breed_id').where({ pet_num: swab.pet_num }).orderBy('rank').first('breeds.slug');
    const parentMix = await db('breed_mix_rows').join('breeds', 'breeds.id', 'breed_mix_rows.breed_id').where({ pet_num: dam.pet_num }).orderBy('rank').first('breeds.slug');
    expect(mix.slug).to.equal(parentMix.slug);
  });
});
