import { expect } from 'chai';
import { hasReached, isHowHeardOption, kitCodeOrNull, kitKindOf, normaliseKitCode, stepAfter } from '../../../server/activation/rules.js';
import { labTimeline } from '../../../server/results/status.js';

describe('kit activation rules', () => {
  it('normalises codes: upper case, no spaces, no dashes of any kind', () => {
    expect(normaliseKitCode(' em-demo 0001 ')).to.equal('EMDEMO0001');
    expect(normaliseKitCode('em\u2013demo\u20140001\t')).to.equal('EMDEMO0001');
  });

  it('accepts box keys (EM…) and swab codes of at least 12 characters, nothing else', () => {
    expect(kitCodeOrNull('EM-1')).to.equal('EM1');
    expect(kitCodeOrNull('demo-newbie-0001')).to.equal('DEMONEWBIE0001');
    for (const bad of ['EM-', 'ABCDEFGHIJK', "EM-1' OR '1'='1", '<script>', 'EM_1', 'É'.repeat(12), 'EM'.padEnd(33, '1'), 'EM-1'.repeat(20), 42, null, undefined]) {
      expect(kitCodeOrNull(bad), String(bad)).to.equal(null);
    }
  });

  it('tells DNA, age and microbiome kits apart by product', () => {
    expect(['BreedAndAncestry', 'Vet', 'Age', 'Microbiome'].map(kitKindOf)).to.deep.equal(['dna', 'dna', 'age', 'microbiome']);
  });

  it('moves to the next step, and answering an earlier step again keeps the later ones', () => {
    expect(stepAfter('selectDog', 'selectDog')).to.equal('howDidYouHear');
    expect(stepAfter('activate', 'selectDog')).to.equal('activate');
    expect(stepAfter('contributeToResearch', 'contributeToResearch')).to.equal('activate');
    expect(hasReached('howDidYouHear', 'contributeToResearch')).to.equal(false);
    expect(hasReached('activate', 'howDidYouHear')).to.equal(true);
  });

  it('takes how-did-you-hear answers from its list only', () => {
    expect(isHowHeardOption('Veterinarian')).to.equal(true);
    expect(isHowHeardOption('veterinarian')).to.equal(false);
    expect(isHowHeardOption(['Veterinarian'])).to.equal(false);
  });
});

describe('the lab timeline', () => {
  const base = { swab_state: 'activated', activated_at: new Date('2026-01-01'), received_at: null, sample_state: null, sample_received_at: null, genotyped_at: null, released_at: null };
  const done = (steps: ReturnType<typeof labTimeline>) => steps.filter((step) => step.done).map((step) => step.label);

  it('has only Activated done for a swab still with the owner', () => {
    expect(done(labTimeline(base))).to.deep.equal(['Activated']);
  });

  it('follows the sample: received, extracted, genotyped (a sample under review too), released', () => {
    expect(done(labTimeline({ ...base, swab_state: 'received', sample_state: 'received', sample_received_at: new Date() }))).to.deep.equal(['Activated', 'Received']);
    expect(done(labTimeline({ ...base, swab_state: 'processing', sample_state: 'extracted', sample_received_at: new Date() }))).to.deep.equal(['Activated', 'Received', 'Extracted']);
    expect(done(labTimeline({ ...base, swab_state: 'processing', sample_state: 'lab_review', sample_received_at: new Date(), genotyped_at: new Date() }))).to.deep.equal(['Activated', 'Received', 'Extracted', 'Genotyped']);
    expect(done(labTimeline({ ...base, swab_state: 'released', sample_state: 'released', sample_received_at: new Date(), genotyped_at: new Date(), released_at: new Date() }))).to.have.length(5);
  });
});
