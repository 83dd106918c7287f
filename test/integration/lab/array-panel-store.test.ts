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

// How an array's panel is stored: its markers once, keyed by position, in the export's order as
// one array on the panel; what the lab panel already has stays the lab's. The named variants and
// lineage markers of these simulated arrays sit at the lab panel's positions, as on real arrays.

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

/** The panel's markers in order, as stored. */
async function storedPanel(db: Db, panelId: number): Promise<{ id: number; chromosome: number; position: number; ref: string; alt: string }[]> {
  const { rows } = await db.raw(
    `select m.id, m.chromosome, m.position, m.ref_allele as ref, m.alt_allele as alt
       from marker_panels p cross join unnest(p.marker_ids) with ordinality as u(marker_id, idx) join markers m on m.id = u.marker_id
      where p.id = ? order by u.idx`,
    [panelId],
  );
  return rows;
}

describe('storing the panel of a new array', function () {
  this.timeout(120_000);

  before(async () => {
    await resetDatabase(await testDb());
  });

  it("stores its markers once, in the export's order; a position on the lab panel keeps the lab's marker and alleles", async () => {
    const db = await testDb();
    const lab = await testLab(db);
    const { panel, simulator } = arrayOf(5101);
    const { outcome, panelId, plink } = await ingest(db, panel, simulator.purebred('boxer', 'f'));
    expect(outcome.status).to.equal('released');
    expect(panelId).to.not.equal(lab.panelId);

    const own = parseTped(plink.tped).panel.markers.filter((m) => m.chromosome > 0);
    const stored = await storedPanel(db, panelId);
    expect(stored.map((m) => locationKey(m.chromosome, m.position))).to.deep.equal(own.map((m) => locationKey(m.chromosome, m.position)));
    expect((await db('marker_panels').where({ id: panelId }).first('marker_count')).marker_count).to.equal(own.length);
    expect(new Set(stored.map((m) => m.id)).size).to.equal(own.length);

    const labMarkers = new Map((await storedPanel(db, lab.panelId)).map((m) => [locationKey(m.chromosome, m.position), m]));
    const shared = stored.filter((m) => labMarkers.has(locationKey(m.chromosome, m.position)));
    expect(shared.length).to.be.greaterThan(10);
    for (const m of shared) expect(m).to.deep.equal(labMarkers.get(locationKey(m.chromosome, m.position)));
    const labAlleles = new Map(lab.panel.markers.map((m) => [locationKey(m.chromosome, m.position), `${m.ref}/${m.alt}`]));
    for (const m of shared) expect(`${m.ref}/${m.alt}`).to.equal(labAlleles.get(locationKey(m.chromosome, m.position)));
    // the lab's named variants still say what they test
    const variants = await db('marker_variants').whereIn('marker_id', shared.map((m) => m.id)).count({ n: '*' }).first();
    expect(Number(variants?.n)).to.be.greaterThan(0);
  });

  it('reads later exports of the array on the stored panel, with the same calls after a restart, learning alleles as it goes', async () => {
    const db = await testDb();
    const { panel, simulator } = arrayOf(5201);
    const [sire, dam] = simulator.breedingPair('whippet');
    const first = await ingest(db, panel, sire);
    const markerRows = Number((await db('markers').count({ n: '*' }).first())?.n);
    const unknownBefore = (await storedPanel(db, first.panelId)).filter((m) => m.alt === 'N').length;

    const warm = await ingest(db, panel, dam);
    forgetArrayPanels();
    const cold = await ingest(db, panel, dam);
    expect([warm.panelId, cold.panelId]).to.deep.equal([first.panelId, first.panelId]);
    expect(cold.calls).to.deep.equal(warm.calls);
    expect(Number((await db('markers').count({ n: '*' }).first())?.n)).to.equal(markerRows);
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
    expect(await db('markers').whereIn('name', ['UNPLACED_1', 'UNPLACED_2', 'SECOND_PROBE']).count({ n: '*' }).first()).to.deep.include({ n: 0 });
    expect(plain.calls).to.deep.equal(withExtras.calls);
    expect(plain.results).to.deep.equal(withExtras.results);
    expect(withExtras.results.sex).to.equal('m');
  });

  it('stores each position once when the first exports of two arrays sharing positions, and of one array, arrive together', async () => {
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
    const [panelA, panelB] = [await storedPanel(db, both[0].panelId), await storedPanel(db, both[2].panelId)];
    const idsA = new Map(panelA.map((m) => [locationKey(m.chromosome, m.position), m.id]));
    const sharedPositions = panelB.filter((m) => idsA.has(locationKey(m.chromosome, m.position)));
    expect(sharedPositions.length).to.be.greaterThan(2000);
    for (const m of sharedPositions) expect(m.id).to.equal(idsA.get(locationKey(m.chromosome, m.position)));
    const duplicates = await db.raw('select chromosome, position from markers where chromosome > 0 group by chromosome, position having count(*) > 1');
    expect(duplicates.rows).to.deep.equal([]);
  });
});
