import { expect } from 'chai';
import { breedMixScenarioText, displayBreedMix, donutSegments, percentRing, type StoredBreedRow } from '../../../server/results/breed-mix-rules.js';

const row = (breedName: string, pct: number, colorIndex: number, isTrace = false): StoredBreedRow => ({ breedId: colorIndex * 10 + (isTrace ? 1 : 0), breedName, slug: breedName.toLowerCase(), pct, colorIndex, isTrace });

describe('breed mix display rules', () => {
  it('keeps the named breeds and shows the percent with one decimal', () => {
    const { breeds, traceBreeds } = displayBreedMix([row('Beagle', 60, 1), row('Boxer', 40, 2)]);
    expect(breeds.map((b) => [b.breedName, b.displayBreedPercent, b.colorIndex])).to.deep.equal([
      ['Beagle', '60.0%', 1],
      ['Boxer', '40.0%', 2],
    ]);
    expect(traceBreeds).to.deep.equal([]);
  });

  it('sums trace breeds into Supermutt with colour 9: what the named breeds leave of 100', () => {
    const { breeds, traceBreeds } = displayBreedMix([row('Beagle', 55.3, 1), row('Boxer', 36.2, 2), row('Pug', 4.3, 9, true), row('Akita', 4.1, 9, true)]);
    expect(breeds.at(-1)).to.deep.include({ breedName: 'Supermutt', breedPct: 8.5, displayBreedPercent: '8.5%', colorIndex: 9, breedId: null });
    expect(traceBreeds.map((t) => t.breedName)).to.deep.equal(['Pug', 'Akita']);
  });

  it('draws one donut segment per breed that together go round the circle once', () => {
    const segments = donutSegments(displayBreedMix([row('Beagle', 75, 1), row('Boxer', 25, 2)]).breeds, 50);
    const circumference = 2 * Math.PI * 50;
    expect(segments).to.have.length(2);
    expect(Number(segments[0].dashArray.split(' ')[0])).to.be.closeTo(circumference * 0.75, 0.01);
    expect(Number(segments[1].dashOffset)).to.be.closeTo(-circumference * 0.75, 0.01);
  });

  it('fills a percent ring by the percent detected, capped at a full ring', () => {
    expect(Number(percentRing(50, 10).dashArray.split(' ')[0])).to.be.closeTo(Math.PI * 10, 0.01);
    expect(Number(percentRing(140, 10).dashArray.split(' ')[0])).to.be.closeTo(2 * Math.PI * 10, 0.01);
  });

  it('explains every stored scenario', () => {
    expect(breedMixScenarioText('purebred')).to.include('at least 90%');
    expect(breedMixScenarioText('super_mutt')).to.include('under 5%');
    for (const scenario of ['designer', 'first_cross', 'mixed', 'village']) expect(breedMixScenarioText(scenario)).to.be.a('string').and.not.equal('');
  });
});
