import { expect } from 'chai';
import { ingestGenotypeFile } from '../../../server/lab/ingest.js';
import { forgetArrayPanels } from '../../../server/lab/array-panel.js';
import { loadPanel } from '../../../server/lab/panel-load.js';
import { buildSimulatedPanel, createMarkerPanel, locationKey, type MarkerPanel } from '../../../server/genetics/panel.js';
import { unpackGenotype } from '../../../server/genetics/genotype.js';
import { PopulationSimulator } from '../../../server/genetics/simulate/simulator.js';
import { callsOf, type SimulatedDog } from '../../../server/genetics/simulate/dog.js';
import { parseTped, writePlink } from '../../../server/genetics/formats/plink.js';
import type { Db } from '../../../server/db/index.js';
import { resetDatabase, testDb } from '../../support/database.js';
import { dogAwaitingResults, testLab } from '../../support/lab.js';

// How an array's panel is stored: its markers in its own row, in the export's order, keyed by
// position; a position the lab panel has starts with the lab's alleles. No marker rows are added.
// The named variants and lineage markers of these simulated arrays sit at the lab panel's
// positions, as on real arrays.

function arrayOf(seed: number, snpCount = 4000) {
  const panel = buildSimulatedPanel({ snpCount, seed });
  return { panel, simulator: new PopulationSimulator({ panel, seed: seed + 1 }) };
}

async function ingest(db: Db, panel: MarkerPanel, dog: SimulatedDog, extraLines = '') {
  const { petNum, swabCode } = await dogAwaitingResults(db, { sex: dog.sex });
  const written = writePlink(panel, callsOf(dog), { familyId: 'FAM', individualId: String(dog.id), sex: dog.sex });
  const plink = { ...written, tped: written.tped + extraLines };
  const outcome = await ingestGenotypeFile(db, await testLab(db), { fileName: `${dog.id}.tped`, plink, swabCode });
  const genotype = await db('genotypes').where({ pet_num: petNum }).first('panel_id', 'calls', 'marker_count', 'inferred_sex', 'x_heterozygosity');
  const stats = await db('genetic_stats').where({ pet_num: petNum }).first('coi');
  return {
    outcome,
    panelId: genotype.panel_id as number,
    calls: Array.from(unpackGenotype(new Uint8Array(genotype.calls), genotype.marker_count)),
    results: { coi: stats?.coi, sex: genotype.inferred_sex, xHeterozygosity: genotype.x_heterozygosity },
    plink,
  };
}

/** An array panel's markers in order, as its row stores them. */
async function storedPanel(db: Db, panelId: number): Promise<{ name: string; chromosome: number; position: number; ref: string; alt: string }[]> {
  const row = await db('marker_panels').where({ id: panelId }).first('probe_names', 'chromosome_list', 'position_list', 'ref_alleles', 'alt_alleles', 'marker_ids');
  expect(row.marker_ids).to.deep.equal([]);
  const [names, chromosomes, positions] = [row.probe_names.split(' '), row.chromosome_list.split(' '), row.position_list.split(' ')];
  return names.map((name: string, k: number) => ({ name, chromosome: Number(chromosomes[k]), position: Number(positions[k]), ref: row.ref_alleles[k], alt: row.alt_alleles[k] }));
}

