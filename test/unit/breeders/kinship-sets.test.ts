import { expect } from 'chai';
import { decodeKinships, encodeKinships } from '../../../server/breeders/kinship-sets.js';
import type { ParentsKinship } from '../../../server/breeders/pair-kinship.js';

describe('stored offspring kinship sets', () => {
  const results: [number, ParentsKinship][] = [
    [7, { kinship: 0.123456789012345, method: 'shared segments' }],
    [4_000_000_000, { kinship: 0.02, method: 'KING-robust kinship' }],
    [9, { kinship: null, method: 'not tested' }],
  ];

  it('reads back every result exactly, a missing kinship as null', () => {
    const decoded = decodeKinships(encodeKinships(results));
    expect([...decoded]).to.deep.equal(results);
  });

  it('lets a later record of the same genotype win, and ignores a torn tail', () => {
    const first = encodeKinships([[7, { kinship: 0.1, method: 'shared segments' }]]);
    const later = encodeKinships([[7, { kinship: 0.2, method: 'shared segments' }]]);
    const torn = Buffer.concat([first, later, later.subarray(0, 5)]);
    expect(decodeKinships(torn).get(7)).to.deep.equal({ kinship: 0.2, method: 'shared segments' });
    expect(decodeKinships(torn).size).to.equal(1);
  });

  it('leaves out ids it cannot pack', () => {
    expect(encodeKinships([[-1, results[0][1]], [2 ** 32, results[0][1]], [1.5, results[0][1]]]).length).to.equal(0);
  });
});
