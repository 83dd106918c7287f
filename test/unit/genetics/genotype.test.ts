import { expect } from 'chai';
import { NO_CALL, genotypeAt, genotypeFromBase64, genotypeToBase64, packGenotype, remapCalls, setGenotypeAt, unpackGenotype } from '../../../server/genetics/genotype.js';
import { buildSimulatedPanel, createMarkerPanel, intersectPanels } from '../../../server/genetics/panel.js';

describe('genotype storage and panels', () => {
  it('packs 2 bits a marker and round-trips through base64', () => {
    const calls = Uint8Array.from({ length: 1003 }, (_, i) => (i * 7) % 4);
    const packed = packGenotype(calls);
    expect(packed.length).to.equal(251);
    expect(unpackGenotype(packed, calls.length)).to.deep.equal(calls);
    expect(unpackGenotype(genotypeFromBase64(genotypeToBase64(packed)), calls.length)).to.deep.equal(calls);
    expect(genotypeAt(packed, 5)).to.equal(calls[5]);
    setGenotypeAt(packed, 5, NO_CALL);
    expect(genotypeAt(packed, 5)).to.equal(NO_CALL);
    expect(genotypeAt(packed, 4)).to.equal(calls[4]);
  });

  it('refuses values that are not genotypes', () => {
    expect(() => packGenotype([0, 4])).to.throw('Invalid genotype');
  });

  it('places simulated markers on CanFam3.1 chromosomes with chrN_position ids and the named variants', () => {
    const panel = buildSimulatedPanel({ snpCount: 2000 });
    expect(panel.ranges.map((r) => r.chromosome)).to.include.members([1, 38, 39]);
    const snp = panel.markers.find((m) => m.kind === 'snp')!;
    expect(snp.id).to.equal(`chr${snp.chromosome}_${snp.position}`);
    expect(panel.indexById.has('degenerative-myelopathy')).to.equal(true);
    expect(panel.indexById.has('E_e')).to.equal(true);
    expect(buildSimulatedPanel({ snpCount: 2000 }).markers).to.deep.equal(panel.markers);
  });

  it('compares two arrays on the markers they share, by chromosome and position', () => {
    const a = createMarkerPanel([
      { id: 'chr1_100', chromosome: 1, position: 100, ref: 'A', alt: 'G', kind: 'snp' },
      { id: 'chr1_200', chromosome: 1, position: 200, ref: 'C', alt: 'T', kind: 'snp' },
      { id: 'chr2_50', chromosome: 2, position: 50, ref: 'A', alt: 'C', kind: 'snp' },
    ]);
    const b = createMarkerPanel([
      { id: 'BICF2G630100', chromosome: 1, position: 200, ref: 'T', alt: 'C', kind: 'snp' },
      { id: 'TIGRP2P50', chromosome: 2, position: 50, ref: 'A', alt: 'C', kind: 'snp' },
      { id: 'chr3_1', chromosome: 3, position: 1, ref: 'A', alt: 'C', kind: 'snp' },
    ]);
    const shared = intersectPanels(a, b);
    expect(Array.from(shared.indexA)).to.deep.equal([1, 2]);
    expect(Array.from(shared.flipped)).to.deep.equal([1, 0]);
    expect(Array.from(remapCalls(b, Uint8Array.from([0, 1, 2]), a))).to.deep.equal([NO_CALL, 2, 1]);
  });
});