describe('storing the panel of a new array', function () {
  this.timeout(120_000);

  before(async () => {
    await resetDatabase(await testDb());
  });

  it("stores its markers in its row, in the export's order, adding no marker rows; a position on the lab panel starts with the lab's alleles", async () => {
    const db = await testDb();
    const lab = await testLab(db);
    const markerRows = Number((await db('markers').count({ n: '*' }).first())?.n);
    const { panel, simulator } = arrayOf(5101);
    const { outcome, panelId, plink } = await ingest(db, panel, simulator.purebred('boxer', 'f'));
    expect(outcome.status).to.equal('released');
    expect(panelId).to.not.equal(lab.panelId);
    expect(Number((await db('markers').count({ n: '*' }).first())?.n)).to.equal(markerRows);

    const own = parseTped(plink.tped).panel.markers.filter((m) => m.chromosome > 0);
    const stored = await storedPanel(db, panelId);
    expect(stored.map((m) => `${m.name}@${locationKey(m.chromosome, m.position)}`)).to.deep.equal(own.map((m) => `${m.id}@${locationKey(m.chromosome, m.position)}`));
    expect((await db('marker_panels').where({ id: panelId }).first('marker_count')).marker_count).to.equal(own.length);

    const labAlleles = new Map(lab.panel.markers.map((m) => [locationKey(m.chromosome, m.position), `${m.ref}/${m.alt}`]));
    const shared = stored.filter((m) => labAlleles.has(locationKey(m.chromosome, m.position)));
    expect(shared.length).to.be.greaterThan(10);
    for (const m of shared) expect(`${m.ref}/${m.alt}`).to.equal(labAlleles.get(locationKey(m.chromosome, m.position)));
    // so the lab's named variants read this array's calls
    const called = await db('health_results').join('genotypes', 'genotypes.pet_num', 'health_results.pet_num').where('genotypes.panel_id', panelId).whereIn('health_results.call', ['clear', 'carrier', 'at_risk']).count({ n: '*' }).first();
    expect(Number(called?.n)).to.be.greaterThan(0);
  });

  it('reads later exports of the array on the stored panel, with the same calls after a restart, learning alleles as it goes', async () => {
    const db = await testDb();
    const { panel, simulator } = arrayOf(5201);
    const [sire, dam] = simulator.breedingPair('whippet');
    const first = await ingest(db, panel, sire);
    const unknownBefore = (await storedPanel(db, first.panelId)).filter((m) => m.alt === 'N').length;

    const warm = await ingest(db, panel, dam);
    forgetArrayPanels();
    const cold = await ingest(db, panel, dam);
    expect([warm.panelId, cold.panelId]).to.deep.equal([first.panelId, first.panelId]);
    expect(cold.calls).to.deep.equal(warm.calls);
    const after = await storedPanel(db, first.panelId);
    expect(after.filter((m) => m.alt === 'N').length).to.be.lessThan(unknownBefore);

    // the raw-data download reads the same panel, in the same order, with the learned alleles
    const loaded = await loadPanel(db, first.panelId);
    expect(loaded.markers.map((m) => `${locationKey(m.chromosome, m.position)} ${m.ref}/${m.alt}`)).to.deep.equal(after.map((m) => `${locationKey(m.chromosome, m.position)} ${m.ref}/${m.alt}`));
  });

  it('leaves out unplaced markers and a second probe at a position, and reads the export the same with or without them', async () => {
    const db = await testDb();
    const { panel, simulator } = arrayOf(5501);
    const dog = simulator.purebred('basenji', 'm');
    const snp = panel.markers.find((m) => m.kind === 'snp' && m.chromosome === 5)!;
    const extra = `0 UNPLACED_1 0 0 A G\n0 UNPLACED_2 0 0 C C\n${snp.chromosome} SECOND_PROBE 0 ${snp.position} T T\n`;
    const withExtras = await ingest(db, panel, dog, extra);
    forgetArrayPanels();
    const plain = await ingest(db, panel, dog);
    expect(withExtras.outcome.status).to.equal('released');
    expect(plain.panelId).to.equal(withExtras.panelId);
    expect((await db('marker_panels').where({ id: plain.panelId }).first('marker_count')).marker_count).to.equal(panel.markers.length);
    expect((await storedPanel(db, plain.panelId)).map((m) => m.name)).to.not.include.members(['UNPLACED_1', 'UNPLACED_2', 'SECOND_PROBE']);
    expect(plain.calls).to.deep.equal(withExtras.calls);
    expect(plain.results).to.deep.equal(withExtras.results);
    expect(withExtras.results.sex).to.equal('m');
  });

  it('stores one panel when the first exports of one array arrive together, another for an array sharing its positions, and compares them by position', async () => {
    const db = await testDb();
    const a = arrayOf(5301);
    // another array: two thirds of the first one's positions
    const bPanel = createMarkerPanel(a.panel.markers.filter((m, i) => m.kind !== 'snp' || i % 3 !== 0));
    const b = { panel: bPanel, simulator: new PopulationSimulator({ panel: bPanel, seed: 5401 }) };
    const both = await Promise.all([
      ingest(db, a.panel, a.simulator.purebred('beagle', 'f')),
      ingest(db, a.panel, a.simulator.purebred('beagle', 'm')),
      ingest(db, b.panel, b.simulator.purebred('pug', 'f')),
    ]);
    expect(both.map((x) => x.outcome.status)).to.deep.equal(['released', 'released', 'released']);
    expect(both[0].panelId).to.equal(both[1].panelId);
    expect(both[2].panelId).to.not.equal(both[0].panelId);
    expect(Number((await db('marker_panels').whereIn('id', [both[0].panelId, both[2].panelId]).count({ n: '*' }).first())?.n)).to.equal(2);
    const [panelA, panelB] = [await loadPanel(db, both[0].panelId), await loadPanel(db, both[2].panelId)];
    const shared = panelB.markers.filter((m) => panelA.indexByLocation.at(m.chromosome, m.position) !== undefined);
    expect(shared.length).to.be.greaterThan(2000);
  });
});
