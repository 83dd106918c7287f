import { expect } from 'chai';
import { ingestGenotypeFile, IngestError } from '../../../server/lab/ingest.js';
import { resetDatabase, testDb } from '../../support/database.js';
import { dogAwaitingResults, genotypeFile, matchRelativesNow, testLab, testWorld } from '../../support/lab.js';

async function countRows(table: string): Promise<number> {
  const db = await testDb();
  return Number((await db(table).count('* as c'))[0].c);
}

describe('lab ingest of raw-data files', function () {
  this.timeout(60_000);

  beforeEach(async () => {
    await resetDatabase(await testDb());
  });

  it('stores the genotype and every result, releases the swab and queues one e-mail', async () => {
    const db = await testDb();
    const lab = await testLab(db);
    const { petNum, swabCode, owner } = await dogAwaitingResults(db, { sex: 'f' });
    const beagle = testWorld().simulator.purebred('beagle', 'f');
    const outcome = await ingestGenotypeFile(db, lab, { fileName: 'beagle.tsv', text: genotypeFile(beagle, swabCode) });
    expect(outcome).to.include({ status: 'released', petNum, swabCode });

    const top = await db('breed_mix_rows').join('breeds', 'breeds.id', 'breed_mix_rows.breed_id').where({ pet_num: petNum }).orderBy('rank').first('breeds.slug', 'pct', 'color_index');
    expect(top.slug).to.equal('beagle');
    expect(Number(top.pct)).to.be.at.least(90);
    expect(top.color_index).to.equal(1);
    const summary = await db('breed_mix_summaries').where({ pet_num: petNum }).first();
    expect(summary).to.include({ breed_type: 'purebred', breed_mix_scenario: 'purebred', breed_mix_name: 'Beagle' });
    expect(await db('health_results').where({ pet_num: petNum }).count('* as c')).to.deep.equal([{ c: await countRows('health_conditions') }]);
    expect(Number((await db('trait_results').where({ pet_num: petNum }).count('* as c'))[0].c)).to.equal(await countRows('trait_loci'));
    const stats = await db('genetic_stats').where({ pet_num: petNum }).first();
    expect(Number(stats.predicted_weight_lbs)).to.be.within(12, 50);
    expect(Number(stats.wolfiness)).to.be.lessThan(5);
    expect(stats.predicted_coat_colour).to.be.a('string');

    const swab = await db('swabs').where({ swab_code: swabCode }).first();
    expect(swab.swab_state).to.equal('released');
    expect(swab.health_results_released_at).to.not.equal(null);
    expect(swab.breed_results_released_at).to.not.equal(null);
    const sample = await db('samples').where({ swab_id: swab.id }).first();
    expect(sample.sample_state).to.equal('released');
    const genotype = await db('genotypes').where({ pet_num: petNum }).first();
    expect(genotype.marker_count).to.equal(lab.panel.markers.length);
    expect(genotype.calls.length).to.equal(Math.ceil(lab.panel.markers.length / 4));
    expect(genotype.inferred_sex).to.equal('f');

    const mail = await db('outbox').where({ user_id: owner.id });
    expect(mail).to.have.length(1);
    expect(mail[0].subject).to.match(/results are ready/);
  });

  it('changes nothing when the same file is ingested twice', async () => {
    const db = await testDb();
    const lab = await testLab(db);
    const { swabCode } = await dogAwaitingResults(db);
    const text = genotypeFile(testWorld().simulator.purebred('boxer', 'f'), swabCode);
    await ingestGenotypeFile(db, lab, { fileName: 'a.tsv', text });
    const before = { genotypes: await countRows('genotypes'), outbox: await countRows('outbox'), health: await countRows('health_results') };
    const again = await ingestGenotypeFile(db, lab, { fileName: 'a.tsv', text });
    expect(again.status).to.equal('unchanged');
    expect({ genotypes: await countRows('genotypes'), outbox: await countRows('outbox'), health: await countRows('health_results') }).to.deep.equal(before);
  });

  it('finds a parent and its pup as immediate family, both ways', async () => {
    const db = await testDb();
    const lab = await testLab(db);
    const { simulator } = testWorld();
    const [sire, dam] = simulator.breedingPair('labrador-retriever');
    const pup = simulator.mate(sire, dam, 'm');
    const parent = await dogAwaitingResults(db, { sex: 'f' });
    const child = await dogAwaitingResults(db, { sex: 'm' });
    await ingestGenotypeFile(db, lab, { fileName: 'dam.tsv', text: genotypeFile(dam, parent.swabCode) });
    const outcome = await ingestGenotypeFile(db, lab, { fileName: 'pup.tsv', text: genotypeFile(pup, child.swabCode) });
    expect(outcome).to.deep.include({ status: 'released', relatives: { matchingJobs: 1 } });
    expect(await db('relatives')).to.deep.equal([], 'relatives are matched by the jobs the release queued');
    expect(await matchRelativesNow(db)).to.deep.equal({ done: 2, failed: 0 });
    const [pair] = await db('relatives');
    expect(pair).to.include({ pet_num_a: Math.min(parent.petNum, child.petNum), pet_num_b: Math.max(parent.petNum, child.petNum), category: 'immediate_family' });
    expect(pair.display_relatedness).to.match(/^shares \d+\.\d% of DNA$/);
  });

  it('holds the results for lab review when the genotype contradicts the stated sex', async () => {
    const db = await testDb();
    const lab = await testLab(db);
    const { swabCode, petNum } = await dogAwaitingResults(db, { sex: 'f' });
    const male = testWorld().simulator.purebred('pug', 'm');
    const outcome = await ingestGenotypeFile(db, lab, { fileName: 'pug.tsv', text: genotypeFile(male, swabCode) });
    expect(outcome.status).to.equal('held');
    expect(outcome.status === 'held' && outcome.reason).to.match(/^The dog is registered as female, but its DNA looks male \(X heterozygosity 0\.\d{3}\)$/);
    const swab = await db('swabs').where({ swab_code: swabCode }).first();
    expect(swab.swab_state).to.equal('processing');
    expect(swab.breed_results_released_at).to.equal(null);
    expect((await db('samples').where({ swab_id: swab.id }).first()).sample_state).to.equal('lab_review');
    expect(await db('outbox').count('* as c')).to.deep.equal([{ c: 0 }]);
    const held = await db('genotypes').where({ pet_num: petNum }).first();
    expect(held).to.include({ lab_review_hold: true, is_current: false });
    // nothing of what may be another dog's sample is shown as this dog's results
    for (const table of ['breed_mix_summaries', 'breed_mix_rows', 'health_results', 'trait_results', 'genetic_stats']) {
      expect(await db(table).where({ pet_num: petNum }).count('* as c'), table).to.deep.equal([{ c: 0 }]);
    }

    // once the stated sex is corrected, the same file goes through
    await db('pets').where({ pet_num: petNum }).update({ sex: 'm' });
    const again = await ingestGenotypeFile(db, lab, { fileName: 'pug.tsv', text: genotypeFile(male, swabCode) });
    expect(again.status).to.equal('released');
    expect(await db('genotypes').where({ pet_num: petNum })).to.have.length(1);
    expect((await db('genotypes').where({ pet_num: petNum }).first()).is_current).to.equal(true);
    expect((await db('breed_mix_rows').join('breeds', 'breeds.id', 'breed_mix_rows.breed_id').where({ pet_num: petNum, rank: 1 }).first('breeds.slug')).slug).to.equal('pug');
  });

  it('keeps the released results of a swab when another file comes for it, and replaces them only when asked', async () => {
    const db = await testDb();
    const lab = await testLab(db);
    const { swabCode, petNum } = await dogAwaitingResults(db, { sex: 'f' });
    const beagle = testWorld().simulator.purebred('beagle', 'f');
    await ingestGenotypeFile(db, lab, { fileName: 'beagle.tsv', text: genotypeFile(beagle, swabCode) });
    const topBreed = async () => (await db('breed_mix_rows').join('breeds', 'breeds.id', 'breed_mix_rows.breed_id').where({ pet_num: petNum, rank: 1 }).first('breeds.slug')).slug;
    const state = async () => ({
      genotypes: await db('genotypes').where({ pet_num: petNum }).orderBy('id').select('id', 'is_current', 'lab_review_hold'),
      samples: await db('samples').join('swabs', 'swabs.id', 'samples.swab_id').where('swabs.swab_code', swabCode).orderBy('samples.id').select('samples.id', 'sample_state'),
      swab: (await db('swabs').where({ swab_code: swabCode }).first('swab_state')).swab_state,
      top: await topBreed(),
    });
    const released = await state();

    const collie = testWorld().simulator.purebred('collie', 'f');
    let refusal: unknown;
    await ingestGenotypeFile(db, lab, { fileName: 'collie.tsv', text: genotypeFile(collie, swabCode) }).catch((error: unknown) => (refusal = error));
    expect(refusal).to.be.instanceOf(IngestError);
    expect((refusal as Error).message).to.equal(`line 1: Swab ${swabCode} already has released results, from another file; nothing changed. To replace them with this file, tick “Replace released results” (--replace on the command line).`);
    expect(await state()).to.deep.equal(released);

    // a replacement that contradicts the dog's sex is held, and the released results stay
    const pug = testWorld().simulator.purebred('pug', 'm');
    const held = await ingestGenotypeFile(db, lab, { fileName: 'pug.tsv', text: genotypeFile(pug, swabCode) }, { replaceReleased: true });
    expect(held.status).to.equal('held');
    expect(held.status === 'held' && held.reason).to.match(/the released results stay$/);
    const afterHeld = await state();
    expect(afterHeld.top).to.equal('beagle');
    expect(afterHeld.swab).to.equal('released');
    expect(afterHeld.genotypes.filter((g: { is_current: boolean }) => g.is_current)).to.deep.equal(released.genotypes);

    const replaced = await ingestGenotypeFile(db, lab, { fileName: 'collie.tsv', text: genotypeFile(collie, swabCode) }, { replaceReleased: true });
    expect(replaced.status).to.equal('released');
    const after = await state();
    expect(after.top).to.equal('collie');
    expect(after.swab).to.equal('released');
    expect(after.samples.map((sample: { sample_state: string }) => sample.sample_state)).to.deep.equal(['released', 'lab_review', 'released']);
    expect(after.genotypes.filter((g: { is_current: boolean }) => g.is_current)).to.have.length(1);
    expect(after.genotypes.find((g: { is_current: boolean }) => g.is_current).id).to.be.greaterThan(released.genotypes[0].id);
  });

  it("gives a dog whose sex its owner did not state the sex its DNA shows, and keeps a stated one", async () => {
    const db = await testDb();
    const lab = await testLab(db);
    const unknown = await dogAwaitingResults(db);
    await db('pets').where({ pet_num: unknown.petNum }).update({ sex: null });
    expect((await ingestGenotypeFile(db, lab, { fileName: 'm.tsv', text: genotypeFile(testWorld().simulator.purebred('pug', 'm'), unknown.swabCode) })).status).to.equal('released');
    expect((await db('pets').where({ pet_num: unknown.petNum }).first('sex')).sex).to.equal('m');
    const stated = await dogAwaitingResults(db, { sex: 'f' });
    await ingestGenotypeFile(db, lab, { fileName: 'f.tsv', text: genotypeFile(testWorld().simulator.purebred('pug', 'f'), stated.swabCode) });
    expect((await db('pets').where({ pet_num: stated.petNum }).first('sex')).sex).to.equal('f');
  });

  describe('refuses bad files with an error naming the line, writing nothing', () => {
    async function refused(mutate: (lines: string[]) => string[], message: RegExp, line?: number) {
      const db = await testDb();
      const lab = await testLab(db);
      const { swabCode } = await dogAwaitingResults(db);
      const lines = genotypeFile(testWorld().simulator.purebred('collie', 'f'), swabCode).split('\n');
      const text = mutate(lines).join('\n');
      const before = { genotypes: await countRows('genotypes'), samples: await countRows('samples'), results: await countRows('health_results') };
      let error: unknown;
      try {
        await ingestGenotypeFile(db, lab, { fileName: 'bad.tsv', text });
      } catch (caught) {
        error = caught;
      }
      expect(error).to.be.instanceOf(IngestError);
      expect((error as Error).message).to.match(message);
      if (line !== undefined) expect((error as IngestError).line).to.equal(line);
      expect({ genotypes: await countRows('genotypes'), samples: await countRows('samples'), results: await countRows('health_results') }).to.deep.equal(before);
      expect((await db('swabs').where({ swab_code: swabCode }).first()).swab_state).to.equal('activated');
    }
    const firstData = (lines: string[]) => lines.findIndex((l) => l && !l.startsWith('#'));
    const genotypeLines = () => genotypeFile(testWorld().simulator.purebred('collie', 'f'), 'ANYSWAB').split('\n');

    // Lines count from 1, as an editor shows them.
    it('an unknown marker', () => {
      const lines = genotypeLines();
      const at = firstData(lines);
      return refused((all) => {
        all[at] = all[at].replace(/^\S+/, 'chrUn_999');
        return all;
      }, new RegExp(`line ${at + 1}\\b.*unknown marker|unknown marker.*line ${at + 1}\\b`, 'i'), at + 1);
    });

    it('a bad genotype', () => {
      const at = firstData(genotypeLines()) + 5;
      return refused((all) => {
        all[at] = all[at].replace(/\S+$/, 'XZ');
        return all;
      }, new RegExp(`line ${at + 1}\\b.*genotype|genotype.*line ${at + 1}\\b`, 'i'), at + 1);
    });

    it('too many no-calls', () => refused((lines) => lines.map((l, i) => (i > 10 && !l.startsWith('#') && i % 4 === 0 ? l.replace(/\S+$/, '--') : l)), /no-call|missing/i));

    it('an unknown swab', () => refused((lines) => lines.map((l) => (/^#\s*swab:/i.test(l) ? '# swab: NOSUCHSWAB0001' : l)), /Unknown swab NOSUCHSWAB0001/));
  });
});
