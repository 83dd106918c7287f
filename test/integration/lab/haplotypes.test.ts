import { expect } from 'chai';
import type { Express } from 'express';
import { ingestGenotypeFile } from '../../../server/lab/ingest.js';
import { writePlink } from '../../../server/genetics/formats/plink.js';
import { haplogroupOf, MATERNAL_TREE, PATERNAL_TREE } from '../../../server/genetics/catalogue/lineages.js';
import { buildSimulatedPanel } from '../../../server/genetics/panel.js';
import { PopulationSimulator } from '../../../server/genetics/simulate/simulator.js';
import { callsOf, type SimulatedDog } from '../../../server/genetics/simulate/dog.js';
import { graphql, signIn, testApp } from '../../support/app.js';
import { resetDatabase, testDb } from '../../support/database.js';
import { TEST_PASSWORD } from '../../support/factories.js';
import { dogAwaitingResults, genotypeFile, testLab, testWorld } from '../../support/lab.js';
import { mainText } from '../results/population.js';

const withoutLineageLines = (text: string, pattern: RegExp) => text.split('\n').filter((line) => !pattern.test(line)).join('\n');

const ANCESTRY = /* GraphQL */ `
  query ($n: Int!) {
    me { petByPetNum(petNum: $n) { ancestry {
      maternalHaplotype { lineage call haplotype haplogroup branches displayText }
      paternalHaplotype { lineage call haplotype haplogroup displayText }
    } } }
  }
`;

async function haplotypeRows(petNum: number) {
  const db = await testDb();
  return db('haplotypes').where({ pet_num: petNum }).orderBy('lineage').select('lineage', 'call', 'haplogroup', 'haplotype');
}

