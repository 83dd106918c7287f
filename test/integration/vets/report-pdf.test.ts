// The vet report PDF's words: names in any script, the life stage label, and conditions told apart.
import { expect } from 'chai';
import { testDb } from '../../support/database.js';
import { resetToDemoData } from '../../support/demo.js';
import { findPet } from '../../../server/pets/queries.js';
import { loadVetReport, type ReportCondition, type VetReport } from '../../../server/vets/report-data.js';
import { conditionLabels } from '../../../server/results/health-rules.js';
import { drawableText, renderVetReportPdf } from '../../../server/vets/report-pdf.js';
import request from 'supertest';
import { testApp } from '../../support/app.js';
import { binaryParser, pdfText } from './people.js';

const condition = (overrides: Partial<ReportCondition>): ReportCondition => ({
  name: 'Degenerative Myelopathy',
  label: 'Degenerative Myelopathy',
  variant: null,
  call: 'clear',
  callLabel: 'Clear',
  severity: 'Moderate severity',
  gene: 'SOD1',
  inheritance: 'Autosomal recessive.',
  careMeaning: null,
  description: 'A slowly progressing disease of the spinal cord.',
  isBreedRelevant: false,
  ...overrides,
});

function report(overrides: Partial<VetReport> = {}): VetReport {
  return {
    pet: { name: 'Rex', callName: null, sex: 'm', dateOfBirth: '2020-01-01', dateOfBirthPrecision: 'day', isDateOfBirthEstimated: false, breedType: null },
    owner: { name: 'Pat Owner', email: 'pat@example.org' },
    breedMix: null,
    conditions: [],
    counts: { atRisk: 0, carrier: 0, clear: 0, total: 0 },
    inbreeding: null,
    stats: { lifeStage: null, predictedWeightLbs: null, wolfiness: null, coatColour: null },
    traits: [],
    swab: null,
    fromOtherLabsFile: false,
    paper: 'A4',
    ...overrides,
  };
}

const textOf = async (r: VetReport) => (await pdfText(await renderVetReportPdf(r))).replace(/\s+/g, ' ');

