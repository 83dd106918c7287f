import { expect } from 'chai';
import { ingestGenotypeFile } from '../../../server/lab/ingest.js';
import { buildSimulatedPanel, createMarkerPanel } from '../../../server/genetics/panel.js';
import { remapCalls } from '../../../server/genetics/genotype.js';
import { PopulationSimulator } from '../../../server/genetics/simulate/simulator.js';
import { callsOf, type SimulatedDog } from '../../../server/genetics/simulate/dog.js';
import { writePlink } from '../../../server/genetics/formats/plink.js';
import { resetDatabase, testDb } from '../../support/database.js';
import { dogAwaitingResults, testLab } from '../../support/lab.js';

// Dogs typed on "another company's array": markers at other positions than our panel, except the
// named variants, as a real array export would be.
const arrayPanel = buildSimulatedPanel({ snpCount: 12000, seed: 777 });
const simulator = new PopulationSimulator({ panel: arrayPanel, seed: 4242 });

function plinkOf(dog: SimulatedDog) {
  return writePlink(arrayPanel, callsOf(dog), { familyId: 'FAM', individualId: String(dog.id), sex: dog.sex });
}

describe('lab ingest of real-array exports our panel does not cover', function () {
  this.timeout(120_000);

  before(async () => {
    await resetDatabase(await testDb());
  });

  async function ingest(dog: SimulatedDog, statedSex = dog.sex) {
    const db = await testDb();
    const { petNum, swabCode } = await dogAwaitingResults(db, { sex: statedSex });
    const outcome = await ingestGenotypeFile(db, await testLab(db), { fileName: `${dog.id}.tped`, plink: plinkOf(dog), swabCode });
    return { petNum, outcome };
  }

  it('stores the genotype on the array panel, finds full siblings by KING kinship and not an unrelated dog of the same breed', async () => {
    const db = await testDb();
    const lab = await testLab(db);
    const [sire, dam] = simulator.breedingPair('boxer');
    const [first, second] = simulator.litter(sire, dam, 2);
    const stranger = simulator.purebred('boxer');
    const a = await ingest(first);
    const b = await ingest(second);
    const c = await ingest(stranger);
    expect([a, b, c].map((x) => x.outcome.status)).to.deep.equal(['released', 'released', 'released']);
    const panels = await db('genotypes').whereIn('pet_num', [a.petNum, b.petNum, c.petNum]).distinct('panel_id').pluck('panel_id');
    expect(panels).to.have.length(1);
    expect(panels[0]).to.not.equal(lab.panelId);
    const pair = await db('relatives').where({ pet_num_a: Math.min(a.petNum, b.petNum), pet_num_b: Math.max(a.petNum, b.petNum) }).first();
    expect(pair?.category).to.equal('immediate_family');
    const strangerPairs = await db('relatives').where('pet_num_a', c.petNum).orWhere('pet_num_b', c.petNum).pluck('category');
    expect(strangerPairs).to.not.include('immediate_family').and.not.include('close_family');
  });

  it('finds a full sibling typed on another version of the array, compared on the positions both carry', async () => {
    const db = await testDb();
    // The other version drops every fifth marker and carries a few thousand of its own.
    const extra = buildSimulatedPanel({ snpCount: 3000, seed: 778 }).markers.filter((m) => m.kind === 'snp' && !arrayPanel.indexByLocation.has(`${m.chromosome}:${m.position}`));
    const otherVersion = createMarkerPanel([...arrayPanel.markers.filter((_, i) => i % 5 !== 0), ...extra.map((m) => ({ ...m, id: `v2_${m.id}` }))]);
    const [sire, dam] = simulator.breedingPair('vizsla');
    const [first, second] = simulator.litter(sire, dam, 2);
    const a = await ingest(first);
    const { petNum, swabCode } = await dogAwaitingResults(db, { sex: second.sex });
    const plink = writePlink(otherVersion, remapCalls(arrayPanel, callsOf(second), otherVersion), { familyId: 'FAM', individualId: String(second.id), sex: second.sex });
    const outcome = await ingestGenotypeFile(db, await testLab(db), { fileName: 'v2.tped', plink, swabCode });
    expect(outcome.status).to.equal('released');
    const panels = await db('genotypes').whereIn('pet_num', [a.petNum, petNum]).distinct('panel_id').pluck('panel_id');
    expect(panels).to.have.length(2);
    const pair = await db('relatives').where({ pet_num_a: Math.min(a.petNum, petNum), pet_num_b: Math.max(a.petNum, petNum) }).first();
    expect(pair?.category).to.equal('immediate_family');
  });

  it("says 'not tested on this sample' for what the array does not cover, and reads the named variants it does", async () => {
    const db = await testDb();
    const { petNum } = await ingest(simulator.purebred('beagle', 'f'));
    expect(await db('breed_mix_rows').where({ pet_num: petNum })).to.have.length(0);
    expect((await db('breed_mix_summaries').where({ pet_num: petNum }).first()).breed_mix_name).to.equal('not tested on this sample');
    const calls = await db('health_results').where({ pet_num: petNum }).pluck('call');
    expect(calls.filter((call) => call === 'clear' || call === 'carrier' || call === 'at_risk').length).to.be.greaterThan(0);
  });

  it('computes COI from runs of homozygosity on the array: a pup of two siblings is more inbred', async () => {
    const db = await testDb();
    const [sire, dam] = simulator.breedingPair('whippet');
    const [brother, sister] = [simulator.mate(sire, dam, 'm'), simulator.mate(sire, dam, 'f')];
    const inbred = await ingest(simulator.mate(brother, sister, 'f'));
    const outbred = await ingest(simulator.purebred('whippet', 'f'));
    const coi = async (petNum: number) => Number((await db('genetic_stats').where({ pet_num: petNum }).first('coi')).coi);
    expect(await coi(inbred.petNum)).to.be.greaterThan((await coi(outbred.petNum)) + 0.1);
  });

  it('holds for lab review an export whose X chromosome contradicts the stated sex', async () => {
    const { outcome } = await ingest(simulator.purebred('pug', 'm'), 'f');
    expect(outcome.status).to.equal('held');
  });
});
