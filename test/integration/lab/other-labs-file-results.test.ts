// Issue 17: a dog whose results come from another lab's DNA file (a real array export) is told why
// its weight, wolfiness and life stage will not come, on the results pages and in the vet report.
import { expect } from 'chai';
import { ingestGenotypeFile } from '../../../server/lab/ingest.js';
import { findPet } from '../../../server/pets/queries.js';
import { loadGeneticStatsProps } from '../../../server/results/genetic-stats.js';
import { resultsStatus } from '../../../server/results/status.js';
import { loadVetReport } from '../../../server/vets/report-data.js';
import { renderVetReportPdf } from '../../../server/vets/report-pdf.js';
import { resetDatabase, testDb } from '../../support/database.js';
import { createUser } from '../../support/factories.js';
import { dogAwaitingResults, genotypeFile, testLab, testWorld } from '../../support/lab.js';
import { REAL_EXPORTS, readExport, realDataPresent } from '../../support/realdata.js';
import { pdfText } from '../vets/people.js';

describe("results of a dog from another lab's DNA file", function () {
  this.timeout(300_000);
  if (!realDataPresent()) {
    it.skip('needs the real exports (REALDATA_DIR)');
    return;
  }

  it('say why weight, wolfiness and the life stage will not come, where a dog of our lab reads them', async () => {
    const db = await testDb();
    await resetDatabase(db);
    const lab = await testLab(db);
    await createUser(db, { email: 'otherlab@example.test' });
    const duke = REAL_EXPORTS[2];
    const outcome = await ingestGenotypeFile(db, lab, { fileName: 'duke.tped', plink: readExport(duke), swabCode: 'OTHERLABDUKE01' }, { newDog: { ownerEmail: 'otherlab@example.test', dogName: 'Duke' } });
    expect(outcome.status).to.equal('released');
    const petNum = (await db('swabs').where({ swab_code: 'OTHERLABDUKE01' }).first('pet_num')).pet_num;
    await db('pets').where({ pet_num: petNum }).update({ date_of_birth: '2020-05-01' });
    const pet = (await findPet(db, petNum))!;

    expect((await resultsStatus(db, petNum)).fromOtherLabsFile).to.equal(true);
    const notices = async () => (await db('outbox').where({ template: 'results-released' }).select('payload')).map((row) => (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload));
    expect(await notices()).to.deep.include.members([{ petNum, swabCode: 'OTHERLABDUKE01', petName: 'Duke', ownerName: (await notices())[0].ownerName, otherLabFile: true }]);
    const stats = (await loadGeneticStatsProps(db, pet, { isPublic: false }))!;
    expect(stats).to.include({ fromOtherLabsFile: true, predictedWeightLbs: null, wolfiness: null, lifeStage: null });
    expect(stats.display.lifeStage).to.equal('Not available from this DNA file: the life stage needs a predicted adult weight.');
    expect(stats.display.missing.weight.value).to.equal('Not predicted from this DNA file');
    expect(stats.display.missing.wolfiness.value).to.equal('Not measured from this DNA file');

    const pdf = (await pdfText(await renderVetReportPdf(await loadVetReport(db, pet)))).replace(/\s+/g, ' ');
    expect(pdf).to.include('Duke’s results come from a DNA file of another lab’s test.');
    expect(pdf).to.include('Not tested on this sample: none of the');
    expect(pdf).to.not.include('conditions tested');
    expect(pdf).to.include('the DNA file comes from another lab’s test');
    expect(pdf).to.include('Not predicted from this DNA file');
    expect(pdf).to.not.include('unknown (no birth date)');

    // a dog our lab typed: its stats are there, and nothing speaks of another lab
    const { petNum: ours, swabCode } = await dogAwaitingResults(db, { sex: 'f' });
    const world = testWorld();
    await ingestGenotypeFile(db, lab, { fileName: 'ours.tsv', text: genotypeFile(world.simulator.purebred('beagle', 'f'), swabCode) });
    const ourPet = (await findPet(db, ours))!;
    expect((await resultsStatus(db, ours)).fromOtherLabsFile).to.equal(false);
    const ourStats = (await loadGeneticStatsProps(db, ourPet, { isPublic: false }))!;
    expect(ourStats.fromOtherLabsFile).to.equal(false);
    expect(ourStats.predictedWeightLbs).to.be.above(0);
    expect(await pdfText(await renderVetReportPdf(await loadVetReport(db, ourPet)))).to.not.include('another lab');
    const ourNotice = (await notices()).find((payload) => payload.petNum === ours);
    expect(ourNotice).to.include({ swabCode }).and.not.have.property('otherLabFile');
  });
});