describe('vets: the words of the vet report PDF', function () {
  this.timeout(120_000);

  it('prints Latin Extended, Greek and Cyrillic names as written, CJK it has no glyph for as ?, and leaves emoji out', async () => {
    const text = await textOf(
      report({
        pet: { name: 'Łatka Müller ハチ 🐶', callName: 'Жучка', sex: 'f', dateOfBirth: null, dateOfBirthPrecision: null, isDateOfBirthEstimated: false, breedType: null },
        owner: { name: 'Ζωή Παπαδοπούλου-Şahin', email: 'zoe@example.org' },
      }),
    );
    expect(text).to.include('Embark vet report: Łatka Müller ??');
    expect(text).to.include('Łatka Müller ?? ("Жучка")');
    expect(text).to.include('Owner: Ζωή Παπαδοπούλου-Şahin (zoe@example.org)');
    expect(text).to.not.include('Ø=Ü').and.not.include('🐶').and.not.include('ハ');
  });

  it('replaces only what the font cannot draw', () => {
    const latinOnly = (codePoint: number) => codePoint < 0x3000;
    expect(drawableText('Rex', latinOnly)).to.equal('Rex');
    expect(drawableText('ハチ 🐶 Rex', latinOnly)).to.equal('?? Rex');
    expect(drawableText('Rex 👍🏽 and 🇯🇵!', latinOnly)).to.equal('Rex and !');
    expect(drawableText('a\nb', (codePoint) => codePoint === 0x61 || codePoint === 0x62)).to.equal('a\nb');
  });

  it('separates the clear conditions with semicolons and tells conditions of the same name apart by their variant', async () => {
    const labels = conditionLabels([
      { name: 'Pyruvate Kinase Deficiency', gene: 'PKLR', variant: 'Exon 5, Basenji Variant' },
      { name: 'Trapped Neutrophil Syndrome, TNS', gene: 'VPS13B', variant: 'c.399delT-like deletion' },
      { name: 'Pyruvate Kinase Deficiency', gene: 'PKLR', variant: 'Exon 7, Labrador Retriever Variant' },
    ]);
    expect(labels).to.deep.equal([
      'Pyruvate Kinase Deficiency (Exon 5, Basenji Variant)',
      'Trapped Neutrophil Syndrome, TNS',
      'Pyruvate Kinase Deficiency (Exon 7, Labrador Retriever Variant)',
    ]);
    const text = await textOf(
      report({
        conditions: [
          condition({ name: 'Pyruvate Kinase Deficiency', label: labels[0], variant: 'Exon 5, Basenji Variant', call: 'carrier', callLabel: 'Carrier', gene: 'PKLR' }),
          condition({ name: 'Trapped Neutrophil Syndrome, TNS', label: labels[1] }),
          condition({ name: 'Pyruvate Kinase Deficiency', label: labels[2] }),
        ],
        counts: { atRisk: 0, carrier: 1, clear: 2, total: 3 },
      }),
    );
    expect(text).to.include('Carrier: Pyruvate Kinase Deficiency (Exon 5, Basenji Variant)');
    expect(text).to.include('Gene PKLR, variant Exon 5, Basenji Variant.');
    expect(text).to.include('Clear (2): Trapped Neutrophil Syndrome, TNS; Pyruvate Kinase Deficiency (Exon 7, Labrador Retriever Variant).');
    // variants worded alike, on different genes (issue 35 §5)
    expect(conditionLabels([
      { name: 'Copper Toxicosis (Attenuating)', gene: 'ATP7A', variant: 'Labrador Retriever' },
      { name: 'Copper Toxicosis (Attenuating)', gene: 'RETN', variant: 'Labrador Retriever' },
    ])).to.deep.equal(['Copper Toxicosis (Attenuating) (ATP7A, Labrador Retriever)', 'Copper Toxicosis (Attenuating) (RETN, Labrador Retriever)']);
  });

  it("words a demo dog's life stage as the genetic stats page does and labels both Pyruvate Kinase Deficiency variants", async () => {
    await resetToDemoData();
    const db = await testDb();
    const [{ pet_num: petNum }] = await db('pets').insert({ name: 'Stage Dog', handle: 'stage-dog-report', date_of_birth: '2019-01-15' }).returning('pet_num');
    await db('genetic_stats').insert({ pet_num: petNum, predicted_weight_lbs: 45 });
    // a tested dog has trait results, and with them genetic stats
    await db('trait_results').insert({ pet_num: petNum, trait_locus_id: (await db('trait_loci').orderBy('id').first('id')).id, call: 'no_call', is_tested: false });
    const conditions = await db('health_conditions').whereIn('slug', ['pk-deficiency-basenji', 'pk-deficiency-labrador']).select('id');
    expect(conditions).to.have.length(2);
    for (const { id } of conditions) await db('health_results').insert({ pet_num: petNum, health_condition_id: id, call: 'clear', result_text: 'Clear', is_breed_relevant: false });
    const loaded = await loadVetReport(db, (await findPet(db, petNum))!);
    expect(loaded.stats.lifeStage).to.equal('Mature Adult');
    const text = await textOf(loaded);
    expect(text).to.include('Life stage: Mature Adult').and.not.include('MatureAdult');
    expect(text).to.include('Pyruvate Kinase Deficiency (Exon 5, Basenji Variant)').and.include('Pyruvate Kinase Deficiency (Exon 7, Labrador Retriever Variant)');
  });

  it("prints the birthday as the owner gave it: the year alone, or the day, marked '(estimated)' (issue 36 \u00a76)", async () => {
    await resetToDemoData();
    const db = await testDb();
    const app = await testApp();
    const [{ pet_num: petNum, hash_pet_id: hashPetId }] = await db('pets')
      .insert({ name: 'Year Dog', handle: 'year-dog-report', date_of_birth: '2022-01-01', date_of_birth_precision: 'year', is_date_of_birth_estimated: true })
      .returning(['pet_num', 'hash_pet_id']);
    const reportText = async () => (await pdfText((await request(app).get(`/members/reports/print-vet-report-pdf/${hashPetId}`).buffer(true).parse(binaryParser as never).expect(200)).body)).replace(/\s+/g, ' ');
    const yearOnly = await reportText();
    expect(yearOnly).to.include('born in 2022 (estimated)').and.not.include('January 1, 2022');
    await db('pets').where({ pet_num: petNum }).update({ date_of_birth: '2022-03-04', date_of_birth_precision: 'day' });
    expect(await reportText()).to.include('born on March 4, 2022 (estimated)');
  });
});
