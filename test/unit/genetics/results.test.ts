import { expect } from 'chai';
import { HEALTH_CONDITIONS } from '../../../server/genetics/catalogue/health-conditions.js';
import { TRAIT_LOCI } from '../../../server/genetics/catalogue/traits.js';
import { computeResults, relatednessBackground } from '../../../server/genetics/compute/results.js';
import { sharedDna } from '../../../server/genetics/compute/shared-segments.js';
import { NO_CALL } from '../../../server/genetics/genotype.js';
import { callsOf } from '../../../server/genetics/simulate/dog.js';
import { allBreedsReference, fixture } from './fixture.js';

describe('computeResults: everything stored for a dog', function () {
  this.timeout(60_000);

  it('computes breed mix, health, traits, colour, weight, wolfiness, COI and sex for a purebred', () => {
    const { simulator } = fixture();
    const reference = allBreedsReference();
    const dog = simulator.purebred('golden-retriever', 'f');
    const r = computeResults({ reference, calls: callsOf(dog), statedSex: 'f' });
    expect(r.breedMix!.breedMixScenario).to.equal('purebred');
    expect(r.breedMix!.breedMix[0]).to.include({ breedSlug: 'golden-retriever', colorIndex: 1 });
    expect(r.health).to.have.length(HEALTH_CONDITIONS.length);
    expect(r.health.every((h) => typeof h.resultText === 'string' && typeof h.isBreedRelevant === 'boolean')).to.equal(true);
    expect(r.traits).to.have.length(TRAIT_LOCI.length);
    expect(r.coatColour!.pattern).to.equal('Red/Yellow');
    expect(r.adultWeightLbs).to.be.within(45, 90);
    expect(r.wolfinessPercent).to.be.below(10);
    expect(r.coi).to.be.within(0, 0.5);
    expect(r).to.include({ inferredSex: 'f', sexMismatch: false });
    expect(r.notTested).to.deep.equal([]);
    expect(computeResults({ reference, calls: callsOf(dog), statedSex: 'm' }).sexMismatch).to.equal(true);
  });

  it('reuses stored breed shares, and shared DNA is recomputable from calls and shares', () => {
    const { simulator, panel } = fixture();
    const reference = allBreedsReference();
    const [sire, dam] = simulator.breedingPair('boxer');
    const pup = simulator.mate(sire, dam);
    const stored = computeResults({ reference, calls: callsOf(sire), statedSex: 'm' });
    const again = computeResults({ reference, calls: callsOf(sire), statedSex: 'm', breedShares: stored.breedShares });
    expect(again.breedMix).to.deep.equal(stored.breedMix);
    const pupShares = computeResults({ reference, calls: callsOf(pup), statedSex: null }).breedShares;
    const shared = sharedDna(panel, callsOf(sire), callsOf(pup), relatednessBackground(reference, stored.breedShares), relatednessBackground(reference, pupShares));
    expect(shared.sharedFraction).to.be.closeTo(0.5, 0.06);
  });

  it('says "not tested on this sample" where the sample lacks the markers', () => {
    const { simulator, panel } = fixture();
    const calls = callsOf(simulator.purebred('beagle'));
    for (let j = 0; j < calls.length; j++) if (panel.markers[j].kind === 'snp' || panel.markers[j].variantOf === 'E') calls[j] = NO_CALL;
    const r = computeResults({ reference: allBreedsReference(), calls, statedSex: 'm' });
    expect(r.breedMix).to.equal(null);
    expect(r.notTested).to.include.members(['breedMix', 'coatColour', 'adultWeight', 'coi', 'sex']);
    expect(r.sexMismatch).to.equal(false);
  });
});