describe('maternal and paternal haplotypes at ingest', function () {
  this.timeout(120_000);
  let app: Express;

  before(async () => {
    await resetDatabase(await testDb());
    app = await testApp();
  });

  async function ingestTsv(dog: SimulatedDog, edit: (text: string) => string = (text) => text) {
    const db = await testDb();
    const lab = await testLab(db);
    const awaiting = await dogAwaitingResults(db, { sex: dog.sex });
    const outcome = await ingestGenotypeFile(db, lab, { fileName: `${dog.id}.tsv`, text: edit(genotypeFile(dog, awaiting.swabCode)) });
    expect(outcome.status).to.equal('released');
    return awaiting;
  }

  it('stores the maternal and paternal haplotype of a male, and shows them on the breed page and in GraphQL', async () => {
    const { simulator } = testWorld();
    const [sire, dam] = simulator.breedingPair('beagle');
    const son = simulator.mate(sire, dam, 'm');
    const { petNum, owner } = await ingestTsv(son);
    const mtGroup = haplogroupOf(MATERNAL_TREE, dam.mtHaplotype)!;
    const yGroup = haplogroupOf(PATERNAL_TREE, sire.yHaplotype!)!;
    expect(await haplotypeRows(petNum)).to.deep.equal([
      { lineage: 'maternal', call: 'called', haplogroup: mtGroup, haplotype: dam.mtHaplotype },
      { lineage: 'paternal', call: 'called', haplogroup: yGroup, haplotype: sire.yHaplotype },
    ]);

    const agent = await signIn(app, owner.email, TEST_PASSWORD);
    const text = mainText((await agent.get(`/members/results/breed-and-ancestry?i=${petNum}`).expect(200)).text);
    expect(text).to.include(`Maternal haplotype ${dam.mtHaplotype} (haplogroup ${mtGroup})`);
    expect(text).to.include(`Paternal haplotype ${sire.yHaplotype} (haplogroup ${yGroup})`);
    expect(text).to.include('inherits its mitochondria from its mother');

    const response = await graphql(agent, ANCESTRY, { n: petNum });
    expect(response.body.errors).to.equal(undefined);
    const { maternalHaplotype, paternalHaplotype } = response.body.data.me.petByPetNum.ancestry;
    expect(maternalHaplotype).to.deep.include({ lineage: 'maternal', call: 'called', haplotype: dam.mtHaplotype, haplogroup: mtGroup, displayText: `${dam.mtHaplotype} (haplogroup ${mtGroup})` });
    expect(maternalHaplotype.branches.slice(-2)).to.deep.equal([mtGroup, dam.mtHaplotype]);
    expect(paternalHaplotype).to.deep.include({ lineage: 'paternal', call: 'called', haplotype: sire.yHaplotype, haplogroup: yGroup });
  });

  it('gives a female her maternal haplotype only', async () => {
    const { simulator } = testWorld();
    const [sire, dam] = simulator.breedingPair('boxer');
    const daughter = simulator.mate(sire, dam, 'f');
    const { petNum, owner } = await ingestTsv(daughter);
    expect(await haplotypeRows(petNum)).to.deep.equal([{ lineage: 'maternal', call: 'called', haplogroup: haplogroupOf(MATERNAL_TREE, dam.mtHaplotype), haplotype: dam.mtHaplotype }]);
    const agent = await signIn(app, owner.email, TEST_PASSWORD);
    const text = mainText((await agent.get(`/members/results/breed-and-ancestry?i=${petNum}`)).text);
    expect(text).to.include('Paternal haplotype Not available: only males carry a paternal (Y chromosome) haplotype.');
    const response = await graphql(agent, ANCESTRY, { n: petNum });
    expect(response.body.data.me.petByPetNum.ancestry.paternalHaplotype).to.equal(null);
    expect(response.body.data.me.petByPetNum.ancestry.maternalHaplotype.haplotype).to.equal(dam.mtHaplotype);
  });

  it("says 'not tested on this sample' for a file without Y and mitochondrial markers", async () => {
    const male = testWorld().simulator.purebred('rottweiler', 'm');
    const { petNum, owner } = await ingestTsv(male, (text) => withoutLineageLines(text, /\t(40|42)\t/));
    expect(await haplotypeRows(petNum)).to.deep.equal([
      { lineage: 'maternal', call: 'not_tested', haplogroup: null, haplotype: null },
      { lineage: 'paternal', call: 'not_tested', haplogroup: null, haplotype: null },
    ]);
    const agent = await signIn(app, owner.email, TEST_PASSWORD);
    const text = mainText((await agent.get(`/members/results/breed-and-ancestry?i=${petNum}`)).text);
    expect(text).to.include('Maternal haplotype not tested on this sample');
    expect(text).to.include('Paternal haplotype not tested on this sample');
    const response = await graphql(agent, ANCESTRY, { n: petNum });
    expect(response.body.data.me.petByPetNum.ancestry.maternalHaplotype).to.deep.include({ call: 'not_tested', haplotype: null, haplogroup: null, displayText: 'not tested on this sample', branches: [] });
  });

  it('reads a PLINK export on our panel with or without chromosomes 40 and 42', async () => {
    const db = await testDb();
    const lab = await testLab(db);
    const male = testWorld().simulator.purebred('boxer', 'm');
    const { tped, tfam } = writePlink(lab.panel, callsOf(male), { familyId: 'F', individualId: 'I', sex: 'm' });
    expect(tped).to.match(/^40 chrY_\d+ 0\.0000 \d+ [ACGT] [ACGT]$/m);
    expect(tped).to.match(/^42 chrMT_\d+ 0\.0000 \d+ [ACGT] [ACGT]$/m);
    for (const [text, expected] of [[tped, 'called'], [withoutLineageLines(tped, /^(40|42) /), 'not_tested']] as const) {
      const { petNum, swabCode } = await dogAwaitingResults(db, { sex: 'm' });
      await ingestGenotypeFile(db, lab, { fileName: 'dog.tped', plink: { tped: text, tfam }, swabCode });
      const rows = await haplotypeRows(petNum);
      expect(rows.map((r) => r.call)).to.deep.equal([expected, expected]);
      if (expected === 'called') expect(rows.map((r) => r.haplotype)).to.deep.equal([male.mtHaplotype, male.yHaplotype]);
    }
  });

  it("calls lineages from another array's own Y and mitochondrial markers, and 'not tested' when its export has none", async () => {
    const db = await testDb();
    const lab = await testLab(db);
    const arrayPanel = buildSimulatedPanel({ snpCount: 12000, seed: 777 });
    const simulator = new PopulationSimulator({ panel: arrayPanel, seed: 99 });
    const male = simulator.purebred('beagle', 'm');
    const { tped, tfam } = writePlink(arrayPanel, callsOf(male), { familyId: 'F', individualId: 'I', sex: 'm' });
    for (const [text, expected] of [[tped, 'called'], [withoutLineageLines(tped, /^(40|42) /), 'not_tested']] as const) {
      const { petNum, swabCode } = await dogAwaitingResults(db, { sex: 'm' });
      await ingestGenotypeFile(db, lab, { fileName: 'dog.tped', plink: { tped: text, tfam }, swabCode });
      const genotype = await db('genotypes').where({ pet_num: petNum }).first('panel_id');
      expect(genotype.panel_id).to.not.equal(lab.panelId);
      const rows = await haplotypeRows(petNum);
      expect(rows.map((r) => r.call)).to.deep.equal([expected, expected]);
      if (expected === 'called') expect(rows.map((r) => r.haplotype)).to.deep.equal([male.mtHaplotype, male.yHaplotype]);
    }
  });

  it('writes chromosomes 40 and 42 in the raw-data download, no-calls on the Y of a female', async () => {
    const { simulator } = testWorld();
    const female = simulator.purebred('pug', 'f');
    const { petNum, owner } = await ingestTsv(female);
    const agent = await signIn(app, owner.email, TEST_PASSWORD);
    const tped = (await agent.get(`/members/pet/${petNum}/raw-data?format=tped`).expect(200)).text;
    const y = tped.split('\n').filter((line) => line.startsWith('40 '));
    const mt = tped.split('\n').filter((line) => line.startsWith('42 '));
    expect(y.length).to.be.greaterThan(0);
    expect(y.every((line) => line.endsWith(' 0 0'))).to.equal(true);
    expect(mt.length).to.be.greaterThan(0);
    expect(mt.every((line) => /([ACGT]) \1$/.test(line))).to.equal(true);
    const tsv = (await agent.get(`/members/pet/${petNum}/raw-data?format=tsv`).expect(200)).text;
    expect(tsv).to.match(/^chrMT_\d+\t42\t\d+\t([ACGT])\1$/m);
  });
});
