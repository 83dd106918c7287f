// The shared-segment kinship the relatives search stores (and the pair predictor and the matchmaker
// show), pinned to the last bit for a few pairs: the search is tuned for speed, and its results must not move.
import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { sharedDna } from '../../../server/genetics/compute/shared-segments.js';
import { fixture } from '../genetics/fixture.js';
import { pinnedPairs } from './kinship-pairs.js';

/** label → [kinship, segments, compared markers, first 16 hex digits of the sha-256 of the whole result as JSON] */
const PINNED: Record<string, [number, number, number, string]> = {
  'full siblings': [0.13386942168191382, 38, 7576, '148af43985ea3052'],
  'half siblings': [0.001158645282023158, 1, 7576, '2481c354ec9ab998'],
  'parent and pup': [0.2503835549736327, 38, 7576, '7322f850fa338f53'],
  'unrelated labradors': [0.0019229144081551524, 2, 7576, '0671dac1bcfeeb4e'],
  'labrador and beagle': [0, 0, 7576, '69f60440b715fb4c'],
  'cross-breed pup and its dam': [0.25, 38, 7576, '5ba9485fdbd9bffc'],
  'full siblings with no-calls': [0.13044225493690137, 39, 7228, '2cfccdeec32c408d'],
};

describe('shared segments: pinned results', () => {
  const { panel } = fixture();
  const pairs = pinnedPairs();

  it('covers every pinned pair', () => {
    expect(pairs.map((pair) => pair.label)).to.deep.equal(Object.keys(PINNED));
  });

  for (const label of Object.keys(PINNED)) {
    it(`gives ${label} the same segments and kinship`, () => {
      const { a, b } = pairs.find((pair) => pair.label === label)!;
      const [kinship, segments, compared, digest] = PINNED[label];
      const shared = sharedDna(panel, a.calls, b.calls, a.background, b.background);
      expect(shared.kinship).to.equal(kinship);
      expect(shared.segments).to.have.length(segments);
      expect(shared.comparedMarkers).to.equal(compared);
      expect(createHash('sha256').update(JSON.stringify(shared)).digest('hex').slice(0, 16)).to.equal(digest);
    });
  }

  it('gives the same result when the same dogs are compared again and after other pairs (no state left behind)', () => {
    const { a, b } = pairs[0];
    const before = sharedDna(panel, a.calls, b.calls, a.background, b.background);
    for (const pair of pairs) sharedDna(panel, pair.a.calls, pair.b.calls, pair.a.background, pair.b.background);
    expect(sharedDna(panel, a.calls, b.calls, a.background, b.background)).to.deep.equal(before);
  });
});
